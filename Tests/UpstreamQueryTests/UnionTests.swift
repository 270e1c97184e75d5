import Foundation
import SQLiteData
import Testing

/// Upstream's `UnionTests`: compound selects, with `.none` operands left out, and as a common
/// table expression.
@Suite("Upstream: UNION")
struct UnionTests {
  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func basics() throws {
    let statement = Reminder.select { ("reminder", $0.title) }
      .union(RemindersList.select { ("list", $0.title) })
      .union(Tag.select { ("tag", $0.title) })
    expectSQL(
      statement,
      """
      SELECT 'reminder', "reminders"."title"
      FROM "reminders"
        UNION
      SELECT 'list', "remindersLists"."title"
      FROM "remindersLists"
        UNION
      SELECT 'tag', "tags"."title"
      FROM "tags"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.count == 17)
    #expect(rows.first?.0 == "list" && rows.first?.1 == "Business")
    #expect(rows.last?.0 == "tag" && rows.last?.1 == "someday")
  }

  @Test func empty() throws {
    let statement = Reminder.none.select { ("reminder", $0.title) }
      .union(RemindersList.select { ("list", $0.title) })
      .union(Tag.none.select { ("tag", $0.title) })
    expectSQL(
      statement,
      """
      SELECT 'list', "remindersLists"."title"
      FROM "remindersLists"
      """)
    #expect(try database.read { try statement.fetchAll($0) }.map(\.1) == ["Business", "Family", "Personal"])
  }

  @Test func commonTableExpression() throws {
    let statement = With {
      Reminder.select { UnionName.Columns(type: "reminder", value: $0.title) }
        .union(RemindersList.select { UnionName.Columns(type: "list", value: $0.title) })
        .union(Tag.select { UnionName.Columns(type: "tag", value: $0.title) })
    } query: {
      UnionName.order { ($0.type.desc(), $0.value.asc()) }
    }
    expectSQL(
      statement,
      """
      WITH "names" AS (
        SELECT 'reminder' AS "type", "reminders"."title" AS "value"
        FROM "reminders"
          UNION
        SELECT 'list' AS "type", "remindersLists"."title" AS "value"
        FROM "remindersLists"
          UNION
        SELECT 'tag' AS "type", "tags"."title" AS "value"
        FROM "tags"
      )
      SELECT "names"."type", "names"."value"
      FROM "names"
      ORDER BY "names"."type" DESC, "names"."value" ASC
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.count == 17)
    #expect(rows.first == UnionName(type: "tag", value: "car"))
    #expect(rows.last == UnionName(type: "list", value: "Personal"))
  }
}

@Table("names")
private struct UnionName: Equatable {
  let type: String
  let value: String
}
