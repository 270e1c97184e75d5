import Foundation
import SQLiteData

/// What every command shares: the database it works on, opened on first use.
final class CommandContext {
  /// The database file (`--db`, or the default under `$XDG_DATA_HOME`).
  let databasePath: String
  private var opened: DatabasePool?

  init(databasePath: String) { self.databasePath = databasePath }

  /// The database, created with its folder if it does not exist yet.
  func database() throws -> DatabasePool {
    if let opened { return opened }
    try DatabaseLocation.prepareFolder(for: databasePath)
    let database = try DatabasePool(path: databasePath)
    opened = database
    return database
  }
}
