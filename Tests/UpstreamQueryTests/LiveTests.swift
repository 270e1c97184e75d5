import Foundation
import SQLiteData
import Testing

/// Upstream's `LiveTests`: statements run against the seeded database, their rows checked.
@Suite("Upstream: live")
struct LiveTests {
  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  /// The seeded reminders, in the order of their ids.
  private static let reminders: [Reminder] = {
    let now = Date(timeIntervalSinceReferenceDate: 0)
    let day: TimeInterval = 60 * 60 * 24
    return [
      Reminder(
        id: 1, assignedUserID: 1, dueDate: now, notes: "Milk, Eggs, Apples", remindersListID: 1,
        title: "Groceries"),
      Reminder(id: 2, dueDate: now - 2 * day, isFlagged: true, remindersListID: 1, title: "Haircut"),
      Reminder(
        id: 3, dueDate: now, notes: "Ask about diet", priority: .high, remindersListID: 1,
        title: "Doctor appointment"),
      Reminder(id: 4, dueDate: now - 190 * day, isCompleted: true, remindersListID: 1, title: "Take a walk"),
      Reminder(id: 5, remindersListID: 1, title: "Buy concert tickets"),
      Reminder(
        id: 6, dueDate: now + 2 * day, isFlagged: true, priority: .high, remindersListID: 2,
        title: "Pick up kids from school"),
      Reminder(
        id: 7, dueDate: now - 2 * day, isCompleted: true, priority: .low, remindersListID: 2,
        title: "Get laundry"),
      Reminder(
        id: 8, dueDate: now + 4 * day, isCompleted: false, priority: .high, remindersListID: 2,
        title: "Take out trash"),
      Reminder(
        id: 9, dueDate: now + 2 * day,
        notes: "Status of tax return\nExpenses for next year\nChanging payroll company", remindersListID: 3,
        title: "Call accountant"),
      Reminder(
        id: 10, dueDate: now - 2 * day, isCompleted: true, priority: .medium, remindersListID: 3,
        title: "Send weekly emails"),
    ]
  }()

  @Test func selectAll() throws {
    expectSQL(
      Reminder.all,
      """
      SELECT "reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt"
      FROM "reminders"
      """)
    #expect(try database.read { try Reminder.all.fetchAll($0) } == Self.reminders)
  }

  @Test func select() throws {
    let averagePriority = Reminder.select { $0.priority.cast(as: Int?.self).avg() }
    let statement =
      Reminder
      .select { ($0.title, $0.priority, averagePriority) }
      .where { #sql("\($0.priority) < (\(averagePriority))") || $0.priority == nil }
      .order { $0.priority.desc() }
    expectSQL(
      statement,
      """
      SELECT "reminders"."title", "reminders"."priority", (
        SELECT avg(CAST("reminders"."priority" AS INTEGER))
        FROM "reminders"
      )
      FROM "reminders"
      WHERE (("reminders"."priority" < (SELECT avg(CAST("reminders"."priority" AS INTEGER))
      FROM "reminders")) OR (("reminders"."priority") IS (NULL)))
      ORDER BY "reminders"."priority" DESC
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(
      rows.map(\.0) == [
        "Send weekly emails", "Get laundry", "Groceries", "Haircut", "Take a walk", "Buy concert tickets",
        "Call accountant",
      ])
    #expect(rows.map(\.1) == [.medium, .low, nil, nil, nil, nil, nil])
    #expect(rows.map(\.2) == Array(repeating: 2.4, count: 7))
  }

  @Test func remindersListWithReminderCount() throws {
    let statement =
      RemindersList
      .group(by: \.id)
      .join(Reminder.all) { $0.id.eq($1.remindersListID) }
      .select { ($0, $1.id.count()) }
    expectSQL(
      statement,
      """
      SELECT "remindersLists"."id", "remindersLists"."color", "remindersLists"."title", "remindersLists"."position", count("reminders"."id")
      FROM "remindersLists"
      JOIN "reminders" ON ("remindersLists"."id") = ("reminders"."remindersListID")
      GROUP BY "remindersLists"."id"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(
      rows.map(\.0) == [
        RemindersList(id: 1, color: 4_889_071, title: "Personal"),
        RemindersList(id: 2, color: 15_567_157, title: "Family"),
        RemindersList(id: 3, color: 11_689_427, title: "Business"),
      ])
    #expect(rows.map(\.1) == [5, 3, 2])
  }

  @Test func remindersWithTags() throws {
    let statement =
      Reminder
      .group(by: \.id)
      .join(ReminderTag.all) { $0.id.eq($1.reminderID) }
      .join(Tag.all) { $1.tagID.eq($2.id) }
      .select { ($0, $2.title.groupConcat()) }
    expectSQL(
      statement,
      """
      SELECT "reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt", group_concat("tags"."title")
      FROM "reminders"
      JOIN "remindersTags" ON ("reminders"."id") = ("remindersTags"."reminderID")
      JOIN "tags" ON ("remindersTags"."tagID") = ("tags"."id")
      GROUP BY "reminders"."id"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == [Self.reminders[0], Self.reminders[1], Self.reminders[3]])
    #expect(rows.map(\.1) == ["someday,optional", "someday,optional", "car,kids"])
  }

  @Test func basics() throws {
    let database = try DatabaseQueue()
    try database.write { db in
      try #sql(
        """
        CREATE TABLE "syncUps" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL UNIQUE,
          "isActive" BOOLEAN NOT NULL DEFAULT 1,
          "title" TEXT NOT NULL DEFAULT '',
          "createdAt" TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
        )
        """
      )
      .execute(db)
      try #sql(
        """
        CREATE TABLE "attendees" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL UNIQUE,
          "name" TEXT NOT NULL DEFAULT '',
          "syncUpID" INTEGER NOT NULL,
          "createdAt" TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
        )
        """
      )
      .execute(db)
      try SyncUp.insert().execute(db)
    }
    #expect(
      try #require(try database.read { try SyncUp.all.select(\.createdAt).fetchAll($0) }.first)
        .timeIntervalSinceNow < 1
    )
    #expect(try #require(try database.read { try SyncUp.all.fetchAll($0) }.first).id == 1)
  }

  @Table
  fileprivate struct SyncUp {
    let id: Int
    var isActive: Bool
    var title: String
    var createdAt: Date
  }

  @Table
  fileprivate struct Attendee {
    let id: Int
    var name: String
    var syncUpID: Int
    var createdAt: Date
  }
}
