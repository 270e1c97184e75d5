import Foundation
import SQLiteData
import Testing

/// Upstream's `ViewsTests`.
///
/// Triggers upstream declares without a name are named as upstream names them, `after_…` for
/// `insteadOf:` ones too.
/// In `viewWithDuplicateColumnNames`, the view numbers the columns that share a name (`"id_1"`,
/// `"id_2"`), and SQLite takes it.
@Suite("Upstream: views")
struct ViewsTests {
  @Table
  fileprivate struct CompletedReminder: Equatable {
    let reminderID: Reminder.ID
    let title: String
  }

  @Table
  fileprivate struct PastDueReminder: Equatable {
    let reminderID: Reminder.ID
    let title: String
  }

  @Table
  fileprivate struct ReminderWithList: Equatable {
    @Column(primaryKey: true)
    let reminderID: Reminder.ID
    let reminderTitle: String
    let remindersListTitle: String
  }

  @Table
  fileprivate struct ReminderAndListID {
    @Column("id")
    let reminderID: Reminder.ID
    @Column("id")
    let remindersListID: RemindersList.ID
  }

  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func basics() throws {
    let query = CompletedReminder.createTemporaryView(
      as:
        Reminder
        .where(\.isCompleted)
        .select { CompletedReminder.Columns(reminderID: $0.id, title: $0.title) }
    )
    expectSQL(
      query,
      """
      CREATE TEMPORARY VIEW
      "completedReminders"
      ("reminderID", "title")
      AS
      SELECT "reminders"."id" AS "reminderID", "reminders"."title" AS "title"
      FROM "reminders"
      WHERE ("reminders"."isCompleted")
      """)
    try database.write { try query.execute($0) }

    let firstTwo = CompletedReminder.limit(2)
    expectSQL(
      firstTwo,
      """
      SELECT "completedReminders"."reminderID", "completedReminders"."title"
      FROM "completedReminders"
      LIMIT 2
      """)
    #expect(
      try database.read { try firstTwo.fetchAll($0) } == [
        CompletedReminder(reminderID: 4, title: "Take a walk"),
        CompletedReminder(reminderID: 7, title: "Get laundry"),
      ])

    let trigger = CompletedReminder.createTemporaryTrigger(
      insteadOf: .insert { new in
        Reminder.insert {
          ($0.title, $0.isCompleted, $0.remindersListID)
        } values: {
          (new.title, true, 1)
        }
      },
      fileID: "StructuredQueriesTests/ViewsTests.swift", line: 58, column: 49
    )
    expectSQL(
      trigger,
      """
      CREATE TEMPORARY TRIGGER
        "after_insert_on_completedReminders@StructuredQueriesTests/ViewsTests.swift:58:49"
      INSTEAD OF INSERT ON "completedReminders"
      FOR EACH ROW BEGIN
        INSERT INTO "reminders"
        ("title", "isCompleted", "remindersListID")
        VALUES
        ("new"."title", 1, 1);
      END
      """)
    try database.write { try trigger.execute($0) }

    let insert = CompletedReminder.insert(\.title) { "Already done" }
    expectSQL(
      insert,
      """
      INSERT INTO "completedReminders"
      ("title")
      VALUES
      ('Already done')
      """)
    try database.write { try insert.execute($0) }

    let last = CompletedReminder.order { $0.reminderID.desc() }.limit(1)
    expectSQL(
      last,
      """
      SELECT "completedReminders"."reminderID", "completedReminders"."title"
      FROM "completedReminders"
      ORDER BY "completedReminders"."reminderID" DESC
      LIMIT 1
      """)
    #expect(
      try database.read { try last.fetchAll($0) } == [
        CompletedReminder(reminderID: 11, title: "Already done")
      ])

    expectFragment(
      query.drop(),
      """
      DROP VIEW "completedReminders"
      """)
    try database.write { try query.drop().execute($0) }
    #expect(throws: DatabaseError.self) { try database.read { try CompletedReminder.fetchAll($0) } }
  }

  @Test func ctes() throws {
    let view = CompletedReminder.createTemporaryView(
      as: With {
        Reminder
          .where(\.isCompleted)
          .select { CompletedReminder.Columns(reminderID: $0.id, title: $0.title) }
      } query: {
        CompletedReminder.all
      }
    )
    expectSQL(
      view,
      """
      CREATE TEMPORARY VIEW
      "completedReminders"
      ("reminderID", "title")
      AS
      WITH "completedReminders" AS (
        SELECT "reminders"."id" AS "reminderID", "reminders"."title" AS "title"
        FROM "reminders"
        WHERE ("reminders"."isCompleted")
      )
      SELECT "completedReminders"."reminderID", "completedReminders"."title"
      FROM "completedReminders"
      """)
    try database.write { try view.execute($0) }
    #expect(try database.read { try CompletedReminder.fetchAll($0) }.map(\.reminderID) == [4, 7, 10])
  }

  @Test func reminderWithList() throws {
    let view = ReminderWithList.createTemporaryView(
      as:
        Reminder
        .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
        .select {
          ReminderWithList.Columns(
            reminderID: $0.id,
            reminderTitle: $0.title,
            remindersListTitle: $1.title
          )
        }
    )
    expectSQL(
      view,
      """
      CREATE TEMPORARY VIEW
      "reminderWithLists"
      ("reminderID", "reminderTitle", "remindersListTitle")
      AS
      SELECT "reminders"."id" AS "reminderID", "reminders"."title" AS "reminderTitle", "remindersLists"."title" AS "remindersListTitle"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID") = ("remindersLists"."id")
      """)
    try database.write { try view.execute($0) }

    let trigger = ReminderWithList.createTemporaryTrigger(
      insteadOf: .insert { new in
        Reminder.insert {
          ($0.title, $0.remindersListID)
        } values: {
          (
            new.reminderTitle,
            RemindersList
              .select(\.id)
              .where { $0.title.eq(new.remindersListTitle) }
          )
        }
      },
      fileID: "StructuredQueriesTests/ViewsTests.swift", line: 174, column: 48
    )
    expectSQL(
      trigger,
      """
      CREATE TEMPORARY TRIGGER
        "after_insert_on_reminderWithLists@StructuredQueriesTests/ViewsTests.swift:174:48"
      INSTEAD OF INSERT ON "reminderWithLists"
      FOR EACH ROW BEGIN
        INSERT INTO "reminders"
        ("title", "remindersListID")
        VALUES
        ("new"."reminderTitle", (
          SELECT "remindersLists"."id"
          FROM "remindersLists"
          WHERE (("remindersLists"."title") = ("new"."remindersListTitle"))
        ));
      END
      """)
    try database.write { try trigger.execute($0) }

    let business = ReminderWithList.insert {
      ReminderWithList.Draft(reminderTitle: "Morning sync", remindersListTitle: "Business")
    }
    expectSQL(
      business,
      """
      INSERT INTO "reminderWithLists"
      ("reminderID", "reminderTitle", "remindersListTitle")
      VALUES
      (NULL, 'Morning sync', 'Business')
      """)
    try database.write { try business.execute($0) }

    let unknown = ReminderWithList.insert {
      ReminderWithList.Draft(reminderTitle: "Morning sync", remindersListTitle: "Unknown List")
    }
    expectSQL(
      unknown,
      """
      INSERT INTO "reminderWithLists"
      ("reminderID", "reminderTitle", "remindersListTitle")
      VALUES
      (NULL, 'Morning sync', 'Unknown List')
      """)
    let error = #expect(throws: DatabaseError.self) { try database.write { try unknown.execute($0) } }
    #expect(error?.message == "NOT NULL constraint failed: reminders.remindersListID")

    let first = ReminderWithList.find(1)
    expectSQL(
      first,
      """
      SELECT "reminderWithLists"."reminderID", "reminderWithLists"."reminderTitle", "reminderWithLists"."remindersListTitle"
      FROM "reminderWithLists"
      WHERE (("reminderWithLists"."reminderID") IN ((1)))
      """)
    #expect(
      try database.read { try first.fetchAll($0) } == [
        ReminderWithList(reminderID: 1, reminderTitle: "Groceries", remindersListTitle: "Personal")
      ])

    let ordered =
      ReminderWithList
      .order(by: { ($0.remindersListTitle, $0.reminderTitle) })
      .limit(3)
    expectSQL(
      ordered,
      """
      SELECT "reminderWithLists"."reminderID", "reminderWithLists"."reminderTitle", "reminderWithLists"."remindersListTitle"
      FROM "reminderWithLists"
      ORDER BY "reminderWithLists"."remindersListTitle", "reminderWithLists"."reminderTitle"
      LIMIT 3
      """)
    #expect(
      try database.read { try ordered.fetchAll($0) } == [
        ReminderWithList(reminderID: 9, reminderTitle: "Call accountant", remindersListTitle: "Business"),
        ReminderWithList(reminderID: 11, reminderTitle: "Morning sync", remindersListTitle: "Business"),
        ReminderWithList(reminderID: 10, reminderTitle: "Send weekly emails", remindersListTitle: "Business"),
      ])
  }

  @Test func viewWithBindings() throws {
    let view = PastDueReminder.createTemporaryView(
      as:
        Reminder.where(\.isPastDue)
        .select {
          PastDueReminder.Columns(
            reminderID: $0.id,
            title: $0.title
          )
        }
    )
    expectSQL(
      view,
      """
      CREATE TEMPORARY VIEW
      "pastDueReminders"
      ("reminderID", "title")
      AS
      SELECT "reminders"."id" AS "reminderID", "reminders"."title" AS "title"
      FROM "reminders"
      WHERE ((NOT ("reminders"."isCompleted")) AND (coalesce("reminders"."dueDate", date('now')) < date('now')))
      """)
    try database.write { try view.execute($0) }

    expectSQL(
      PastDueReminder.all,
      """
      SELECT "pastDueReminders"."reminderID", "pastDueReminders"."title"
      FROM "pastDueReminders"
      """)
    #expect(
      try database.read { try PastDueReminder.all.fetchAll($0) } == [
        PastDueReminder(reminderID: 1, title: "Groceries"),
        PastDueReminder(reminderID: 2, title: "Haircut"),
        PastDueReminder(reminderID: 3, title: "Doctor appointment"),
        PastDueReminder(reminderID: 6, title: "Pick up kids from school"),
        PastDueReminder(reminderID: 8, title: "Take out trash"),
        PastDueReminder(reminderID: 9, title: "Call accountant"),
      ])
  }

  @Test func viewWithDuplicateColumnNames() throws {
    let view = ReminderAndListID.createTemporaryView(
      as:
        Reminder
        .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
        .select {
          ReminderAndListID.Columns(reminderID: $0.id, remindersListID: $1.id)
        }
    )
    expectSQL(
      view,
      """
      CREATE TEMPORARY VIEW
      "reminderAndListIDs"
      ("id_1", "id_2")
      AS
      SELECT "reminders"."id" AS "id_1", "remindersLists"."id" AS "id_2"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID") = ("remindersLists"."id")
      """)
    let pairs = try database.write { db in
      try view.execute(db)
      return try #sql(
        #"SELECT "id_1", "id_2" FROM "reminderAndListIDs" WHERE "id_1" = 4"#, as: (Int, Int).self
      )
      .fetchAll(db)
    }
    #expect(pairs.map(\.0) == [4] && pairs.map(\.1) == [1])
  }
}
