import Foundation
import SQLiteData

/// SQLite's "automatic undo/redo with triggers", on the writing connection.
///
/// Temporary triggers on every table the app keeps write, for each row inserted, updated or
/// deleted, the SQL that reverses it into `undoLog`, tagged with the step being recorded. Cascades
/// and triggers write through the same tables, so their effects are recorded too; the search
/// index is not recorded, because its own triggers rebuild it from the rows undo restores.
///
/// The state lives in temporary tables, so it belongs to the connection and takes part in its
/// transactions: a step whose action fails is rolled back with it.
enum UndoLog {
  /// The tables whose changes undo reverses. Not the counts that persistent triggers keep per
  /// list and per tag (`LiveCounts`): replaying the reminders' inverses fires those triggers,
  /// which put the counts back by themselves.
  static let trackedTables = [
    RemindersList.tableName, RemindersListAsset.tableName, Reminder.tableName, Tag.tableName,
    ReminderTag.tableName, ScreenSettings.tableName,
  ]

  /// True unless undo or redo is replaying a step: the triggers that fill in positions or make a
  /// default list test it, so that restored rows keep their values.
  static var isNotReplaying: SQLQueryExpression<Bool> {
    SQLQueryExpression(#"NOT (SELECT "isReplaying" FROM "undoState")"#)
  }

  /// Creates the log's tables (the app's triggers read `undoState`). The triggers that fill the
  /// log come with the first step recorded (``createTriggers(_:)``): 18 temporary
  /// triggers cost more than the rest of opening the database, and a session that only reads
  /// needs none.
  static func create(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TEMP TABLE IF NOT EXISTS "undoState" (
          "recordingStep" INTEGER,
          "isReplaying" INTEGER NOT NULL DEFAULT 0
        );
        INSERT INTO "undoState" ("recordingStep", "isReplaying")
        SELECT NULL, 0 WHERE NOT EXISTS (SELECT 1 FROM "undoState");
        CREATE TEMP TABLE IF NOT EXISTS "undoSteps" (
          "id" INTEGER PRIMARY KEY,
          "isRedo" INTEGER NOT NULL,
          "label" TEXT NOT NULL
        );
        CREATE TEMP TABLE IF NOT EXISTS "undoLog" (
          "id" INTEGER PRIMARY KEY,
          "step" INTEGER NOT NULL,
          "sql" TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS temp."undoLog_step" ON "undoLog" ("step");
        """)
  }

  /// What of the log this connection has, in one look at its temporary schema: the tables (made
  /// at open) and the triggers (made with the first step).
  static func installed(_ db: Database) throws -> (tables: Bool, triggers: Bool) {
    let row = try Row.fetchOne(
      db,
      sql: """
        SELECT ifnull(max("name" = 'undoState'), 0), ifnull(max("name" = ?), 0) FROM sqlite_temp_master
        """,
      arguments: ["undo_\(trackedTables[0])_insert"])
    return (try row?.decode(Bool.self, at: 0) ?? false, try row?.decode(Bool.self, at: 1) ?? false)
  }

  /// Creates the triggers that record each change to the tracked tables.
  static func createTriggers(_ db: Database) throws {
    for table in trackedTables {
      let columns = try Row.fetchAll(
        db, sql: "SELECT name, pk FROM pragma_table_info(?) ORDER BY cid", arguments: [table]
      ).map { (name: try $0.decode(String.self, at: 0), key: try $0.decode(Int.self, at: 1)) }
      guard !columns.isEmpty else { continue }
      let keys = columns.filter { $0.key > 0 }.sorted { $0.key < $1.key }.map(\.name)
      try db.execute(sql: triggers(table: table, columns: columns.map(\.name), keys: keys))
    }
  }

  /// The three triggers that record the inverse of each change to `table`. The inverses find
  /// their row by its primary key (`keys`; the rowid for a table without one): another program
  /// may have taken a deleted row's rowid since, and a row that undo puts back may need another.
  static func triggers(table: String, columns: [String], keys: [String]) -> String {
    let name = table.quoted()
    let text = { (sql: String) in sql.quoted(.text) }
    let recording = #"(SELECT "recordingStep" FROM "undoState")"#
    // ` WHERE "id" = 'a1…'`: the row as the change left it (`new`), so that a change of the key
    // itself (a tag renamed) is undone by finding the row under its new one.
    let whereNewRow =
      keys.isEmpty
      ? "\(text(" WHERE rowid = ")) || new.rowid"
      : text(" WHERE ") + " || "
        + keys.map { "\(text("\($0.quoted()) = ")) || quote(new.\($0.quoted()))" }
        .joined(separator: " || ' AND ' || ")
    // The row's old rowid while it is free, else a new one (NULL): rowid ranges recorded for bulk
    // changes still find the rows they took.
    let rowid =
      "\(text("(SELECT CASE WHEN EXISTS (SELECT 1 FROM \(name) WHERE rowid = ")) || old.rowid || "
      + "\(text(") THEN NULL ELSE ")) || old.rowid || \(text(" END)"))"
    let changed = { (column: String) in
      "old.\(column.quoted()) IS NOT new.\(column.quoted()) COLLATE BINARY"
    }
    let setChanged = columns.map { column in
      "CASE WHEN \(changed(column)) THEN \(text(", \(column.quoted()) = ")) || quote(old.\(column.quoted())) "
        + "ELSE '' END"
    }
    let values = columns.map { "quote(old.\($0.quoted()))" }
    return """
      CREATE TEMP TRIGGER IF NOT EXISTS \("undo_\(table)_insert".quoted())
      AFTER INSERT ON \(name) WHEN \(recording) IS NOT NULL BEGIN
        INSERT INTO "undoLog" ("step", "sql")
        VALUES (\(recording), \(text("DELETE FROM \(name)")) || \(whereNewRow));
      END;
      CREATE TEMP TRIGGER IF NOT EXISTS \("undo_\(table)_update".quoted())
      AFTER UPDATE ON \(name)
      WHEN \(recording) IS NOT NULL AND (\(columns.map(changed).joined(separator: " OR "))) BEGIN
        INSERT INTO "undoLog" ("step", "sql")
        VALUES (
          \(recording),
          \(text("UPDATE \(name) SET ")) || substr(\(setChanged.joined(separator: " || ")), 3)
            || \(whereNewRow)
        );
      END;
      CREATE TEMP TRIGGER IF NOT EXISTS \("undo_\(table)_delete".quoted())
      BEFORE DELETE ON \(name) WHEN \(recording) IS NOT NULL BEGIN
        INSERT INTO "undoLog" ("step", "sql")
        VALUES (
          \(recording),
          \(text("INSERT INTO \(name) (rowid, \(columns.map { $0.quoted() }.joined(separator: ", "))) VALUES ("))
            || \(rowid) || ', ' || \(values.joined(separator: " || ', ' || ")) || ')'
        );
      END;
      """
  }
}
