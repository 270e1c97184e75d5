import SQLiteQueries

/// A shared record's share, as the seeds' library exposes CloudKit's `CKShare`: who owns the
/// shared root, who takes part, and with which permission. Kept in ``SyncMetadata/share`` of the
/// shared root record; nil for records that are not shared roots.
public struct CKShare: Codable, Hashable, Sendable {
  public enum Permission: String, Codable, Hashable, Sendable {
    case none
    case readOnly
    case readWrite
  }

  public struct Participant: Codable, Hashable, Sendable {
    public var userName: String
    public var permission: Permission
    public var isAccepted: Bool
    public init(userName: String, permission: Permission, isAccepted: Bool) {
      self.userName = userName
      self.permission = permission
      self.isAccepted = isAccepted
    }
  }

  public var shareID: String
  public var ownerName: String
  public var zoneName: String
  public var rootRecordName: String
  public var publicPermission: Permission
  /// What the current user may do with the shared records.
  public var currentUserPermission: Permission
  public var participants: [Participant]
  /// The share's title and other system fields (`share[CKShare.SystemFieldKey.title]`).
  public var systemFields: [String: String]

  public init(
    shareID: String, ownerName: String, zoneName: String, rootRecordName: String,
    publicPermission: Permission = .none, currentUserPermission: Permission = .readWrite,
    participants: [Participant] = [], systemFields: [String: String] = [:]
  ) {
    self.shareID = shareID
    self.ownerName = ownerName
    self.zoneName = zoneName
    self.rootRecordName = rootRecordName
    self.publicPermission = publicPermission
    self.currentUserPermission = currentUserPermission
    self.participants = participants
    self.systemFields = systemFields
  }

  public enum SystemFieldKey {
    public static let title = "title"
  }

  public subscript(key: String) -> String? {
    get { systemFields[key] }
    set { systemFields[key] = newValue }
  }

  /// An invitation to a share, as `acceptShare(metadata:)` takes it: a token its owner handed
  /// over (`reminders share --invite` prints one), or the id of a share the user was added to by
  /// name.
  public struct Metadata: Hashable, Sendable {
    enum Invitation: Hashable, Sendable {
      case token(String)
      case share(String)
    }
    let invitation: Invitation
    public init(invitationToken: String) { invitation = .token(invitationToken) }
    public init(shareID: String) { invitation = .share(shareID) }
  }

  /// The participant of this device's user, when the share is someone else's.
  public func participant(named userName: String) -> Participant? {
    participants.first { $0.userName == userName }
  }

  /// The share stored as JSON text: `@Column(as: CKShare?.SystemFieldsRepresentation.self)`.
  public typealias SystemFieldsRepresentation = _CodableJSONRepresentation<CKShare>
}

/// The owner name of records in this device user's own zones, as CloudKit's constant of the same
/// name: ``SyncMetadata/ownerName`` holds it for the user's own records and the owner's user name
/// for records shared with them, so `$1.ownerName.neq(CKCurrentUserDefaultName)` picks the rows
/// someone else shares.
public let CKCurrentUserDefaultName = "__defaultOwner__"

extension Optional where Wrapped == CKShare {
  public typealias SystemFieldsRepresentation = CKShare.SystemFieldsRepresentation?
}
