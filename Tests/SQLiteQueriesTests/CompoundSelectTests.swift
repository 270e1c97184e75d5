import Foundation
import SQLiteEngine
import SQLiteQueries
import Testing

@Suite("Compound selects: UNION, INTERSECT, EXCEPT")
struct CompoundSelectTests {
  let database: DatabaseQueue

  init() throws {
    database = try seededRemindersDatabase()
  }

  @Test func unionRendersTheOperatorOnItsOwnIndentedLine() {
    #expect(
      Reminder.select(\.title).union(RemindersList.select(\.title)).query.debugDescription == """
        SELECT "reminders"."title"
        FROM "reminders"
          UNION
        SELECT "remindersLists"."title"
        FROM "remindersLists"
        """)
    #expect(
      Reminder.where(\.isFlagged).select(\.title).union(all: true, Tag.select(\.title)).query.debugDescription
        == """
        SELECT "reminders"."title"
        FROM "reminders"
        WHERE ("reminders"."isFlagged")
          UNION ALL
        SELECT "tags"."title"
        FROM "tags"
        """)
  }

  @Test func intersectExceptAndChains() {
    let flagged = Reminder.where(\.isFlagged).select(\.id)
    let tagged = ReminderTag.select(\.reminderID)
    #expect(
      flagged.intersect(tagged).except(Reminder.where { $0.title.eq("x") }.select(\.id)).query
        .debugDescription == """
          SELECT "reminders"."id"
          FROM "reminders"
          WHERE ("reminders"."isFlagged")
            INTERSECT
          SELECT "remindersTags"."reminderID"
          FROM "remindersTags"
            EXCEPT
          SELECT "reminders"."id"
          FROM "reminders"
          WHERE (("reminders"."title") = ('x'))
          """)
  }

  @Test func orderedOperandsAndCompoundsOnTheRightAreWrapped() {
    let firstTitle = Reminder.order(by: \.title).limit(1).select(\.title)
    #expect(
      Tag.select(\.title).union(firstTitle).query.debugDescription == """
        SELECT "tags"."title"
        FROM "tags"
          UNION
        SELECT * FROM (
          SELECT "reminders"."title"
          FROM "reminders"
          ORDER BY "reminders"."title"
          LIMIT 1
        )
        """)
    let right = RemindersList.select(\.title).intersect(Tag.select(\.title))
    #expect(
      Reminder.select(\.title).union(right).query.debugDescription == """
        SELECT "reminders"."title"
        FROM "reminders"
          UNION
        SELECT * FROM (
          SELECT "remindersLists"."title"
          FROM "remindersLists"
            INTERSECT
          SELECT "tags"."title"
          FROM "tags"
        )
        """)
  }

  @Test func emptyOperandsSelectNoRows() throws {
    let titles = Tag.select(\.title)
    let none = Tag.none.select(\.title)
    #expect(none.union(titles).query.debugDescription == titles.query.debugDescription)
    #expect(titles.union(none).query.debugDescription == titles.query.debugDescription)
    #expect(titles.intersect(none).query.debugDescription == "")
    #expect(titles.except(none).query.debugDescription == titles.query.debugDescription)
    #expect(none.except(titles).query.debugDescription == "")
    try database.read { (db) throws in
      #expect(try titles.intersect(none).fetchAll(db) == [])
      #expect(try Set(none.union(titles).fetchAll(db)) == ["someday", "optional"])
    }
  }

  @Test func fetchesRowsOfEachOperand() throws {
    try database.read { db in
      let titles = try Reminder.select(\.title).union(RemindersList.select(\.title)).fetchAll(db)
      #expect(Set(titles) == ["Groceries", "Haircut", "Call accountant", "Personal", "Business"])
      #expect(titles.count == 5)

      let tagged = ReminderTag.select(\.reminderID)
      #expect(try tagged.union(all: true, tagged).fetchCount(db) == 6)
      #expect(try tagged.union(tagged).fetchCount(db) == 2)

      let flaggedAndTagged = try Reminder.where(\.isFlagged).select(\.id).intersect(tagged).fetchAll(db)
      #expect(flaggedAndTagged == [reminderID(2)])
      let untagged = try Reminder.select(\.id).except(tagged).fetchAll(db)
      #expect(untagged == [reminderID(3)])

      let firstTwo = Reminder.order(by: \.title).limit(2).select(\.title)
      let last = Reminder.order { $0.title.desc() }.limit(1).select(\.title)
      #expect(try Set(firstTwo.union(last).fetchAll(db)) == ["Call accountant", "Groceries", "Haircut"])
    }
  }

  @Test func wholeRowsAndTableValues() throws {
    try database.read { db in
      let lists = try RemindersList.where { $0.position.eq(0) }.union(
        RemindersList.where { $0.position.eq(1) }
      )
      .fetchAll(db)
      #expect(Set(lists.map(\.title)) == ["Personal", "Business"])

      let extra = Tag(title: "new")
      #expect(
        extra.union(Tag.all).query.debugDescription == """
          SELECT 'new' AS "title"
            UNION
          SELECT "tags"."title"
          FROM "tags"
          """)
      #expect(try Set(extra.union(Tag.all).fetchAll(db).map(\.title)) == ["new", "someday", "optional"])
      #expect(try Tag(title: "someday").except(Tag.all).fetchAll(db) == [])
      #expect(try Tag(title: "someday").intersect(Tag.all).fetchOne(db)?.title == "someday")
    }
  }

  @Test func compoundsAreSubqueries() throws {
    let ids = Reminder.where(\.isFlagged).select(\.id).union(ReminderTag.select(\.reminderID))
    let query = Reminder.where { $0.id.in(ids) }.order(by: \.title).select(\.title)
    #expect(
      query.query.debugDescription == """
        SELECT "reminders"."title"
        FROM "reminders"
        WHERE (("reminders"."id") IN (SELECT "reminders"."id"
        FROM "reminders"
        WHERE ("reminders"."isFlagged")
          UNION
        SELECT "remindersTags"."reminderID"
        FROM "remindersTags"))
        ORDER BY "reminders"."title"
        """)
    try database.read { (db) throws in
      #expect(try query.fetchAll(db) == ["Groceries", "Haircut"])
      #expect(try ids.fetchCursor(db).next() != nil)
    }
  }
}
