/// Why the sync engine could not do what was asked.
public enum SyncError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Another file is attached as `sqlitedata_icloud` on the database's connections.
  case metadatabaseMismatch(attached: String, expected: String)
  /// The engine is not running: start it first.
  case notRunning
  /// The server signs this device in as another account while changes of the previous one wait
  /// to be sent: neither sent to the new account nor dropped.
  case unsentChanges(count: Int, previousUser: String, currentUser: String)

  public var description: String {
    switch self {
    case .metadatabaseMismatch(let attached, let expected):
      "The connection has '\(attached)' attached as sqlitedata_icloud, but this SyncEngine keeps its metadata in '\(expected)'. Attach the metadatabase with the same containerIdentifier as the SyncEngine."
    case .notRunning:
      "The sync engine is stopped. Call start() first."
    case .unsentChanges(let count, let previousUser, let currentUser):
      previousUser == currentUser
        ? "\(count == 1 ? "1 change" : "\(count) changes") on this device \(count == 1 ? "was" : "were") not sent to the server it synced with before, and it now syncs with another. Sign in to the previous server again to send \(count == 1 ? "it" : "them"), or delete this device's synced data to sync with the new one."
        : "\(count == 1 ? "1 change" : "\(count) changes") on this device \(count == 1 ? "was" : "were") not sent to \(previousUser)'s account, and the server now signs this device in as \(currentUser). Sign in as \(previousUser) again to send \(count == 1 ? "it" : "them"), or delete this device's synced data to sync as \(currentUser)."
    }
  }
}
