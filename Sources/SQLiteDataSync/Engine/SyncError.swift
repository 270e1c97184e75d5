/// Why the sync engine could not do what was asked.
public enum SyncError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Another file is attached as `sqlitedata_icloud` on the database's connections.
  case metadatabaseMismatch(attached: String, expected: String)
  /// The engine is not running: start it first.
  case notRunning

  public var description: String {
    switch self {
    case .metadatabaseMismatch(let attached, let expected):
      "The connection has '\(attached)' attached as sqlitedata_icloud, but this SyncEngine keeps its metadata in '\(expected)'. Attach the metadatabase with the same containerIdentifier as the SyncEngine."
    case .notRunning:
      "The sync engine is stopped. Call start() first."
    }
  }
}
