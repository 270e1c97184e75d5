import Foundation
import SQLiteEngine
import SQLiteQueries
import Testing

@Table
struct CompletedReminder {
  let reminderID: Reminder.ID
  let title: String
}

@Selection
struct ListTitle {
  var title: String
  var isFirst: Bool
}

@Suite("Temporary views")
struct TemporaryViewTests {
  let database: DatabaseQueue

  init() throws {
    database = try seededRemindersDatabase()
  }

  let completed = CompletedReminder.createTemporaryView(
    as: Reminder.where(\.isCompleted).select {
      CompletedReminder.Columns(reminderID: $0.id, title: $0.title)
    }
  )

  @Test func rendersTheViewWithItsColumns() {
    #expect(
      completed.query.debugDescription == """
        CREATE TEMPORARY VIEW
        "completedReminders"
        ("reminderID", "title")
        AS
        SELECT "reminders"."id" AS "reminderID", "reminders"."title" AS "title"
        FROM "reminders"
        WHERE (("reminders"."status") <> (0))
        """)
    #expect(
      CompletedReminder.createTemporaryView(ifNotExists: true, as: CompletedReminder.none).query
        .debugDescription
          == """
          CREATE TEMPORARY VIEW IF NOT EXISTS
          "completedReminders"
          ("reminderID", "title")
          AS
          SELECT NULL AS "reminderID", NULL AS "title" WHERE 0
          """)
    #expect(completed.drop().query.debugDescription == #"DROP VIEW "completedReminders""#)
    #expect(
      completed.drop(ifExists: true).query.debugDescription == #"DROP VIEW IF EXISTS "completedReminders""#)
  }

  @Test func theViewIsQueriedLikeATable() throws {
    try database.write { db in
      try completed.execute(db)
      #expect(try CompletedReminder.fetchAll(db).map(\.title) == ["Call accountant"])
      try Reminder.find(reminderID(1)).update { $0.status = #bind(.completed) }.execute(db)
      let titles = try CompletedReminder.order(by: \.title).select(\.title).fetchAll(db)
      #expect(titles == ["Call accountant", "Groceries"])
      let joined =
        try CompletedReminder
        .join(ReminderTag.all) { $0.reminderID.eq($1.reminderID) }
        .select { ($0.title, $1.tagID) }
        .order { $1.tagID }
        .fetchAll(db)
      #expect(joined.map(\.1) == ["optional", "someday"])

      try completed.drop().execute(db)
      let error = #expect(throws: DatabaseError.self) { try CompletedReminder.fetchAll(db) }
      #expect(error?.message == "no such table: completedReminders")
    }
  }

  @Test func valuesAreWrittenIntoTheView() throws {
    let firstList = ListTitle.createTemporaryView(
      as: RemindersList.order(by: \.position).select {
        ListTitle.Columns(title: $0.title.upper(), isFirst: $0.position.eq(0))
      })
    let named = CompletedReminder.createTemporaryView(
      as: Reminder.where { $0.title.eq("it's") }.select {
        CompletedReminder.Columns(reminderID: $0.id, title: $0.title)
      })
    #expect(named.query.debugDescription.hasSuffix(#"WHERE (("reminders"."title") = ('it''s'))"#))
    try database.write { db in
      try firstList.execute(db)
      try named.execute(db)
      #expect(ListTitle.tableName == "listTitles")
      let rows = try ListTitle.all.fetchAll(db)
      #expect(rows.map(\.title) == ["PERSONAL", "BUSINESS"])
      #expect(rows.map(\.isFirst) == [true, false])
      try Reminder.insert { Reminder.Draft(remindersListID: personalID, title: "it's") }.execute(db)
      #expect(try CompletedReminder.select(\.title).fetchAll(db) == ["it's"])
    }
  }

  @Test func insertsGoThroughAnInsteadOfTrigger() throws {
    try database.write { db in
      try completed.execute(db)
      let trigger = CompletedReminder.createTemporaryTrigger(
        "completedReminders_insert",
        insteadOf: .insert { new in
          Reminder.insert {
            Reminder.Columns(
              id: new.reminderID, remindersListID: personalID, status: Reminder.Status.completed,
              title: new.title)
          }
        })
      #expect(
        trigger.query.debugDescription.hasPrefix(
          "CREATE TEMPORARY TRIGGER\n  \"completedReminders_insert\"\nINSTEAD OF INSERT ON \"completedReminders\""
        ))
      try trigger.execute(db)
      let insert = CompletedReminder.insert {
        CompletedReminder(reminderID: reminderID(9), title: "Already done")
      }
      #expect(
        insert.query.debugDescription == """
          INSERT INTO "completedReminders"
          ("reminderID", "title")
          VALUES
          ('10000000-0000-0000-0000-000000000009', 'Already done')
          """)
      try insert.execute(db)
      let stored = try #require(try Reminder.find(reminderID(9)).fetchOne(db))
      #expect(stored.title == "Already done")
      #expect(stored.status == .completed)
      #expect(
        try CompletedReminder.order(by: \.title).select(\.title).fetchAll(db) == [
          "Already done", "Call accountant",
        ])
    }
  }
}
