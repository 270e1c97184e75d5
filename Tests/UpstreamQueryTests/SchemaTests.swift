import Foundation
import SQLiteData
import Testing

/// Upstream's `SchemaTests` (its suite is `SchemaNameTests`): a table declared in a named schema,
/// `@Table("reminders", schema: "main")`, whose statements name the schema before the table and
/// before each column.
@Suite("Upstream: schema names")
struct SchemaNameTests {
  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func select() throws {
    let statement = Reminder.limit(1)
    expectSQL(
      statement,
      """
      SELECT "main"."reminders"."id", "main"."reminders"."remindersListID"
      FROM "main"."reminders"
      LIMIT 1
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.id) == [1])
    #expect(rows.map(\.remindersListID) == [1])
  }

  @Test func insert() {
    expectSQL(
      Reminder.insert { Reminder.Draft(remindersListID: 1) },
      """
      INSERT INTO "main"."reminders"
      ("id", "remindersListID")
      VALUES
      (NULL, 1)
      """)
  }

  @Test func update() {
    expectSQL(
      Reminder.where { $0.remindersListID.eq(1) }.update { $0.remindersListID = 2 },
      """
      UPDATE "main"."reminders"
      SET "remindersListID" = 2
      WHERE (("main"."reminders"."remindersListID") = (1))
      """)
  }

  @Test func delete() {
    expectSQL(
      Reminder.where { $0.remindersListID.eq(1) }.delete(),
      """
      DELETE FROM "main"."reminders"
      WHERE (("main"."reminders"."remindersListID") = (1))
      """)
  }

  @Table("reminders", schema: "main")
  fileprivate struct Reminder {
    let id: Int
    let remindersListID: Int
  }
}
