import Foundation
import SQLiteData
import Testing

/// Upstream's `WhereTests`: conditions combined with `and`, `or` and `not`, between `Where`
/// values as well as inside one.
@Suite("Upstream: where clauses")
struct WhereTests {
  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  func count(_ statement: Select<Int, Reminder, ()>) throws -> Int? {
    try database.read { try statement.fetchOne($0) }
  }

  @Test func and() throws {
    let both = """
      SELECT count(*)
      FROM "reminders"
      WHERE (("reminders"."isCompleted") AND ("reminders"."isFlagged"))
      """
    expectSQL(Reminder.where(\.isCompleted).and(Reminder.where(\.isFlagged)).count(), both)
    expectSQL((Reminder.where(\.isCompleted) && Reminder.where(\.isFlagged)).count(), both)
    #expect(try count(Reminder.where(\.isCompleted).and(Reminder.where(\.isFlagged)).count()) == 0)

    let flagged = """
      SELECT count(*)
      FROM "reminders"
      WHERE ("reminders"."isFlagged")
      """
    expectSQL(Reminder.all.and(Reminder.where(\.isFlagged)).count(), flagged)
    expectSQL(Reminder.where(\.isFlagged).and(Reminder.all).count(), flagged)
    #expect(try count(Reminder.all.and(Reminder.where(\.isFlagged)).count()) == 2)
  }

  @Test func or() throws {
    let either = """
      SELECT count(*)
      FROM "reminders"
      WHERE (("reminders"."isCompleted") OR ("reminders"."isFlagged"))
      """
    expectSQL(Reminder.where(\.isCompleted).or(Reminder.where(\.isFlagged)).count(), either)
    expectSQL((Reminder.where(\.isCompleted) || Reminder.where(\.isFlagged)).count(), either)
    #expect(try count(Reminder.where(\.isCompleted).or(Reminder.where(\.isFlagged)).count()) == 5)

    let flagged = """
      SELECT count(*)
      FROM "reminders"
      WHERE ("reminders"."isFlagged")
      """
    expectSQL(Reminder.all.or(Reminder.where(\.isFlagged)).count(), flagged)
    expectSQL(Reminder.where(\.isFlagged).or(Reminder.all).count(), flagged)
    #expect(try count(Reminder.where(\.isFlagged).or(Reminder.all).count()) == 2)
  }

  @Test func not() throws {
    let notCompleted = """
      SELECT count(*)
      FROM "reminders"
      WHERE (NOT ("reminders"."isCompleted"))
      """
    expectSQL(Reminder.where(\.isCompleted).not().count(), notCompleted)
    expectSQL((!Reminder.where(\.isCompleted)).count(), notCompleted)
    #expect(try count((!Reminder.where(\.isCompleted)).count()) == 7)

    expectSQL(
      Reminder.all.not().count(),
      """
      SELECT count(*)
      FROM "reminders"
      WHERE (NOT (1))
      """)
    #expect(try count(Reminder.all.not().count()) == 0)
  }

  @Test func optionalBoolean() throws {
    let listID = try database.write { db in
      try RemindersList.insert { RemindersList.Draft(title: "New list") }.returning(\.id).fetchAll(db)
    }
    let id = try #require(listID.first)
    let statement = RemindersList.find(id)
      .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
      .where { $1.isCompleted }
    expectSQL(
      statement,
      """
      SELECT "remindersLists"."id", "remindersLists"."color", "remindersLists"."title", "remindersLists"."position", "reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt"
      FROM "remindersLists"
      LEFT JOIN "reminders" ON ("remindersLists"."id") = ("reminders"."remindersListID")
      WHERE (("remindersLists"."id") IN ((4))) AND ("reminders"."isCompleted")
      """)
    #expect(try database.read { try statement.fetchAll($0) }.isEmpty)
  }

  @Test func buildArray() throws {
    let terms = ["daily", "monthly"]
    let statement = RemindersList.where {
      for term in terms {
        $0.title.contains(term)
      }
    }
    expectSQL(
      statement,
      """
      SELECT "remindersLists"."id", "remindersLists"."color", "remindersLists"."title", "remindersLists"."position"
      FROM "remindersLists"
      WHERE (("remindersLists"."title" LIKE '%daily%')) AND (("remindersLists"."title" LIKE '%monthly%'))
      """)
    #expect(try database.read { try statement.fetchAll($0) }.isEmpty)
  }

  @Test func multipleWheres() throws {
    let statement =
      Reminder
      .where { $0.assignedUserID.eq(1) }
      .where { !$0.isCompleted }
      .where {
        ($0.isFlagged && $0.priority.ifnull(Priority.low).gte(Priority.medium))
          || (#sql("\($0.dueDate) <= date('now')") && $0.priority.is(nil))
      }
    expectSQL(
      statement,
      """
      SELECT "reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt"
      FROM "reminders"
      WHERE (("reminders"."assignedUserID") = (1)) AND (NOT ("reminders"."isCompleted")) AND ((("reminders"."isFlagged") AND ((ifnull("reminders"."priority", 1)) >= (2))) OR (("reminders"."dueDate" <= date('now')) AND (("reminders"."priority") IS (NULL))))
      """)
    #expect(try database.read { try statement.fetchAll($0) }.map(\.title) == ["Groceries"])
  }
}
