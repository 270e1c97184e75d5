import Foundation
import SQLiteEngine
import SQLiteQueries

extension SyncEngine {
  /// The engine as the seeds make it: the server comes from the device's sync account, the
  /// connection string in `SQLITEDATA_SYNC_URL` (for instance
  /// `postgresql://alice@sync.example.com/sync`, its password in `~/.pgpass`). Without one,
  /// changes are captured and wait, as on a device signed out of its cloud account.
  ///
  ///     $0.defaultSyncEngine = try SyncEngine(
  ///       for: $0.defaultDatabase,
  ///       tables: RemindersList.self, Reminder.self, Tag.self
  ///     )
  public convenience init(
    for database: any DatabaseWriter,
    tables: any Table.Type...,
    privateTables: any Table.Type...,
    containerIdentifier: String? = nil,
    startImmediately: Bool = DependencyContext.current == .live,
    delegate: (any SyncEngineDelegate)? = nil
  ) throws {
    try self.init(
      for: database, tables: tables, privateTables: privateTables,
      cloudDatabase: SyncAccount.configured(),
      containerIdentifier: containerIdentifier, startImmediately: startImmediately, delegate: delegate)
  }
}

/// Where a device's sync account is configured.
public enum SyncAccount {
  /// The environment variable holding the server's connection string.
  public static let environmentVariable = "SQLITEDATA_SYNC_URL"

  /// The server of the configured account, or nil when none is configured.
  public static func configured() -> (any CloudDatabase)? {
    guard let url = ProcessInfo.processInfo.environment[environmentVariable], !url.isEmpty else { return nil }
    return PostgresCloudDatabase(connectionString: url)
  }
}
