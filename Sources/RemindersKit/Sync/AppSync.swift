import Foundation
import SQLiteData

/// Sync for the app: which tables follow the user from device to device, and when a database
/// gets a sync engine.
///
/// A database syncs once an account is configured (`SQLITEDATA_SYNC_URL`), and keeps capturing
/// its changes from then on, in every process of the app, also while no account is configured:
/// so that a change made by a command line run without the account is still sent later.
public enum AppSync {
  /// Lists, their assets, reminders, tags and taggings. Screen settings stay on the device.
  public static let tables: [any Table.Type] = [
    RemindersList.self, RemindersListAsset.self, Reminder.self, Tag.self, ReminderTag.self,
  ]

  /// Whether the connections of the database at `path` attach the metadatabase: it syncs now
  /// (`cloudDatabase`), or synced before (its lists' sharing and changes waiting are read there).
  public static func attachesMetadatabase(path: String, cloudDatabase: (any CloudDatabase)?) -> Bool {
    cloudDatabase != nil || hasSynced(path: path)
  }

  /// The engine for an app database, or nil when it has never synced and no account is set.
  public static func engine(
    for database: any DatabaseWriter, startImmediately: Bool,
    cloudDatabase: (any CloudDatabase)? = SyncAccount.configured()
  ) throws -> SyncEngine? {
    guard cloudDatabase != nil || hasSynced(database) else { return nil }
    guard !database.configuration.readonly else { return nil }
    return try SyncEngine(
      for: database, tables: tables, cloudDatabase: cloudDatabase, startImmediately: startImmediately)
  }

  /// Whether the database has a metadatabase beside it: it synced before.
  public static func hasSynced(_ database: any DatabaseWriter) -> Bool {
    hasSynced(path: database.path)
  }

  /// Whether the database file at `path` has a metadatabase beside it.
  public static func hasSynced(path: String) -> Bool {
    guard let metadatabase = SyncEngine.metadatabasePath(forDatabaseAt: path) else { return false }
    return FileManager.default.fileExists(atPath: metadatabase)
  }
}
