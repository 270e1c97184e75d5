import Foundation
import SQLiteData
import Testing

/// Upstream's `SQLMacroTests`: statements written with `#sql`, with tables, their columns and
/// bound values interpolated. `#sql` is a query expression here, not a statement, so its SQL is
/// checked with `expectFragment`.
///
/// `customDecoding` decodes with this library's `QueryDecoder`, whose `decode` throws on NULL
/// rather than returning an optional for the type to reject with
/// `QueryDecodingError.missingRequiredColumn`.
@Suite("Upstream: #sql")
struct SQLMacroTests {
  @Table
  struct ReminderWithList: Equatable {
    let reminder: Reminder
    let list: RemindersList
  }

  static let groceries = Reminder(
    id: 1, assignedUserID: 1, dueDate: Date(timeIntervalSinceReferenceDate: 0), notes: "Milk, Eggs, Apples",
    remindersListID: 1, title: "Groceries")
  static let personal = RemindersList(id: 1, color: 0x4a99ef, title: "Personal")

  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func rawSelect() throws {
    let statement = #sql(
      """
      SELECT \(Reminder.columns)
      FROM \(Reminder.self)
      ORDER BY \(Reminder.id)
      LIMIT 1
      """,
      as: Reminder.self
    )
    expectFragment(
      statement,
      """
      SELECT "reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt"
      FROM "reminders"
      ORDER BY "reminders"."id"
      LIMIT 1
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows == [Self.groceries])
    #expect(rows.first?.updatedAt == Date(timeIntervalSinceReferenceDate: 1_234_567_890))
  }

  @Test func join() throws {
    let statement = #sql(
      """
      SELECT
        \(Reminder.columns),
        \(RemindersList.columns)
      FROM \(Reminder.self)
      JOIN \(RemindersList.self)
        ON \(Reminder.remindersListID) = \(RemindersList.id)
      LIMIT 1
      """,
      as: (Reminder, RemindersList).self
    )
    expectFragment(
      statement,
      """
      SELECT
        "reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt",
        "remindersLists"."id", "remindersLists"."color", "remindersLists"."title", "remindersLists"."position"
      FROM "reminders"
      JOIN "remindersLists"
        ON "reminders"."remindersListID" = "remindersLists"."id"
      LIMIT 1
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == [Self.groceries])
    #expect(rows.map(\.1) == [Self.personal])
  }

  @Test func selection() throws {
    // The first line of the SQL ends in a space, as upstream's does.
    let statement = #sql(
      """
      SELECT \(Reminder.columns), \(RemindersList.columns)\u{20}
      FROM \(Reminder.self) \
      JOIN \(RemindersList.self) \
      ON \(Reminder.remindersListID) = \(RemindersList.id) \
      LIMIT 1
      """,
      as: ReminderWithList.self
    )
    expectFragment(
      statement,
      """
      SELECT "reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt", "remindersLists"."id", "remindersLists"."color", "remindersLists"."title", "remindersLists"."position"\u{20}
      FROM "reminders" JOIN "remindersLists" ON "reminders"."remindersListID" = "remindersLists"."id" LIMIT 1
      """)
    #expect(
      try database.read { try statement.fetchAll($0) } == [
        ReminderWithList(reminder: Self.groceries, list: Self.personal)
      ])
  }

  @Test func customDecoding() throws {
    struct ReminderResult: QueryRepresentable {
      typealias QueryOutput = ReminderResult
      let title: String
      let isCompleted: Bool
      init(decoder: inout QueryDecoder) throws {
        title = try decoder.decode(String.self)
        isCompleted = try decoder.decode(Bool.self)
      }
    }
    let statement = #sql(#"SELECT "title", "isCompleted" FROM "reminders" LIMIT 4"#, as: ReminderResult.self)
    expectFragment(
      statement,
      """
      SELECT "title", "isCompleted" FROM "reminders" LIMIT 4
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.title) == ["Groceries", "Haircut", "Doctor appointment", "Take a walk"])
    #expect(rows.map(\.isCompleted) == [false, false, false, true])
  }

  @Test func interpolateOptionalValues() throws {
    var optionalValue: Int? = nil
    let isNull = #sql(
      """
      SELECT \(Reminder.title)
      FROM \(Reminder.self)
      WHERE \(bind: optionalValue) IS NULL
      LIMIT 1
      """,
      as: String.self
    )
    expectFragment(
      isNull,
      """
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE NULL IS NULL
      LIMIT 1
      """)
    #expect(try database.read { try isNull.fetchAll($0) } == ["Groceries"])

    optionalValue = 42
    let isNotNull = #sql(
      """
      SELECT \(Reminder.title)
      FROM \(Reminder.self)
      WHERE \(bind: optionalValue) IS NOT NULL
      LIMIT 1
      """,
      as: String.self
    )
    expectFragment(
      isNotNull,
      """
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE 42 IS NOT NULL
      LIMIT 1
      """)
    #expect(try database.read { try isNotNull.fetchAll($0) } == ["Groceries"])
  }
}
