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

/// A `@Selection` holding a whole table selects each of its columns under the column's name, as
/// upstream does.
@Suite("Seeds: a table inside a selection", .dependency(\.defaultDatabase, try appDatabase()))
struct TableInSelectionTests {
  @Dependency(\.defaultDatabase) var database

  @Selection struct ListWithCount {
    let list: RemindersList
    let reminderCount: Int
  }

  @Test func eachColumnOfTheTableIsAliased() throws {
    let query = RemindersList.group(by: \.id).leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
      .select { ListWithCount.Columns(list: $0, reminderCount: $1.id.count()) }
    let sql = query.query.debugDescription
    #expect(sql.hasPrefix(#"SELECT "remindersLists"."id" AS "id", "#))
    #expect(sql.contains(#"count("reminders"."id") AS "reminderCount""#))
    try database.read { db in
      let rows = try query.fetchAll(db)
      #expect(rows.count == (try RemindersList.fetchCount(db)))
      #expect(rows.map(\.reminderCount).reduce(0, +) == (try Reminder.fetchCount(db)))
    }
  }
}
