import Foundation
import SQLiteData

/// Sharing a list, with all its reminders, as both the command line and the full-screen app do
/// it: the rules of which request comes first live here once.
public struct ListSharing: Sendable {
  public let engine: SyncEngine

  public init(engine: SyncEngine) {
    self.engine = engine
  }

  /// The list's share and whether the user owns it, as the server has it now; nil when the list
  /// is not shared.
  public func state(of list: RemindersList) async throws -> (share: CKShare, isOwner: Bool)? {
    // The copy kept here follows the server's first (shared, or changed, on another device).
    _ = try await engine.shares()
    guard let share = try await engine.shareOfRecord(list) else { return nil }
    return (share, try await engine.isOwner(of: share))
  }

  /// Shares the list (once; again returns the same share), titled as the list. The list is sent
  /// first: only a list on the server can be shared.
  public func share(_ list: RemindersList) async throws -> CKShare {
    try await engine.sendChanges()
    return try await engine.share(record: list) { $0[CKShare.SystemFieldKey.title] = list.title }.share
  }

  /// Shares the list with a user of the server, or changes their permission.
  public func add(_ user: String, permission: CKShare.Permission, to list: RemindersList) async throws
    -> CKShare
  {
    try await engine.addParticipant(user, permission: permission, to: share(list))
  }

  /// An invitation token to the list: whoever holds it joins once, within a week.
  public func invite(to list: RemindersList, permission: CKShare.Permission) async throws -> String {
    try await engine.createInvitation(to: share(list), permission: permission)
  }

  /// What `unshare` did.
  public enum Unshared: Sendable, Equatable {
    /// The owner took one person out.
    case removed(String)
    /// The owner stopped sharing; the others lost the list.
    case stopped
    /// A participant left; the list left this device, and its owner keeps it.
    case left(owner: String)

    /// What happened to `list`, as both front ends say it: `Left “Family”; alice keeps it`.
    public func message(list title: String) -> String {
      switch self {
      case .removed(let user): "\(user) no longer shares “\(title)”"
      case .stopped: "Stopped sharing “\(title)”; you keep it"
      case .left(let owner): "Left “\(title)”; \(owner) keeps it"
      }
    }
  }

  /// For the list's owner: stops sharing it, or takes only `user` out. For a participant: sends
  /// what waits to be sent, then leaves the list (a participant cannot take others out).
  public func unshare(_ list: RemindersList, user: String? = nil) async throws -> Unshared {
    guard let (share, isOwner) = try await state(of: list) else { throw Refusal.notShared(list.title) }
    if isOwner {
      if let user {
        // A name that takes no part (a typo) is refused, rather than reported as taken out while
        // the person meant keeps the list.
        guard share.participant(named: user) != nil else {
          throw Refusal.notParticipant(user, list.title, participants: share.participants.map(\.userName))
        }
        try await engine.removeParticipant(user, from: share)
        return .removed(user)
      }
      try await engine.unshare(share: share)
      return .stopped
    }
    guard user == nil else { throw Refusal.notOwner(list.title) }
    // What this user did in the list and has not sent yet reaches its owner before the list leaves
    // this device: afterwards nobody could send it.
    try await engine.sendChanges()
    try await engine.leaveShare(share)
    return .left(owner: share.ownerName)
  }

  // MARK: Joining

  /// The lists shared with the user by name that they have not joined yet, as the server has
  /// them now.
  public func invitations() async throws -> [CKShare] {
    let me = try await engine.currentUserName()
    return try await engine.shares().compactMap { share in
      guard share.ownerName != me, let mine = share.participant(named: me), !mine.isAccepted else {
        return nil
      }
      // Not joined yet, the user has no permission of their own: say the one they will have.
      var offered = share
      offered.currentUserPermission = mine.permission
      return offered
    }
  }

  /// What joins a list from what the user was given: a share's id (they were added by name) or
  /// an invitation token (handed over).
  public static func invitation(_ reference: String) -> CKShare.Metadata {
    let text = reference.trimmingCharacters(in: .whitespacesAndNewlines)
    return UUID(uuidString: text) != nil
      ? CKShare.Metadata(shareID: text.lowercased()) : CKShare.Metadata(invitationToken: text)
  }

  /// Joins a list shared with the user, and fetches it.
  public func join(_ invitation: CKShare.Metadata) async throws -> CKShare {
    try await engine.acceptShare(metadata: invitation)
  }

  /// “Family, shared by alice (read-write)”: how both front ends name a share joined or offered.
  public static func describe(_ share: CKShare) -> String {
    let title = share[CKShare.SystemFieldKey.title] ?? "a list"
    return "\(title), shared by \(share.ownerName) (\(describe(share.currentUserPermission)))"
  }

  /// “read-write”, “read-only”, “no access”: a permission in both front ends' words.
  public static func describe(_ permission: CKShare.Permission) -> String {
    switch permission {
    case .readWrite: "read-write"
    case .readOnly: "read-only"
    case .none: "no access"
    }
  }

  /// A request that makes no sense for the list as it is.
  public enum Refusal: Error, Equatable, CustomStringConvertible {
    case notShared(String)
    case notOwner(String)
    /// The user takes no part in the list; `participants` are those who do.
    case notParticipant(String, String, participants: [String])

    public var description: String {
      switch self {
      case .notShared(let title): "\(title) is not shared"
      case .notOwner(let title): "only the owner of \(title) can take people out of it"
      case .notParticipant(let user, let title, let participants):
        "\(user) does not take part in \(title); "
          + (participants.isEmpty
            ? "nobody does" : "its participants are " + participants.joined(separator: ", "))
      }
    }
  }
}
