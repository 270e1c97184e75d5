import Foundation
import SQLiteData

/// SQLite's "automatic undo/redo with triggers", on the writing connection.
///
/// Temporary triggers on every table the app keeps record, for each row inserted, updated or
/// deleted, the statement that reverses it into `undoLog`, tagged with the step being recorded.
/// Cascades and triggers write through the same tables, so their effects are recorded too; the
/// search index is not recorded, because its own triggers rebuild it from the rows undo restores.
///
/// A log entry keeps the row's values in its own columns (`v1`, `v2`, … the old values; `k1`, …
/// the key that finds the row) and an inverse that reads them from the log, so that the inverses
/// of a table's rows share their text and are prepared once, not once a row with the values
/// written in. Most inverses read a run of entries, the ids from `?1` to `?2`: consecutive entries
/// with the same inverse (the 8,000 reminders a bulk action completed) are replayed by one
/// statement. An update that changed the row's key reads its one entry (`?1`): the next one may
/// find the row by the key this one gives back.
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
          "sql" TEXT NOT NULL,
          "oldRowid" INTEGER,
          "tableName" TEXT,
          "made" INTEGER NOT NULL DEFAULT 0,
          "changedColumns" INTEGER NOT NULL DEFAULT 0,
          "fingerprint" TEXT
        );
        CREATE INDEX IF NOT EXISTS temp."undoLog_step" ON "undoLog" ("step");
        CREATE TEMP TABLE IF NOT EXISTS "undoTables" (
          "tableName" TEXT PRIMARY KEY,
          "recordSQL" TEXT NOT NULL,
          "checkSQL" TEXT NOT NULL
        );
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

  /// Creates the triggers that record each change to the tracked tables, with the log's columns
  /// for their values.
  static func createTriggers(_ db: Database) throws {
    let tables = try trackedColumns(db)
    let logColumns = Set(
      try String.fetchAll(db, sql: "SELECT name FROM pragma_table_xinfo('undoLog', 'temp')"))
    let needed =
      (1...(tables.map(\.columns.count).max() ?? 1)).map(valueColumn)
      + (1...(tables.map { max($0.keys.count, 1) }.max() ?? 1)).map(keyColumn)
    for column in needed where !logColumns.contains(column) {
      try db.execute(sql: #"ALTER TABLE temp."undoLog" ADD COLUMN "# + column.quoted())
    }
    for table in tables {
      try db.execute(sql: triggers(table: table.name, columns: table.columns, keys: table.keys))
      let statements = fingerprintStatements(table: table.name, columns: table.columns, keys: table.keys)
      try db.execute(
        sql:
          #"INSERT OR REPLACE INTO temp."undoTables" ("tableName", "recordSQL", "checkSQL") VALUES (?, ?, ?)"#,
        arguments: [table.name, statements.record, statements.check])
    }
  }

  /// The tracked tables there are, with their columns and the columns of their primary key.
  static func trackedColumns(_ db: Database, only names: Set<String>? = nil) throws -> [(
    name: String, columns: [String], keys: [String]
  )] {
    var tables: [(name: String, columns: [String], keys: [String])] = []
    for table in trackedTables where names?.contains(table) ?? true {
      let columns = try Row.fetchAll(
        db, sql: "SELECT name, pk FROM pragma_table_info(?) ORDER BY cid", arguments: [table]
      ).map { (name: try $0.decode(String.self, at: 0), key: try $0.decode(Int.self, at: 1)) }
      guard !columns.isEmpty else { continue }
      let keys = columns.filter { $0.key > 0 }.sorted { $0.key < $1.key }.map(\.name)
      tables.append((table, columns.map(\.name), keys))
    }
    return tables
  }

  /// A row's values, to tell later whether the row is still as a step left it: a JSON array of
  /// `quote()` of each column (`prefix` names the table, with its dot), BLOBs included.
  static func fingerprint(of columns: [String], prefix: String) -> String {
    "json_array(" + columns.map { "quote(\(prefix)\($0.quoted()))" }.joined(separator: ", ") + ")"
  }

  /// Whether the row found by `matches` differs from the entry's fingerprint: in any column for a
  /// row the step made, in the columns the step changed for one it updated.
  static func differs(from entry: String, columns: [String], table name: String, matches: String) -> String {
    let whole =
      "\(entry).\"fingerprint\" IS NOT (SELECT \(fingerprint(of: columns, prefix: "\(name).")) FROM \(name) WHERE \(matches))"
    let changed = columns.enumerated().map { index, column in
      "(\(entry).\"changedColumns\" & \(1 << min(index, 62)) AND json_extract(\(entry).\"fingerprint\", '$[\(index)]') "
        + "IS NOT (SELECT quote(\(name).\(column.quoted())) FROM \(name) WHERE \(matches)))"
    }
    return "CASE WHEN \(entry).\"made\" THEN \(whole) ELSE (\(changed.joined(separator: " OR "))) END"
  }

  /// The columns that find a row of a table with `keys` (its rowid when it has none), and the
  /// log's columns that hold them.
  static func keyColumns(_ keys: [String]) -> (table: [String], log: [String]) {
    let table = keys.isEmpty ? ["rowid"] : keys.map { $0.quoted() }
    return (table, table.indices.map { keyColumn($0 + 1).quoted() })
  }

  /// Records, on the entries of the rows `step` inserted or updated, each row as the step left it
  /// (its fingerprint), so that undo can tell a row another program changed since. Once, when the
  /// step ends: other triggers on the same change may still change the row after its entry is made.
  /// The steps that undo and redo record have theirs too, so that a redo checks the rows an undo
  /// put back.
  static func recordFingerprints(of step: Int, _ db: Database) throws {
    // Only the tables the step inserted into or updated: most steps touch one or two.
    let statements = try String.fetchAll(
      db,
      sql: """
        SELECT "recordSQL" FROM temp."undoTables" WHERE "tableName" IN (
          SELECT "tableName" FROM temp."undoLog" WHERE "step" = ? AND "oldRowid" IS NULL)
        """, arguments: [step])
    for sql in statements { try db.execute(sql: sql, arguments: [step]) }
  }

  /// The statements, for one table, that record its rows' fingerprints when a step (`?1`) ends,
  /// and that tell whether one of them changed since: written once, with the triggers, and kept
  /// in `undoTables`.
  static func fingerprintStatements(table: String, columns: [String], keys: [String]) -> (
    record: String, check: String
  ) {
    let (keyColumns, keyValues) = keyColumns(keys)
    let name = table.quoted()
    let matches = { (entry: String) in
      zip(keyColumns, keyValues).map { "\(name).\($0) = \(entry).\($1)" }.joined(separator: " AND ")
    }
    let record = """
      UPDATE temp."undoLog" SET "fingerprint" = (
        SELECT \(fingerprint(of: columns, prefix: "\(name).")) FROM \(name) WHERE \(matches(#"temp."undoLog""#)))
      WHERE "step" = ?1 AND "tableName" = \(table.quoted(.text)) AND "oldRowid" IS NULL
      """
    let check = """
      SELECT EXISTS (
        SELECT 1 FROM temp."undoLog" AS "entry"
        WHERE "step" = ?1 AND "tableName" = \(table.quoted(.text)) AND "fingerprint" IS NOT NULL
          AND \(differs(from: #""entry""#, columns: columns, table: name, matches: matches(#""entry""#))))
      """
    return (record, check)
  }

  /// After the app's own later part of a step (a completion at the end of its grace period),
  /// which is not another program's change: the fingerprints of the reminder in the last step
  /// that touched it follow the row as it is now. Nothing when this connection keeps no log.
  static func followOwnChange(ofReminder id: Reminder.ID, _ db: Database) throws {
    guard try installed(db).tables,
      let table = try trackedColumns(db, only: [Reminder.tableName]).first
    else { return }
    let name = table.name.quoted()
    let key = #"(SELECT "id" FROM "reminders" WHERE "id" = ?1)"#
    try db.execute(
      sql: """
        UPDATE temp."undoLog" SET "fingerprint" = (
          SELECT \(fingerprint(of: table.columns, prefix: "\(name).")) FROM \(name) WHERE \(name)."id" = \(key))
        WHERE "tableName" = 'reminders' AND "k1" = \(key) AND "fingerprint" IS NOT NULL
          AND "step" = (SELECT max("step") FROM temp."undoLog" WHERE "tableName" = 'reminders' AND "k1" = \(key))
        """, arguments: [id])
  }

  /// The log's column for a row's `index`th value (from 1).
  private static func valueColumn(_ index: Int) -> String { "v\(index)" }
  /// The log's column for the `index`th part of a row's key (from 1).
  private static func keyColumn(_ index: Int) -> String { "k\(index)" }

  /// The three triggers that record the inverse of each change to `table`. The inverses find
  /// their row by its primary key (`keys`; the rowid for a table without one): another program
  /// may have taken a deleted row's rowid since, and a row that undo puts back may need another.
  static func triggers(table: String, columns: [String], keys: [String]) -> String {
    let text = { (sql: String) in sql.quoted(.text) }
    let name = table.quoted()
    let recording = #"(SELECT "recordingStep" FROM "undoState")"#
    let log = #"temp."undoLog""#
    let run = #"FROM \#(log) WHERE "id" BETWEEN ?1 AND ?2"#
    let (keyColumns, keyValues) = keyColumns(keys)
    let tableName = text(table)
    /// `"id"`, or `("a", "b")` for a key of several columns.
    let tuple = { (names: [String]) in names.count == 1 ? names[0] : "(\(names.joined(separator: ", ")))" }
    let values = columns.indices.map { valueColumn($0 + 1).quoted() }
    let oldValues = columns.map { "old.\($0.quoted())" }
    let newKey = keyColumns.map { "new.\($0)" }
    let oldKey = keyColumns.map { "old.\($0)" }
    let changed = { (column: String) in
      "old.\(column.quoted()) IS NOT new.\(column.quoted()) COLLATE BINARY"
    }
    // Which columns an update changed, a bit each (the first 63), for undo to compare them alone.
    let changedMask = columns.enumerated().map { index, column in
      "(CASE WHEN \(changed(column)) THEN \(1 << min(index, 62)) ELSE 0 END)"
    }.joined(separator: " | ")
    let keyChanged = keyColumns.map { "old.\($0) IS NOT new.\($0) COLLATE BINARY" }.joined(separator: " OR ")
    // The SQL text, in the trigger, of the changed columns: `, "title"` for each, `, "v2"` for
    // its old value, `, "entry"."v2"` for its old value in a run; the leading comma cut.
    let changedList = { (names: [String]) in
      "substr(\(zip(columns, names).map { "CASE WHEN \(changed($0)) THEN \(", \($1)".quoted(.text)) ELSE '' END" }.joined(separator: " || ")), 3)"
    }

    // Inserted rows: deleted by the keys they were given (the row as the change left it).
    let deleteInverse =
      "DELETE FROM \(name) WHERE \(tuple(keyColumns)) IN (SELECT \(keyValues.joined(separator: ", ")) \(run))"
    // Updated rows, by the keys the update left them with. In a run, a row updated several times
    // takes the old values of its first update.
    let updateRun =
      "\(text("UPDATE \(name) SET (")) || \(changedList(columns.map { $0.quoted() })) || \(text(") = ("))"
      + " || \(changedList(values.map { #""entry".\#($0)"# }))"
      + " || \(text(") FROM (SELECT * FROM \(log) WHERE \"id\" IN (SELECT min(\"id\") \(run) GROUP BY \(keyValues.joined(separator: ", ")))) AS \"entry\" WHERE \(tuple(keyColumns.map { "\(name).\($0)" })) = \(tuple(keyValues.map { #""entry".\#($0)"# }))"))"
    // An update of the key itself (a tag renamed) is undone alone: the update before it in the
    // step may find the row by the key this one gives back.
    let updateOne =
      "\(text("UPDATE \(name) SET (")) || \(changedList(columns.map { $0.quoted() })) || \(text(") = (SELECT "))"
      + " || \(changedList(values))"
      + " || \(text(" FROM \(log) WHERE \"id\" = ?1) WHERE \(tuple(keyColumns)) = (SELECT \(keyValues.joined(separator: ", ")) FROM \(log) WHERE \"id\" = ?1)"))"
    // Deleted rows, put back with their old rowid while it is free, else a new one (NULL): rowid
    // ranges recorded for bulk changes still find the rows they took. Newest first, as undo runs.
    let rowid =
      #"CASE WHEN EXISTS (SELECT 1 FROM \#(name) WHERE rowid = "oldRowid") THEN NULL ELSE "oldRowid" END"#
    let insertInverse =
      "INSERT INTO \(name) (rowid, \(columns.map { $0.quoted() }.joined(separator: ", "))) "
      + #"SELECT \#(rowid), \#(values.joined(separator: ", ")) \#(run) ORDER BY "id" DESC"#
    // Each entry names its table and row (see `recordFingerprints`).
    return """
      CREATE TEMP TRIGGER IF NOT EXISTS \("undo_\(table)_insert".quoted())
      AFTER INSERT ON \(name) WHEN \(recording) IS NOT NULL BEGIN
        INSERT INTO "undoLog" ("step", "sql", "tableName", "made", \(keyValues.joined(separator: ", ")))
        VALUES (\(recording), \(text(deleteInverse)), \(tableName), 1, \(newKey.joined(separator: ", ")));
      END;
      CREATE TEMP TRIGGER IF NOT EXISTS \("undo_\(table)_update".quoted())
      AFTER UPDATE ON \(name)
      WHEN \(recording) IS NOT NULL AND (\(columns.map(changed).joined(separator: " OR "))) BEGIN
        INSERT INTO "undoLog" ("step", "sql", "tableName", "changedColumns", \((values + keyValues).joined(separator: ", ")))
        VALUES (
          \(recording),
          CASE WHEN \(keyChanged) THEN \(updateOne) ELSE \(updateRun) END,
          \(tableName), \(changedMask),
          \((oldValues + newKey).joined(separator: ", "))
        );
      END;
      CREATE TEMP TRIGGER IF NOT EXISTS \("undo_\(table)_delete".quoted())
      BEFORE DELETE ON \(name) WHEN \(recording) IS NOT NULL BEGIN
        INSERT INTO "undoLog" ("step", "sql", "tableName", "oldRowid", \((values + keyValues).joined(separator: ", ")))
        VALUES (\(recording), \(text(insertInverse)), \(tableName), old.rowid, \((oldValues + oldKey).joined(separator: ", ")));
      END;
      """
  }
}
