import Foundation
import RemindersKit
import SQLiteData

/// What every command shares: the database it works on, opened and migrated on first use.
final class CommandContext {
  /// The database file (`--db`, or the default under `$XDG_DATA_HOME`).
  let databasePath: String
  private var opened: DatabasePool?

  init(databasePath: String) { self.databasePath = databasePath }

  /// The database, created with its folder if it does not exist yet.
  func database() throws -> DatabasePool {
    if let opened { return opened }
    do {
      // A command is short-lived: it must not complete reminders a running app is still
      // showing as "completing".
      let database = try AppDatabase.open(path: databasePath, completesInterruptedCompletions: false)
      opened = database
      return database
    } catch {
      throw CommandError.cannotOpen(databasePath, error)
    }
  }
}
