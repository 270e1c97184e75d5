import Foundation
import SQLiteEngine
import SQLiteQueries
import Testing

@Suite("SELECT renders as the seeds' library renders it")
struct SelectRenderingTests {
  @Test func allColumns() {
    #expect(
      Tag.all.query.debugDescription == """
        SELECT "tags"."title"
        FROM "tags"
        """)
    #expect(
      RemindersList.all.query.debugDescription == """
        SELECT "remindersLists"."id", "remindersLists"."color", "remindersLists"."position", "remindersLists"."title"
        FROM "remindersLists"
        """)
  }

  @Test func tableNames() {
    #expect(RemindersList.tableName == "remindersLists")
    #expect(Reminder.tableName == "reminders")
    #expect(ReminderTag.tableName == "remindersTags")
    #expect(Tag.tableName == "tags")
  }

  @Test func whereOrderLimit() {
    let query = Reminder.where { !$0.isCompleted }.order { $0.title.desc() }.limit(10, offset: 20)
    #expect(
      query.select(\.title).query.debugDescription == """
        SELECT "reminders"."title"
        FROM "reminders"
        WHERE (NOT (("reminders"."status") <> (0)))
        ORDER BY "reminders"."title" DESC
        LIMIT 10 OFFSET 20
        """)
  }

  /// A select keeps its rendered statement; one refined from it (a copy with other clauses) must
  /// render its own, and the first keeps its own.
  @Test func aRefinedSelectRendersItsOwnStatement() {
    let titles = Reminder.where(\.isFlagged).select(\.title)
    let first = titles.query.debugDescription
    let limited = titles.limit(2)
    #expect(
      limited.query.debugDescription == """
        SELECT "reminders"."title"
        FROM "reminders"
        WHERE ("reminders"."isFlagged")
        LIMIT 2
        """)
    #expect(titles.order(by: \.title).query.debugDescription.hasSuffix(#"ORDER BY "reminders"."title""#))
    #expect(titles.query.debugDescription == first)
    #expect(!first.contains("LIMIT"))
  }

  @Test func keyPathWhereAndSeveralWheres() {
    #expect(
      Reminder.where(\.isFlagged).select(\.id).query.debugDescription == """
        SELECT "reminders"."id"
        FROM "reminders"
        WHERE ("reminders"."isFlagged")
        """)
    #expect(
      Reminder.where { $0.priority.eq(Reminder.Priority.high) }.where { !$0.isFlagged }.select(\.id).query
        .debugDescription == """
          SELECT "reminders"."id"
          FROM "reminders"
          WHERE (("reminders"."priority") = (3)) AND (NOT ("reminders"."isFlagged"))
          """)
  }

  @Test func orderingTerms() {
    #expect(
      Reminder.order { ($0.isFlagged, $0.dueDate.asc(nulls: .last), $0.title.desc()) }.select(\.id).query
        .debugDescription == """
          SELECT "reminders"."id"
          FROM "reminders"
          ORDER BY "reminders"."isFlagged", "reminders"."dueDate" ASC NULLS LAST, "reminders"."title" DESC
          """)
    #expect(
      RemindersList.order(by: \.position, \.title).select(\.id).query.debugDescription == """
        SELECT "remindersLists"."id"
        FROM "remindersLists"
        ORDER BY "remindersLists"."position", "remindersLists"."title"
        """)
    let forward = false
    #expect(
      Reminder.order {
        if forward {
          $0.title
        } else {
          $0.title.desc()
        }
      }
      .select(\.id).query.debugDescription.hasSuffix(#"ORDER BY "reminders"."title" DESC"#))
  }

  @Test func offsetWithoutLimit() {
    #expect(Reminder.all.offset(8).select(\.id).query.debugDescription.hasSuffix("LIMIT -1 OFFSET 8"))
  }

  @Test func countsAndNone() {
    #expect(
      Reminder.count().query.debugDescription == """
        SELECT count(*)
        FROM "reminders"
        """)
    #expect(
      Reminder.count { $0.isFlagged }.query.debugDescription == """
        SELECT count(*) FILTER (WHERE "reminders"."isFlagged")
        FROM "reminders"
        """)
    #expect(Reminder.none.query.debugDescription == "")
  }

  @Test func findRendersIn() {
    let id = reminderID(1)
    #expect(
      Reminder.find(id).select(\.title).query.debugDescription == """
        SELECT "reminders"."title"
        FROM "reminders"
        WHERE (("reminders"."id") IN (('10000000-0000-0000-0000-000000000001')))
        """)
  }

  @Test func statsSelection() {
    let query = Reminder.select {
      Stats.Columns(
        allCount: $0.count(filter: !$0.isCompleted),
        flaggedCount: $0.count(filter: $0.isFlagged && !$0.isCompleted),
        scheduledCount: $0.count(filter: $0.isScheduled),
        todayCount: $0.count(filter: $0.isToday)
      )
    }
    #expect(
      query.query.debugDescription.hasPrefix(
        #"SELECT count("reminders"."id") FILTER (WHERE NOT (("reminders"."status") <> (0))) AS "allCount", "#)
    )
    #expect(query.query.debugDescription.contains(#" AS "todayCount""#))
  }

  @Test func joinsGroupsAndHaving() {
    let query =
      RemindersList
      .group(by: \.id)
      .order(by: \.position)
      .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) && !$1.isCompleted }
      .select { ListSummary.Columns(list: $0, incompleteCount: $1.id.count()) }
    #expect(
      query.query.debugDescription == """
        SELECT "remindersLists"."id" AS "id", "remindersLists"."color" AS "color", \
        "remindersLists"."position" AS "position", "remindersLists"."title" AS "title", \
        count("reminders"."id") AS "incompleteCount"
        FROM "remindersLists"
        LEFT JOIN "reminders" ON (("remindersLists"."id") = ("reminders"."remindersListID")) AND (NOT (("reminders"."status") <> (0)))
        GROUP BY "remindersLists"."id"
        ORDER BY "remindersLists"."position"
        """)
  }

  @Test func identifiersAndValuesAreQuoted() {
    let title = "it's \"quoted\"\u{0}"
    #expect(
      Reminder.where { $0.title.eq(title) }.select(\.id).query.debugDescription.hasSuffix(
        "WHERE ((\"reminders\".\"title\") = ('it''s \"quoted\"\u{0}'))"))
    #expect(Reminder.where { $0.title.eq(title) }.select(\.id).query.prepare().bindings == [.text(title)])
  }
}
