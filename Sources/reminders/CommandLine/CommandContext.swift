import Foundation
import RemindersKit
import SQLiteData

/// What every command shares: the database it works on, opened and migrated on first use.
final class CommandContext {
  /// The database file (`--db`, or the default under `$XDG_DATA_HOME`).
  let databasePath: String
  private var opened: DatabasePool?
  /// Captures the command's changes for sync, when the database syncs (``AppSync``); they are
  /// sent by the app, or by `reminders sync`.
  private(set) var syncEngine: SyncEngine?

  init(databasePath: String) { self.databasePath = databasePath }

  /// The database, which must exist already: commands that read, or change what is there, never
  /// create one, so that a mistyped `--db` path says so instead of starting an empty database.
  func existingDatabase() throws -> DatabasePool {
    if opened == nil, !databasePath.hasPrefix("file:"), !FileManager.default.fileExists(atPath: databasePath)
    {
      throw CommandError.notFound(
        "there is no database at \(databasePath): check the path, or add a reminder "
          + "(reminders add \"…\") or open the app to start one there")
    }
    return try database()
  }

  /// The sync engine of an existing database, when it syncs.
  func syncEngineIfAny() throws -> SyncEngine? {
    _ = try existingDatabase()
    return syncEngine
  }

  /// The database, created with its folder if it does not exist yet.
  func database() throws -> DatabasePool {
    if let opened { return opened }
    do {
      // A command is short-lived: it must not complete reminders a running app is still
      // showing as "completing".
      let cloudDatabase = try SyncLogin.cloudDatabase()
      // As the app: a database that syncs reads its lists' sharing from the metadatabase.
      let database = try AppDatabase.open(
        path: databasePath, completesInterruptedCompletions: false,
        attachesMetadatabase: AppSync.attachesMetadatabase(path: databasePath, cloudDatabase: cloudDatabase))
      syncEngine = try AppSync.engine(
        for: database, startImmediately: false, cloudDatabase: cloudDatabase)
      opened = database
      return database
    } catch {
      throw CommandError.cannotOpen(databasePath, error)
    }
  }
}
