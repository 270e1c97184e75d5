import SQLiteData

/// The sidebar's counts, kept up to date by the database itself: a row of counts per list
/// (`remindersListCounts`) and a count per tag (`tagCounts`), maintained by **persistent**
/// triggers, so that every writer keeps them right — this app, its command line, the `sqlite3`
/// shell, another program — and cascades (a deleted list's reminders, a deleted or renamed tag's
/// taggings) are counted like any other change. The live counts then read a row per list and per
/// tag, whatever the number of reminders.
///
/// The counts mean what the queries mean: incomplete is `status = 0`, completed is
/// `status IN (1, 2)` (completing counts as completed), flagged and scheduled are incomplete
/// reminders with the flag or a due date. A list's row exists while any of its counts is above
/// zero; a tag's row while its count is. "Today" depends on the date, so it is not kept: it is
/// counted over the `(status, dueDate)` index between the day's bounds.
///
/// The undo log does not record these tables (see `UndoLog.trackedTables`): undoing a change to
/// the reminders fires these triggers again, which puts the counts back.
///
/// SQLite does not fire delete triggers for rows that `INSERT OR REPLACE` removes unless
/// `PRAGMA recursive_triggers` is on: a writer replacing reminders or taggings that way must turn
/// it on. The app never does.
enum LiveCounts {
  /// Creates the tables and triggers if missing, and counts the rows already there.
  static func create(_ db: Database) throws {
    try db.execute(sql: tables)
    try db.execute(sql: triggers)
    try db.execute(sql: initialCounts)
  }

  static let tables = """
    CREATE TABLE IF NOT EXISTS "remindersListCounts" (
      "remindersListID" TEXT PRIMARY KEY NOT NULL,
      "incompleteCount" INTEGER NOT NULL DEFAULT 0,
      "flaggedCount" INTEGER NOT NULL DEFAULT 0,
      "scheduledCount" INTEGER NOT NULL DEFAULT 0,
      "completedCount" INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    CREATE TABLE IF NOT EXISTS "tagCounts" (
      "tagID" TEXT PRIMARY KEY NOT NULL COLLATE NOCASE,
      "remindersCount" INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    """

  // Rowid tables on purpose: SQLite's update hook, which tells live queries what a commit
  // changed, does not report changes to WITHOUT ROWID tables.

  /// What one reminder row (`old` or `new`) adds to its list's counts, in column order.
  private static func contributions(_ row: String) -> [String] {
    [
      #"\#(row)."status" = 0"#,
      #"\#(row)."status" = 0 AND \#(row)."isFlagged" <> 0"#,
      #"\#(row)."status" = 0 AND \#(row)."dueDate" IS NOT NULL"#,
      #"\#(row)."status" IN (1, 2)"#,
    ]
  }

  private static let countColumns = ["incompleteCount", "flaggedCount", "scheduledCount", "completedCount"]
  private static let quotedCountColumns = countColumns.map { #""\#($0)""# }.joined(separator: ", ")

  /// Adds a reminder row to its list's counts; a reminder that counts nowhere (an unknown status)
  /// makes no row.
  private static func addReminder(_ row: String) -> String {
    """
    INSERT INTO "remindersListCounts" ("remindersListID", \(quotedCountColumns))
    SELECT \(row)."remindersListID", \(contributions(row).joined(separator: ", "))
    WHERE \(row)."status" IN (0, 1, 2)
    ON CONFLICT ("remindersListID") DO UPDATE SET
    \(countColumns.map { #"  "\#($0)" = "\#($0)" + excluded."\#($0)""# }.joined(separator: ",\n"));
    """
  }

  /// Takes a reminder row out of its list's counts.
  private static func removeReminder(_ row: String) -> String {
    """
    UPDATE "remindersListCounts" SET
    \(zip(countColumns, contributions(row)).map { #"  "\#($0)" = "\#($0)" - (\#($1))"# }.joined(separator: ",\n"))
    WHERE "remindersListID" = \(row)."remindersListID";
    """
  }

  /// Drops a list's row once it counts nothing.
  private static func dropEmptyList(_ row: String) -> String {
    """
    DELETE FROM "remindersListCounts"
    WHERE "remindersListID" = \(row)."remindersListID"
      AND \(countColumns.map { #""\#($0)" = 0"# }.joined(separator: " AND "));
    """
  }

  /// True when an update moves a reminder between lists or changes what it counts for.
  private static var reminderCountsChange: String {
    let moved = #"old."remindersListID" IS NOT new."remindersListID""#
    let changed = zip(contributions("old"), contributions("new")).map { "(\($0)) IS NOT (\($1))" }
    return ([moved] + changed).joined(separator: "\n  OR ")
  }

  // A renamed tag's taggings are renamed by the foreign key's ON UPDATE CASCADE, which fires the
  // update trigger for each; a deleted tag's taggings are deleted by ON DELETE CASCADE.

  private static func addTagging(_ row: String) -> String {
    """
    INSERT INTO "tagCounts" ("tagID", "remindersCount") VALUES (\(row)."tagID", 1)
    ON CONFLICT ("tagID") DO UPDATE SET "remindersCount" = "remindersCount" + 1;
    """
  }

  /// Takes a tagging out of its tag's count, and drops the tag's row at zero.
  private static func removeTagging(_ row: String) -> String {
    """
    UPDATE "tagCounts" SET "remindersCount" = "remindersCount" - 1 WHERE "tagID" = \(row)."tagID";
    DELETE FROM "tagCounts" WHERE "tagID" = \(row)."tagID" AND "remindersCount" = 0;
    """
  }

  /// `CREATE TRIGGER IF NOT EXISTS name event BEGIN statements END;`, the statements indented.
  private static func trigger(_ name: String, _ event: String, _ statements: [String]) -> String {
    let body = statements.joined(separator: "\n").split(separator: "\n").map { "  " + $0 }.joined(
      separator: "\n")
    return "CREATE TRIGGER IF NOT EXISTS \"\(name)\"\n\(event) BEGIN\n\(body)\nEND;"
  }

  static let triggers = [
    trigger(
      "remindersListCounts_after_reminder_insert", #"AFTER INSERT ON "reminders""#, [addReminder("new")]),
    trigger(
      "remindersListCounts_after_reminder_update",
      #"AFTER UPDATE OF "remindersListID", "status", "isFlagged", "dueDate" ON "reminders""#
        + "\nWHEN \(reminderCountsChange)",
      [removeReminder("old"), addReminder("new"), dropEmptyList("old")]),
    trigger(
      "remindersListCounts_after_reminder_delete", #"AFTER DELETE ON "reminders""#,
      [removeReminder("old"), dropEmptyList("old")]),
    trigger("tagCounts_after_tagging_insert", #"AFTER INSERT ON "remindersTags""#, [addTagging("new")]),
    trigger(
      "tagCounts_after_tagging_update",
      #"AFTER UPDATE OF "tagID" ON "remindersTags" WHEN old."tagID" IS NOT new."tagID""#,
      [removeTagging("old"), addTagging("new")]),
    trigger("tagCounts_after_tagging_delete", #"AFTER DELETE ON "remindersTags""#, [removeTagging("old")]),
  ].joined(separator: "\n")

  /// Counts the rows already in the file (made before these tables, or by another program), from
  /// scratch.
  static let initialCounts = """
    DELETE FROM "remindersListCounts";
    INSERT INTO "remindersListCounts" ("remindersListID", \(quotedCountColumns))
    SELECT "remindersListID", \(contributions("reminders").map { "sum(\($0))" }.joined(separator: ", "))
    FROM "reminders" WHERE "status" IN (0, 1, 2) GROUP BY "remindersListID";
    DELETE FROM "tagCounts";
    INSERT INTO "tagCounts" ("tagID", "remindersCount")
    SELECT "tagID", count(*) FROM "remindersTags" GROUP BY "tagID" COLLATE NOCASE;
    """
}
