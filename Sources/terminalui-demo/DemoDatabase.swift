import Foundation
import SQLiteData

/// The demo's database: a file, so that another process (the `sqlite3` shell) can write to it
/// and the list follows.
enum DemoDatabase {
  /// The file used when no `--db` is given; removed when the demo ends.
  static let temporaryPath = FileManager.default.temporaryDirectory
    .appendingPathComponent("terminalui-demo-\(getpid()).sqlite").path

  /// Removes the temporary database and its WAL files.
  static func removeTemporaryFiles() {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: temporaryPath + suffix) }
  }

  /// Opens (creating and migrating) the database at `path`, or a fresh one in the temporary folder.
  static func open(path: String?) throws -> any DatabaseWriter {
    let file = path ?? temporaryPath
    let database = try DatabasePool(path: file)
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create counters") { db in
      try #sql(
        """
        CREATE TABLE "counters" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "name" TEXT NOT NULL DEFAULT '',
          "count" INTEGER NOT NULL DEFAULT 0,
          "color" TEXT
        ) STRICT
        """
      )
      .execute(db)
      try db.seed {
        Counter(id: 1, name: "Coffee", count: 3, color: "#c08040")
        Counter(id: 2, name: "Commits", count: 12, color: "#4a99ef")
        Counter(id: 3, name: "日本語のメモ", count: 1)
        Counter(id: 4, name: "Emoji 😀 and flags 🇫🇷", count: 0, color: "#e04040")
      }
    }
    try migrator.migrate(database)
    return database
  }
}
