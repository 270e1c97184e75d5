import Foundation
import SQLiteData
import Testing

/// Upstream's `DeleteTests`. Where upstream's stored versions disagree on the form of RETURNING
/// for a key path, the expected SQL names the column alone, as its INSERT and UPDATE cases do.
@Suite("Upstream: DELETE")
struct DeleteTests {
  enum R: AliasName {}

  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func deleteAll() throws {
    let statement = Reminder.delete().returning(\.id)
    expectSQL(
      statement,
      """
      DELETE FROM "reminders"
      RETURNING "id"
      """)
    #expect(try database.write { try statement.fetchAll($0) } == Array(1...10))
    expectSQL(
      Reminder.count(),
      """
      SELECT count(*)
      FROM "reminders"
      """)
    #expect(try database.read { try Reminder.count().fetchOne($0) } == 0)
  }

  @Test func deleteID1() throws {
    let statement = Reminder.delete().where { $0.id == 1 }.returning(\.self)
    expectSQL(
      statement,
      """
      DELETE FROM "reminders"
      WHERE (("reminders"."id") = (1))
      RETURNING "id", "assignedUserID", "dueDate", "isCompleted", "isFlagged", "notes", "priority", "remindersListID", "title", "updatedAt"
      """)
    let deleted = try database.write { try statement.fetchAll($0) }
    #expect(deleted.map(\.title) == ["Groceries"])
    #expect(deleted.first?.dueDate == Date(timeIntervalSinceReferenceDate: 0))
    expectSQL(
      Reminder.count(),
      """
      SELECT count(*)
      FROM "reminders"
      """)
    #expect(try database.read { try Reminder.count().fetchOne($0) } == 9)
  }

  @Test func primaryKey() throws {
    let statement = Reminder.delete(Reminder(id: 1, remindersListID: 1))
    expectSQL(
      statement,
      """
      DELETE FROM "reminders"
      WHERE (("reminders"."id") = (1))
      """)
    try database.write { try statement.execute($0) }
    expectSQL(
      Reminder.count(),
      """
      SELECT count(*)
      FROM "reminders"
      """)
    #expect(try database.read { try Reminder.count().fetchOne($0) } == 9)
  }

  @Test func deleteWhereKeyPath() throws {
    let statement = Reminder.delete().where(\.isCompleted).returning(\.title)
    expectSQL(
      statement,
      """
      DELETE FROM "reminders"
      WHERE ("reminders"."isCompleted")
      RETURNING "title"
      """)
    #expect(
      try database.write { try statement.fetchAll($0) } == [
        "Take a walk", "Get laundry", "Send weekly emails",
      ])
  }

  @Test func aliasName() throws {
    let statement = RemindersList.as(R.self).where { $0.id == 1 }.delete().returning(\.self)
    expectSQL(
      statement,
      """
      DELETE FROM "remindersLists" AS "rs"
      WHERE (("rs"."id") = (1))
      RETURNING "id", "color", "title", "position"
      """)
    #expect(try database.write { try statement.fetchAll($0) }.map(\.title) == ["Personal"])
  }

  @Test func noPrimaryKey() {
    expectSQL(Item.delete(), #"DELETE FROM "items""#)
  }

  @Test func empty() throws {
    expectSQL(Reminder.none.delete(), "")
    try database.write { try Reminder.none.delete().execute($0) }
    #expect(try database.read { try Reminder.count().fetchOne($0) } == 10)
  }
}

@Table private struct Item {
  var title = ""
  var quantity = 0
}
