import Foundation
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// `IN` with a subquery renders the subquery inside the parentheses, as upstream does, and runs.
@Suite("Seeds: IN a subquery", .dependency(\.defaultDatabase, try appDatabase()))
struct SubqueryRenderingTests {
  @Dependency(\.defaultDatabase) var database

  @Test func inAndNotInASubquery() throws {
    let inLists = Reminder.where { $0.remindersListID.in(RemindersList.select(\.id)) }.select(\.id)
    #expect(
      inLists.query.debugDescription == """
        SELECT "reminders"."id"
        FROM "reminders"
        WHERE (("reminders"."remindersListID") IN (SELECT "remindersLists"."id"
        FROM "remindersLists"))
        """)
    let outside = Reminder.where {
      $0.remindersListID.notIn(RemindersList.where { $0.title.eq("Nowhere") }.select(\.id))
    }
    .select(\.id)
    #expect(outside.query.debugDescription.contains(#"NOT IN (SELECT "remindersLists"."id""#))
    // A subquery that selects nothing still makes SQL that runs.
    let none = Reminder.where { $0.remindersListID.in(RemindersList.none.select(\.id)) }.select(\.id)
    #expect(none.query.debugDescription.contains("IN (SELECT NULL WHERE 0)"))
    try database.read { db in
      let all = try Reminder.select(\.id).fetchAll(db)
      #expect(try inLists.fetchAll(db) == all)
      #expect(try outside.fetchAll(db) == all)
      #expect(try none.fetchAll(db).isEmpty)
    }
  }
}
