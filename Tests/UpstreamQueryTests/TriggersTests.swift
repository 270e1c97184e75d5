import Foundation
import SQLiteData
import Testing

/// Upstream's `TriggersTests`. Unnamed triggers are named after where they are declared; each
/// case passes upstream's place (`fileID:line:column:`) so that the names are upstream's. Upstream's
/// stored versions of this file predate its parenthesized WHERE clauses (`WHERE ((a) = (b))`, as
/// its other files and views' triggers render them); the expected SQL here has them so.
///
/// Left out: `afterUpdateTouchDate` and `afterUpdateTouchDate_NestedTimestamps`, whose default
/// date is `datetime('subsec')`, which needs SQLite 3.42; here the default date is the current
/// time in the storage of dates, `strftime('%Y-%m-%d %H:%M:%f', 'now')`, checked by
/// `afterUpdateTouchCurrentDate`.
///
/// Under `UPSTREAM_GAPS`: the diagnostic for a date bound in a trigger (`dateDiagnostic`): a
/// trigger here writes a date as its text, which SQLite reads as any bound date.
@Suite("Upstream: triggers")
struct TriggersTests {
  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func basics() throws {
    let trigger = RemindersList.createTemporaryTrigger(
      after: .insert { new in
        RemindersList
          .update {
            $0.position = RemindersList.select { ($0.position.max() ?? -1) + 1 }
          }
          .where { $0.id.eq(new.id) }
      },
      fileID: "StructuredQueriesTests/TriggersTests.swift", line: 13, column: 57
    )
    expectSQL(
      trigger,
      """
      CREATE TEMPORARY TRIGGER
        "after_insert_on_remindersLists@StructuredQueriesTests/TriggersTests.swift:13:57"
      AFTER INSERT ON "remindersLists"
      FOR EACH ROW BEGIN
        UPDATE "remindersLists"
        SET "position" = (
          SELECT (coalesce(max("remindersLists"."position"), -1)) + (1)
          FROM "remindersLists"
        )
        WHERE (("remindersLists"."id") = ("new"."id"));
      END
      """)
    expectFragment(
      trigger.drop(),
      """
      DROP TRIGGER "after_insert_on_remindersLists@StructuredQueriesTests/TriggersTests.swift:13:57"
      """)

    try database.write { db in
      try trigger.execute(db)
      try RemindersList.insert { RemindersList.Draft(title: "Errands") }.execute(db)
      #expect(try RemindersList.where { $0.title.eq("Errands") }.select(\.position).fetchOne(db) == 1)
      try trigger.drop().execute(db)
      try RemindersList.insert { RemindersList.Draft(title: "Chores") }.execute(db)
      #expect(try RemindersList.where { $0.title.eq("Chores") }.select(\.position).fetchOne(db) == 0)
    }
  }

  #if UPSTREAM_GAPS
    @Test func dateDiagnostic() {
      withKnownIssue {
        expectSQL(
          Reminder.createTemporaryTrigger(
            after: .update { _, new in
              Reminder
                .update { $0.dueDate = Date(timeIntervalSinceReferenceDate: 0) }
                .where { $0.id.eq(new.id) }
            },
            fileID: "StructuredQueriesTests/TriggersTests.swift", line: 47, column: 42
          ),
          """
          CREATE TEMPORARY TRIGGER
            "after_update_on_reminders@StructuredQueriesTests/TriggersTests.swift:47:42"
          AFTER UPDATE ON "reminders"
          FOR EACH ROW BEGIN
            UPDATE "reminders"
            SET "dueDate" = '2001-01-01 00:00:00.000'
            WHERE (("reminders"."id") = ("new"."id"));
          END
          """)
      } matching: { issue in
        issue.description.contains(
          """
          Cannot bind a date to a trigger statement. Specify dates using the '#sql' macro, \
          instead. For example, the current date:

              #sql("datetime()")

          Or a constant date:

              #sql("'2018-01-29 00:08:00'")
          """
        )
      }
    }

  #endif

  @Test func afterUpdateTouch() throws {
    expectSQL(
      RemindersList.createTemporaryTrigger(
        afterUpdateTouch: {
          $0.position += 1
        },
        fileID: "StructuredQueriesTests/TriggersTests.swift", line: 84, column: 45
      ),
      """
      CREATE TEMPORARY TRIGGER
        "after_update_on_remindersLists@StructuredQueriesTests/TriggersTests.swift:84:45"
      AFTER UPDATE ON "remindersLists"
      FOR EACH ROW BEGIN
        UPDATE "remindersLists"
        SET "position" = ("remindersLists"."position") + (1)
        WHERE (("remindersLists"."rowid") = ("new"."rowid"));
      END
      """)
    try database.write { db in
      try RemindersList.createTemporaryTrigger(afterUpdateTouch: { $0.position += 1 }).execute(db)
      try RemindersList.find(1).update { $0.title = "Home" }.execute(db)
    }
    #expect(try database.read { try RemindersList.find(1).select(\.position).fetchOne($0) } == 1)
  }

  @Test func afterUpdateTouchCustomDate() {
    expectSQL(
      Reminder.createTemporaryTrigger(
        afterUpdateTouch: \.updatedAt, date: #sql("customDate()"),
        fileID: "StructuredQueriesTests/TriggersTests.swift", line: 146, column: 40
      ),
      """
      CREATE TEMPORARY TRIGGER
        "after_update_on_reminders@StructuredQueriesTests/TriggersTests.swift:146:40"
      AFTER UPDATE ON "reminders"
      FOR EACH ROW BEGIN
        UPDATE "reminders"
        SET "updatedAt" = customDate()
        WHERE (("reminders"."rowid") = ("new"."rowid"));
      END
      """)
  }

  @Test func afterUpdateTouchCurrentDate() throws {
    try database.write { db in
      try Reminder.createTemporaryTrigger(afterUpdateTouch: \.updatedAt).execute(db)
      try Reminder.find(1).update { $0.title = "Milk" }.execute(db)
    }
    let updatedAt = try database.read { try Reminder.find(1).select(\.updatedAt).fetchOne($0) }
    #expect(try #require(updatedAt).timeIntervalSinceNow > -60)
  }

  @Test func multiStatement() throws {
    let trigger = RemindersList.createTemporaryTrigger(
      after: .insert { new in
        RemindersList
          .update {
            $0.position = RemindersList.select { ($0.position.max() ?? -1) + 1 }
          }
          .where { $0.id.eq(new.id) }
        RemindersList
          .where { $0.position.eq(0) }
          .delete()
        RemindersList
          .select(\.position)
      },
      fileID: "StructuredQueriesTests/TriggersTests.swift", line: 162, column: 57
    )
    expectSQL(
      trigger,
      """
      CREATE TEMPORARY TRIGGER
        "after_insert_on_remindersLists@StructuredQueriesTests/TriggersTests.swift:162:57"
      AFTER INSERT ON "remindersLists"
      FOR EACH ROW BEGIN
        UPDATE "remindersLists"
        SET "position" = (
          SELECT (coalesce(max("remindersLists"."position"), -1)) + (1)
          FROM "remindersLists"
        )
        WHERE (("remindersLists"."id") = ("new"."id"));
        DELETE FROM "remindersLists"
        WHERE (("remindersLists"."position") = (0));
        SELECT "remindersLists"."position"
        FROM "remindersLists";
      END
      """)

    try database.write { db in
      try trigger.execute(db)
      try RemindersList.insert { RemindersList.Draft(title: "Errands") }.execute(db)
      // The new list moves after the others, which, all at position 0, are deleted.
      #expect(try RemindersList.fetchAll(db) == [RemindersList(id: 4, title: "Errands", position: 1)])
    }
  }
}
