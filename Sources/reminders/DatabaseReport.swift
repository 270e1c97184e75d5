import Foundation
import SQLiteData

/// What a database file holds: its tables with their row counts, and its applied migrations.
struct DatabaseReport {
  struct Table {
    let name: String
    let rowCount: Int
  }

  let path: String
  let wasCreated: Bool
  let sqliteVersion: String
  let journalMode: String
  let tables: [Table]
  let migrations: [String]

  init(reader: some DatabaseReader, wasCreated: Bool) throws {
    path = reader.path
    self.wasCreated = wasCreated
    (sqliteVersion, journalMode, tables, migrations) = try reader.read { db in
      let version = try String.fetchOne(db, sql: "SELECT sqlite_version()") ?? "?"
      let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "?"
      let names = try String.fetchAll(
        db,
        sql: """
          SELECT name FROM sqlite_master
          WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations'
          ORDER BY name
          """)
      let tables = try names.map { name in
        let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        return Table(name: name, rowCount: try Int.fetchOne(db, sql: "SELECT count(*) FROM \(quoted)") ?? 0)
      }
      let migrations =
        try db.tableExists("grdb_migrations")
        ? try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") : []
      return (version, mode, tables, migrations)
    }
  }

  var text: String {
    var lines = ["Database: \(path)\(wasCreated ? " (new, created now)" : "")"]
    lines.append("SQLite \(sqliteVersion), journal mode \(journalMode)")
    if tables.isEmpty {
      lines.append("It holds no tables yet.")
    } else {
      lines.append("Tables:")
      let width = tables.map(\.name.count).max() ?? 0
      for table in tables {
        let rows = "\(table.rowCount) row\(table.rowCount == 1 ? "" : "s")"
        lines.append("  " + table.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + rows)
      }
    }
    lines.append(
      migrations.isEmpty
        ? "Migrations applied: none" : "Migrations applied: " + migrations.joined(separator: ", "))
    return lines.joined(separator: "\n")
  }
}
