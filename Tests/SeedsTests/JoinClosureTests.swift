import Foundation
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// Closures of one expression type-check after joins, at every arity and in every clause, as the
/// seeds write them: `Reminder.withTags.where { _, _, tag in tag.title.is("someday") }`.
@Suite("Seeds: one-expression closures after joins", .dependency(\.defaultDatabase, try appDatabase()))
struct JoinClosureTests {
  @Dependency(\.defaultDatabase) var database

  @Test func everyClauseAtEveryArity() throws {
    let withList = Reminder.join(RemindersList.all) { $0.remindersListID.eq($1.id) }
    let withTagAndList = withList.leftJoin(ReminderTag.all) { $0.id.eq($2.reminderID) }
    try database.read { db in
      // No join.
      _ = try Reminder.where { reminder in reminder.title.is("x") }.fetchAll(db)
      _ = try Reminder.group { reminder in reminder.title }.having { reminder in reminder.id.count().gt(1) }
        .fetchAll(db)
      // One join.
      _ = try withList.where { _, list in list.title.is("x") }.fetchAll(db)
      _ = try withList.order { _, list in list.title }.fetchAll(db)
      _ = try withList.group { _, list in list.title }.having { _, list in list.title.count().gt(1) }
        .fetchAll(db)
      _ = try withList.select { _, list in list.title }.fetchAll(db)
      // Two joins.
      _ = try Reminder.withTags.where { _, _, tag in tag.title.is("someday") }.fetchAll(db)
      _ = try Reminder.withTags.having { _, _, tag in tag.title.count().gt(1) }.fetchAll(db)
      _ = try Reminder.withTags.order { reminder, _, _ in reminder.title }.fetchAll(db)
      _ = try Reminder.withTags.select { reminder, _, _ in reminder.title }.fetchAll(db)
      _ = try withTagAndList.group { _, list, _ in list.title }.select { _, list, _ in list.title }.fetchAll(
        db)
      // Three joins.
      let withEverything = withTagAndList.leftJoin(Tag.all) { $2.tagID.eq($3.primaryKey) }
      _ = try withEverything.where { _, _, _, tag in tag.title.is("someday") }.fetchAll(db)
      _ = try withEverything.order { _, _, _, tag in tag.title }.fetchAll(db)
      _ = try withEverything.select { reminder, _, _, _ in reminder.title }.fetchAll(db)
    }
    #expect(
      Reminder.withTags.where { _, _, tag in tag.title.is("someday") }.query.debugDescription
        .contains(#"WHERE (("tags"."title") IS ('someday'))"#))
  }
}
