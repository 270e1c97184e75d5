import Foundation
import SQLiteData
import Testing

/// Upstream's `FTSTests`, on upstream's full-text table `reminderTexts`: per reminder, its title
/// and notes, its list's id and title, and its tags, filled here from the seeded rows (upstream
/// keeps it in step with triggers; the rows are the same).
@Suite("Upstream: FTS5")
struct FTSTests {
  @Table
  fileprivate struct ReminderText: FTS5, Equatable {
    let reminderID: Reminder.ID
    let title: String
    let notes: String
    let listID: RemindersList.ID
    let listTitle: String
    let tags: String
  }

  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
    try database.write { db in
      try #sql(
        """
        CREATE VIRTUAL TABLE "reminderTexts" USING fts5(
          "reminderID" UNINDEXED,
          "title",
          "notes",
          "listID" UNINDEXED,
          "listTitle",
          "tags",
          tokenize = 'trigram'
        )
        """
      )
      .execute(db)
      try #sql(
        """
        INSERT INTO "reminderTexts"
          ("rowid", "reminderID", "title", "notes", "listID", "listTitle", "tags")
        SELECT
          "reminders"."id", "reminders"."id", "reminders"."title", "reminders"."notes",
          "remindersLists"."id", "remindersLists"."title",
          coalesce(
            (
              SELECT group_concat("tags"."title", ' ')
              FROM "remindersTags"
              JOIN "tags" ON "remindersTags"."tagID" = "tags"."id"
              WHERE "remindersTags"."reminderID" = "reminders"."id"
            ),
            ''
          )
        FROM "reminders"
        JOIN "remindersLists" ON "reminders"."remindersListID" = "remindersLists"."id"
        ORDER BY "reminders"."id"
        """
      )
      .execute(db)
    }
  }

  @Test func basics() throws {
    let statement =
      ReminderText
      .where { $0.match("take OR apple") }
      .order(by: \.rank)
      .select { ($0.title.highlight("**", "**"), $0.notes.snippet("**", "**", "...", 10)) }
    expectSQL(
      statement,
      """
      SELECT highlight("reminderTexts", (SELECT "cid" FROM pragma_table_info('reminderTexts') WHERE "name" = 'title'),
      '**', '**'), snippet("reminderTexts", (SELECT "cid" FROM pragma_table_info('reminderTexts') WHERE "name" = 'notes'),
      '**', '**', '...', 10)
      FROM "reminderTexts"
      WHERE ("reminderTexts" MATCH 'take OR apple')
      ORDER BY "reminderTexts"."rank"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == ["Groceries", "**Take** out trash", "**Take** a walk"])
    #expect(rows.map(\.1) == ["...Eggs, **Apple**s", "", ""])
  }

  @Test func unranked() throws {
    let statement =
      ReminderText
      .select { ($0.listTitle, $0.rank) }
      .limit(1)
    expectSQL(
      statement,
      """
      SELECT "reminderTexts"."listTitle", "reminderTexts"."rank"
      FROM "reminderTexts"
      LIMIT 1
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == ["Personal"])
    #expect(rows.map(\.1) == [nil])
  }

  @Test func columnMatch() throws {
    let statement =
      ReminderText
      .where { $0.title.match("take") }
    expectSQL(
      statement,
      """
      SELECT "reminderTexts"."reminderID", "reminderTexts"."title", "reminderTexts"."notes", "reminderTexts"."listID", "reminderTexts"."listTitle", "reminderTexts"."tags"
      FROM "reminderTexts"
      WHERE ("reminderTexts" MATCH 'title:"take"')
      """)
    #expect(
      try database.read { try statement.fetchAll($0) } == [
        ReminderText(
          reminderID: 4, title: "Take a walk", notes: "", listID: 1, listTitle: "Personal", tags: "car kids"),
        ReminderText(
          reminderID: 8, title: "Take out trash", notes: "", listID: 2, listTitle: "Family", tags: ""),
      ])
  }

  @Test func bm25() throws {
    let sendWeeklyEmails = ReminderText(
      reminderID: 10, title: "Send weekly emails", notes: "", listID: 3, listTitle: "Business", tags: "")
    let weighted =
      ReminderText
      .where { $0.match("Week") }
      .order { $0.bm25([\.title: 10, \.notes: 5, \.tags: 2]) }
    expectSQL(
      weighted,
      """
      SELECT "reminderTexts"."reminderID", "reminderTexts"."title", "reminderTexts"."notes", "reminderTexts"."listID", "reminderTexts"."listTitle", "reminderTexts"."tags"
      FROM "reminderTexts"
      WHERE ("reminderTexts" MATCH 'Week')
      ORDER BY bm25("reminderTexts", (SELECT CASE "name" WHEN 'title' THEN 10.0 WHEN 'notes' THEN 5.0 WHEN 'tags' THEN 2.0 ELSE 1 END FROM pragma_table_info('reminderTexts') WHERE "cid" = 0), (SELECT CASE "name" WHEN 'title' THEN 10.0 WHEN 'notes' THEN 5.0 WHEN 'tags' THEN 2.0 ELSE 1 END FROM pragma_table_info('reminderTexts') WHERE "cid" = 1), (SELECT CASE "name" WHEN 'title' THEN 10.0 WHEN 'notes' THEN 5.0 WHEN 'tags' THEN 2.0 ELSE 1 END FROM pragma_table_info('reminderTexts') WHERE "cid" = 2), (SELECT CASE "name" WHEN 'title' THEN 10.0 WHEN 'notes' THEN 5.0 WHEN 'tags' THEN 2.0 ELSE 1 END FROM pragma_table_info('reminderTexts') WHERE "cid" = 3), (SELECT CASE "name" WHEN 'title' THEN 10.0 WHEN 'notes' THEN 5.0 WHEN 'tags' THEN 2.0 ELSE 1 END FROM pragma_table_info('reminderTexts') WHERE "cid" = 4), (SELECT CASE "name" WHEN 'title' THEN 10.0 WHEN 'notes' THEN 5.0 WHEN 'tags' THEN 2.0 ELSE 1 END FROM pragma_table_info('reminderTexts') WHERE "cid" = 5))
      """)
    #expect(try database.read { try weighted.fetchAll($0) } == [sendWeeklyEmails])

    let unweighted =
      ReminderText
      .where { $0.match("Week") }
      .order { $0.bm25() }
    expectSQL(
      unweighted,
      """
      SELECT "reminderTexts"."reminderID", "reminderTexts"."title", "reminderTexts"."notes", "reminderTexts"."listID", "reminderTexts"."listTitle", "reminderTexts"."tags"
      FROM "reminderTexts"
      WHERE ("reminderTexts" MATCH 'Week')
      ORDER BY bm25("reminderTexts")
      """)
    #expect(try database.read { try unweighted.fetchAll($0) } == [sendWeeklyEmails])
  }

  @Test func outerJoin() throws {
    let statement =
      Reminder
      .leftJoin(ReminderText.all) { $0.rowid.eq($1.rowid) }
      .select { $1.tags.highlight("**", "**") }
      .order { $1.bm25() }
    expectSQL(
      statement,
      """
      SELECT highlight("reminderTexts", (SELECT "cid" FROM pragma_table_info('reminderTexts') WHERE "name" = 'tags'),
      '**', '**')
      FROM "reminders"
      LEFT JOIN "reminderTexts" ON ("reminders"."rowid") = ("reminderTexts"."rowid")
      ORDER BY bm25("reminderTexts")
      """)
    #expect(
      try database.read { try statement.fetchAll($0) } == [
        "someday optional", "someday optional", "", "car kids", "", "", "", "", "", "",
      ])
  }

  @Test func alias() throws {
    enum RT: AliasName {}
    let statement =
      Reminder
      .leftJoin(ReminderText.as(RT.self).all) { $0.rowid.eq($1.rowid) }
      .select { $1.tags.highlight("**", "**") }
      .order { $1.bm25() }
    expectSQL(
      statement,
      """
      SELECT highlight("reminderTexts", (SELECT "cid" FROM pragma_table_info('reminderTexts') WHERE "name" = 'tags'),
      '**', '**')
      FROM "reminders"
      LEFT JOIN "reminderTexts" AS "rTs" ON ("reminders"."rowid") = ("rTs"."rowid")
      ORDER BY bm25("reminderTexts")
      """)
    #expect(
      try database.read { try statement.fetchAll($0) } == [
        "someday optional", "someday optional", "", "car kids", "", "", "", "", "", "",
      ])
  }
}
