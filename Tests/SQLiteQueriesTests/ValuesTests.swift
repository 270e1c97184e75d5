import Foundation
import SQLiteEngine
import SQLiteQueries
import Testing

@Suite("Values: SELECT of literal values")
struct ValuesTests {
  let database: DatabaseQueue

  init() throws {
    database = try seededRemindersDatabase()
  }

  @Test func rendersValuesAsBindings() {
    #expect(Values(1, "a").query.debugDescription == "SELECT 1, 'a'")
    #expect(Values(1, "Hello", true).query.debugDescription == "SELECT 1, 'Hello', 1")
    #expect(Values(1, "Hello", true).query.prepare().sql == "SELECT ?, ?, ?")
    #expect(Values(Count(value: 1)).query.debugDescription == #"SELECT 1 AS "value""#)
    #expect(
      Values(ListCount.Columns(remindersListID: personalID, reminderCount: 2)).query.debugDescription
        == #"SELECT '00000000-0000-0000-0000-000000000001' AS "remindersListID", 2 AS "reminderCount""#)
    #expect(
      Values(Reminder.Priority.high, 1.5, "x", 2, 3, false).query.debugDescription
        == "SELECT 3, 1.5, 'x', 2, 3, 0")
  }

  @Test func fetchesTheRow() throws {
    try database.read { (db) throws in
      let row = try #require(try Values(1, "Hello", true).fetchOne(db))
      #expect(row.0 == 1)
      #expect(row.1 == "Hello")
      #expect(row.2 == true)
      #expect(try Values(Date(timeIntervalSince1970: 0)).fetchAll(db) == [Date(timeIntervalSince1970: 0)])
      #expect(try Values(Count(value: 7)).fetchOne(db)?.value == 7)
      let counted = try Values(ListCount.Columns(remindersListID: personalID, reminderCount: 2)).fetchOne(db)
      #expect(counted?.remindersListID == personalID)
      #expect(counted?.reminderCount == 2)
      #expect(try Values(Reminder.Priority.high).fetchOne(db) == .high)
      #expect(try Values(#sql("length('four')", as: Int.self)).fetchOne(db) == 4)
    }
  }

  @Test func insertsAndCompounds() throws {
    let insert = Tag.insert {
      $0.title
    } select: {
      Values("errand")
    }
    #expect(
      insert.query.debugDescription == """
        INSERT INTO "tags"
        ("title")
        SELECT 'errand'
        """)
    let titles = Values("alpha").union(Tag.select(\.title))
    #expect(
      titles.query.debugDescription == """
        SELECT 'alpha'
          UNION
        SELECT "tags"."title"
        FROM "tags"
        """)
    try database.write { (db) throws in
      try insert.execute(db)
      #expect(try Set(titles.fetchAll(db)) == ["alpha", "errand", "someday", "optional"])
      #expect(try Values(1).union(Values(2)).union(all: true, Values(1)).fetchAll(db).sorted() == [1, 1, 2])
    }
  }

  @Test func triggerStatementThatOnlyCallsAFunction() throws {
    let trigger = RemindersList.createTemporaryTrigger(
      "remindersLists_need_titles",
      before: .insert { _ in
        Values(#sql("raise(ABORT, 'A list needs a title')", as: Void.self))
      } when: { new in
        new.title.eq("")
      })
    #expect(
      trigger.query.debugDescription == """
        CREATE TEMPORARY TRIGGER
          "remindersLists_need_titles"
        BEFORE INSERT ON "remindersLists"
        FOR EACH ROW WHEN ("new"."title") = ('') BEGIN
          SELECT raise(ABORT, 'A list needs a title');
        END
        """)
    try database.write { db in
      try trigger.execute(db)
      try RemindersList.insert { RemindersList(id: UUID(), title: "Errands") }.execute(db)
      let error = #expect(throws: DatabaseError.self) {
        try RemindersList.insert { RemindersList(id: UUID(), title: "") }.execute(db)
      }
      #expect(error?.message == "A list needs a title")
      #expect(try RemindersList.fetchCount(db) == 3)
    }
  }

  @Test func selectFromOneRowOfValues() throws {
    let statement = Select(Values(1, "Hello", true)).where(\.2).order(by: \.1)
    #expect(
      statement.query.debugDescription == """
        SELECT "column1", "column2", "column3"
        FROM (
          VALUES (1, 'Hello', 1)
        )
        WHERE ("column3")
        ORDER BY "column2"
        """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.count == 1 && rows[0] == (1, "Hello", true))
  }

  @Test func selectFromValuesKeyPathToAComputedPropertyIsRefusedBySQLite() throws {
    let statement = Select(
      Values {
        ("Hello", 2); ("Goodbye", 3)
      }
    ).order(by: \.0.count)
    let error = #expect(throws: DatabaseError.self) { try database.read { try statement.fetchAll($0) } }
    #expect(error?.message.contains("no column for the key path") == true)
  }

  @Test func selectFromNoValuesRunsNothingWhateverItsClauses() throws {
    let none = false
    let statement = Select(
      Values {
        if none { (1.5, "a", false, 4) }
      }
    )
    .where { _, _, flag, _ in flag }
    .order { number, _, _, count in (number, count) }
    #expect(statement.query.isEmpty)
    #expect(try database.read { try statement.fetchAll($0) }.isEmpty)
  }
}
