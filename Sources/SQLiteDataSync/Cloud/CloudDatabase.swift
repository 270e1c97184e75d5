import Foundation

/// The server side of sync, as the engine sees it: a CloudKit-shaped record store. Two back ends
/// implement it with the same semantics: ``PostgresCloudDatabase`` (a PostgreSQL server) and
/// ``InMemoryCloudDatabase`` (for tests, previews and demos).
///
/// Every call is one request. Failures the engine should retry later (no network, server down)
/// are thrown as ``CloudError/unavailable(_:)``; per-record outcomes come back as statuses.
public protocol CloudDatabase: Sendable {
  /// Who the credentials belong to. Throws ``CloudError/notAuthenticated(_:)`` when the server
  /// refuses them.
  func account() async throws -> CloudAccount

  /// A number that changes when the credentials may belong to someone else (the user logged in
  /// again, or out): the engine then asks ``account()`` again before its next request. Requests
  /// keep the credentials of the last time it was read.
  var credentialsGeneration: Int { get }

  /// Applies saves (in order, parents first) then deletes (children first), each zone all or
  /// nothing, and returns one result per operation in that order. A repeated `batchID` returns
  /// the first call's results without applying anything again.
  func modifyRecords(batchID: UUID, saves: [RecordSave], deletes: [RecordDelete]) async throws
    -> [RecordResult]

  /// The zones the user can read, with their versions.
  func fetchDatabaseChanges(since token: Int64) async throws -> CloudDatabaseChanges

  /// The records of a zone written after version `since`, oldest first, about `limit` at a time.
  func fetchZoneChanges(_ zone: ZoneID, since version: Int64, limit: Int) async throws -> ZoneChanges

  /// The current records (tombstones included) of the ids that exist and are readable.
  func fetchRecords(_ ids: [RecordID]) async throws -> [ServerRecord]

  /// A signal each time a zone the user can read changes, for the engine to pull. It carries no
  /// data. Ends when the back end stops delivering (the engine then polls).
  func changeNotifications() -> AsyncStream<Void>

  // MARK: Sharing

  /// Shares a root record of the user's (one on the server, with no parent), or returns its
  /// share when it has one; a `title` replaces the share's.
  func shareRoot(_ root: RecordID, title: String?) async throws -> CKShare

  /// The shares the user owns or was added to, accepted or not, as the user sees them.
  func shares() async throws -> [CKShare]

  /// Adds a user to a share the user owns, or changes their permission (`.readOnly` or
  /// `.readWrite`). They take part once they accept.
  func addParticipant(_ user: String, permission: CKShare.Permission, to shareID: String) async throws
    -> CKShare

  /// A token that lets whoever holds it join the share once, within a week.
  func createInvitation(to shareID: String, permission: CKShare.Permission) async throws -> String

  /// Joins a share by an invitation token, or one the user was added to by name.
  func acceptShare(_ metadata: CKShare.Metadata) async throws -> CKShare

  /// Takes a user out of a share: its owner removing them, or the user leaving.
  func removeParticipant(_ user: String, from shareID: String) async throws

  /// Stops sharing: participants lose the records, the owner keeps them.
  func stopSharing(_ shareID: String) async throws
}

extension CloudDatabase {
  /// Credentials that never change.
  public var credentialsGeneration: Int { 0 }
}

/// Why a request to the server failed as a whole.
public enum CloudError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The server cannot be reached now (network, server down, timeout): try again later; local
  /// writes go on and wait in the outbox.
  case unavailable(String)
  /// The server refused the credentials.
  case notAuthenticated(String)
  /// No account is configured on this device: nothing is sent, local changes wait.
  case noAccount
  /// The server speaks a schema version this client does not know.
  case incompatibleServer(String)
  /// The server failed the request in a way retrying will not fix.
  case serverError(String)

  /// The server refused the login because the account is turned off there (PostgreSQL's
  /// NOLOGIN), whatever the password: only its administrator can help.
  public var isAccountTurnedOff: Bool {
    if case .notAuthenticated(let reason) = self {
      reason.contains("is not permitted to log in")
    } else {
      false
    }
  }

  /// The error in a sentence, what the server said on one line (libpq's messages run over
  /// several, indented with tabs).
  public var description: String {
    switch self {
    case .unavailable:
      "The sync server is unavailable: \(ended(reason)) Changes are kept and sent when it is back."
    case .notAuthenticated where isAccountTurnedOff:
      "The sync server refused the login: \(ended(reason)) The account is turned off on the server; ask its administrator."
    case .notAuthenticated:
      "The sync server refused the credentials: \(ended(reason)) Check the user name and password."
    case .noAccount: "No sync account is configured on this device. Changes are kept and sent once one is."
    case .incompatibleServer: "The sync server is not compatible with this version: \(ended(reason))"
    case .serverError: "The sync server failed the request: \(ended(reason))"
    }
  }

  /// `text` ending as a sentence does: with a full stop, unless it has its own.
  private func ended(_ text: String) -> String {
    text.last.map { ".?!".contains($0) } == true ? text : text + "."
  }

  /// What the server or the network said, on one line.
  public var reason: String {
    let text: String
    switch self {
    case .unavailable(let reason), .notAuthenticated(let reason), .incompatibleServer(let reason),
      .serverError(let reason):
      text = reason
    case .noAccount: text = "no sync account is configured"
    }
    // libpq's lines are sentences without a full stop ("Connection refused", then "Is the
    // server running…?"): joined, each ends as a sentence.
    let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    return lines.enumerated().map { index, line in
      index == lines.count - 1 || line.last.map { ".?!:;,".contains($0) } == true ? line : line + "."
    }
    .joined(separator: " ")
  }

  /// Whether the device is cut off from the server until something changes (the network, the
  /// login), with its changes waiting, rather than refused one request.
  public var keepsChangesWaiting: Bool {
    switch self {
    case .unavailable, .notAuthenticated, .noAccount: true
    case .incompatibleServer, .serverError: false
    }
  }

  /// Whether a later attempt may succeed without anyone changing anything.
  public var isTransient: Bool {
    if case .unavailable = self { return true }
    return false
  }
}
