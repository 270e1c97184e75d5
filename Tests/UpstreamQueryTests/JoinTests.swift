import Foundation
import SQLiteData
import Testing

/// Upstream's `JoinTests`.
@Suite("Upstream: joins")
struct JoinTests {
  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func basics() throws {
    let statement = Reminder.order { $0.dueDate.desc() }
      .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
      .select { ($0.title, $1.title) }
    expectSQL(
      statement,
      """
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID") = ("remindersLists"."id")
      ORDER BY "reminders"."dueDate" DESC
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.first?.0 == "Take out trash" && rows.first?.1 == "Family")
    #expect(rows.last?.0 == "Buy concert tickets" && rows.last?.1 == "Personal")
  }

  @Test func outerJoinOptional() throws {
    let statement = RemindersList.leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
      .select { PriorityRow.Columns(value: $1.priority) }
    expectSQL(
      statement,
      """
      SELECT "reminders"."priority" AS "value"
      FROM "remindersLists"
      LEFT JOIN "reminders" ON ("remindersLists"."id") = ("reminders"."remindersListID")
      """)
    let values = try database.read { try statement.fetchAll($0) }.map(\.value)
    #expect(values.count == 10)
    #expect(values.filter { $0 == nil }.count == 5)
    #expect(values.filter { $0 == .high }.count == 3)
  }

  @Test func leftJoinWithoutMatch() throws {
    // A list with no reminders: its row comes back with nil for each of the reminder's columns.
    try database.write { db in
      try RemindersList.insert { RemindersList.Draft(title: "Empty") }.execute(db)
    }
    let statement = RemindersList.where { $0.title.eq("Empty") }
      .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
      .select { ($0.title, $1.title, $1.dueDate, $1.id) }
    let row = try #require(try database.read { try statement.fetchOne($0) })
    #expect(row.0 == "Empty")
    #expect(row.1 == nil && row.2 == nil && row.3 == nil)
  }
}

@Selection
private struct PriorityRow {
  let value: Priority?
}
