import Foundation
import SQLiteData
import Testing

/// Upstream's `OperatorsTests`: comparison, logic, arithmetic, bitwise and string operators on
/// columns, in expressions and in updates. A subquery on the right of `IN` is written once
/// parenthesized: upstream's doubled parentheses make SQLite 3.40 read it as one value.
@Suite("Upstream: operators")
struct OperatorsTests {
  @Table("rows")
  struct Row {
    var a: Int?
    var b: Int?
    var c: Int
    var bool: Bool
    var string: String
  }

  @Test func equality() {
    expectFragment(Row.columns.c == Row.columns.c, #"("rows"."c") = ("rows"."c")"#)
    expectFragment(Row.columns.c == Row.columns.a, #"("rows"."c") = ("rows"."a")"#)
    expectFragment(Row.columns.c == nil as Int?, #"("rows"."c") IS (NULL)"#)
    expectFragment(Row.columns.a == Row.columns.c, #"("rows"."a") IS ("rows"."c")"#)
    expectFragment(Row.columns.a == Row.columns.a, #"("rows"."a") IS ("rows"."a")"#)
    expectFragment(Row.columns.a == nil as Int?, #"("rows"."a") IS (NULL)"#)
    expectFragment(Row.columns.c != Row.columns.c, #"("rows"."c") <> ("rows"."c")"#)
    expectFragment(Row.columns.c != Row.columns.a, #"("rows"."c") <> ("rows"."a")"#)
    expectFragment(Row.columns.c != nil as Int?, #"("rows"."c") IS NOT (NULL)"#)
    expectFragment(Row.columns.a != Row.columns.c, #"("rows"."a") IS NOT ("rows"."c")"#)
    expectFragment(Row.columns.a != Row.columns.a, #"("rows"."a") IS NOT ("rows"."a")"#)
    expectFragment(Row.columns.a != nil as Int?, #"("rows"."a") IS NOT (NULL)"#)
    expectFragment(nil as Int? == Row.columns.c, #"(NULL) IS ("rows"."c")"#)
    expectFragment(nil as Int? == Row.columns.a, #"(NULL) IS ("rows"."a")"#)
    expectFragment(nil as Int? != Row.columns.c, #"(NULL) IS NOT ("rows"."c")"#)
    expectFragment(nil as Int? != Row.columns.a, #"(NULL) IS NOT ("rows"."a")"#)
    expectFragment(Row.columns.c == nil, #"("rows"."c") IS (NULL)"#)
    expectFragment(Row.columns.c != nil, #"("rows"."c") IS NOT (NULL)"#)
  }

  @Test func comparison() {
    expectFragment(Row.columns.c < Row.columns.c, #"("rows"."c") < ("rows"."c")"#)
    expectFragment(Row.columns.c > Row.columns.c, #"("rows"."c") > ("rows"."c")"#)
    expectFragment(Row.columns.c <= Row.columns.c, #"("rows"."c") <= ("rows"."c")"#)
    expectFragment(Row.columns.c >= Row.columns.c, #"("rows"."c") >= ("rows"."c")"#)
    expectFragment(Row.columns.bool < Row.columns.bool, #"("rows"."bool") < ("rows"."bool")"#)
  }

  @Test func logic() {
    expectFragment(Row.columns.bool && Row.columns.bool, #"("rows"."bool") AND ("rows"."bool")"#)
    expectFragment(Row.columns.bool || Row.columns.bool, #"("rows"."bool") OR ("rows"."bool")"#)
    expectFragment(!Row.columns.bool, #"NOT ("rows"."bool")"#)
    expectSQL(
      Row.update { $0.bool.toggle() },
      """
      UPDATE "rows"
      SET "bool" = NOT ("rows"."bool")
      """)
  }

  @Test func arithmetic() {
    expectFragment(Row.columns.c + Row.columns.c, #"("rows"."c") + ("rows"."c")"#)
    expectFragment(Row.columns.c - Row.columns.c, #"("rows"."c") - ("rows"."c")"#)
    expectFragment(Row.columns.c * Row.columns.c, #"("rows"."c") * ("rows"."c")"#)
    expectFragment(Row.columns.c / Row.columns.c, #"("rows"."c") / ("rows"."c")"#)
    expectFragment(-Row.columns.c, #"-("rows"."c")"#)
    expectFragment(+Row.columns.c, #"+("rows"."c")"#)
    func update(_ sql: String) -> String { "UPDATE \"rows\"\nSET \"c\" = " + sql }
    expectSQL(Row.update { $0.c += 1 }, update(#"("rows"."c") + (1)"#))
    expectSQL(Row.update { $0.c -= 2 }, update(#"("rows"."c") - (2)"#))
    expectSQL(Row.update { $0.c *= 3 }, update(#"("rows"."c") * (3)"#))
    expectSQL(Row.update { $0.c /= 4 }, update(#"("rows"."c") / (4)"#))
    expectSQL(Row.update { $0.c = -$0.c }, update(#"-("rows"."c")"#))
    expectSQL(Row.update { $0.c = +$0.c }, update(#"+("rows"."c")"#))
    expectSQL(Row.update { $0.c.negate() }, update(#"-("rows"."c")"#))
  }

  @Test func bitwise() {
    expectFragment(Row.columns.c % Row.columns.c, #"("rows"."c") % ("rows"."c")"#)
    expectFragment(Row.columns.c & Row.columns.c, #"("rows"."c") & ("rows"."c")"#)
    expectFragment(Row.columns.c | Row.columns.c, #"("rows"."c") | ("rows"."c")"#)
    expectFragment(Row.columns.c << Row.columns.c, #"("rows"."c") << ("rows"."c")"#)
    expectFragment(Row.columns.c >> Row.columns.c, #"("rows"."c") >> ("rows"."c")"#)
    expectFragment(~Row.columns.c, #"~("rows"."c")"#)
    func update(_ sql: String) -> String { "UPDATE \"rows\"\nSET \"c\" = " + sql }
    expectSQL(Row.update { $0.c &= 2 }, update(#"("rows"."c") & (2)"#))
    expectSQL(Row.update { $0.c |= 3 }, update(#"("rows"."c") | (3)"#))
    expectSQL(Row.update { $0.c <<= 4 }, update(#"("rows"."c") << (4)"#))
    expectSQL(Row.update { $0.c >>= 5 }, update(#"("rows"."c") >> (5)"#))
    expectSQL(Row.update { $0.c = ~$0.c }, update(#"~("rows"."c")"#))
  }

  @Test func coalesce() {
    expectFragment(
      Row.columns.a ?? Row.columns.b ?? Row.columns.c, #"coalesce("rows"."a", "rows"."b", "rows"."c")"#)
  }

  @Test func strings() {
    expectFragment(Row.columns.string + Row.columns.string, #"("rows"."string") || ("rows"."string")"#)
    expectFragment(Row.columns.string.collate(.nocase), #""rows"."string" COLLATE "NOCASE""#)
    expectFragment(Row.columns.string.glob("a*"), #"("rows"."string") GLOB ('a*')"#)
    expectFragment(Row.columns.string.like("a%"), #"("rows"."string" LIKE 'a%')"#)
    expectFragment(Row.columns.string.like("a%", escape: #"\"#), #"("rows"."string" LIKE 'a%' ESCAPE '\')"#)
    expectFragment(Row.columns.string.hasPrefix("a"), #"("rows"."string" LIKE 'a%')"#)
    expectFragment(Row.columns.string.hasSuffix("a"), #"("rows"."string" LIKE '%a')"#)
    expectFragment(Row.columns.string.contains("a"), #"("rows"."string" LIKE '%a%')"#)
    expectFragment(Row.columns.string.contains("a"[...]), #"("rows"."string" LIKE '%a%')"#)
    func update(_ sql: String) -> String { "UPDATE \"rows\"\nSET \"string\" = " + sql }
    expectSQL(Row.update { $0.string += "!" }, update(#"("rows"."string") || ('!')"#))
    expectSQL(Row.update { $0.string.append("!") }, update(#"("rows"."string") || ('!')"#))
    expectSQL(Row.update { $0.string.append(contentsOf: "!") }, update(#"("rows"."string") || ('!')"#))
  }

  @Test func collectionIn() {
    expectFragment(Row.columns.c.in([1, 2, 3]), #"("rows"."c") IN ((1), (2), (3))"#)
    expectFragment(
      Row.columns.c.in(Row.select(\.c)),
      """
      ("rows"."c") IN (SELECT "rows"."c"
      FROM "rows")
      """)
    expectFragment([1, 2, 3].contains(Row.columns.c), #"("rows"."c") IN ((1), (2), (3))"#)
    expectFragment(
      Row.select(\.c).contains(Row.columns.c),
      """
      ("rows"."c") IN (SELECT "rows"."c"
      FROM "rows")
      """)
  }

  @Test func rangeContains() throws {
    expectFragment((0...10).contains(Row.columns.c), #""rows"."c" BETWEEN 0 AND 10"#)
    expectFragment(Row.columns.c.between(0, and: 10), #""rows"."c" BETWEEN 0 AND 10"#)
    let statement = Reminder.where {
      $0.id.between(
        Reminder.select { $0.id.min() } ?? 0,
        and: (Reminder.select { $0.id.max() } ?? 0) / 3
      )
    }
    expectSQL(
      statement,
      """
      SELECT "reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt"
      FROM "reminders"
      WHERE ("reminders"."id" BETWEEN coalesce((
        SELECT min("reminders"."id")
        FROM "reminders"
      ), 0) AND (coalesce((
        SELECT max("reminders"."id")
        FROM "reminders"
      ), 0)) / (3))
      """)
    let database = try upstreamDatabase()
    #expect(try database.read { try statement.fetchAll($0) }.map(\.id) == [1, 2, 3])
  }

  @Test func selectSubquery() {
    expectSQL(
      Row.select { ($0.a, Row.count()) },
      """
      SELECT "rows"."a", (
        SELECT count(*)
        FROM "rows"
      )
      FROM "rows"
      """)
  }

  @Test func whereSubquery() {
    expectSQL(
      Row.where { $0.c.in(Row.select { $0.bool.cast(as: Int.self) }) },
      """
      SELECT "rows"."a", "rows"."b", "rows"."c", "rows"."bool", "rows"."string"
      FROM "rows"
      WHERE (("rows"."c") IN (SELECT CAST("rows"."bool" AS INTEGER)
      FROM "rows"))
      """)
    expectSQL(
      Row.where { $0.c.cast() >= Row.select { $0.c.avg() ?? 0 } && $0.c.cast() > 1.0 },
      """
      SELECT "rows"."a", "rows"."b", "rows"."c", "rows"."bool", "rows"."string"
      FROM "rows"
      WHERE (((CAST("rows"."c" AS REAL)) >= ((
        SELECT coalesce(avg("rows"."c"), 0.0)
        FROM "rows"
      ))) AND ((CAST("rows"."c" AS REAL)) > (1.0)))
      """)
  }

  @Test func containsCollectionElement() throws {
    let statement = Reminder.select { $0.id }.where { [1, 2].contains($0.id) }
    expectSQL(
      statement,
      """
      SELECT "reminders"."id"
      FROM "reminders"
      WHERE (("reminders"."id") IN ((1), (2)))
      """)
    let database = try upstreamDatabase()
    #expect(try database.read { try statement.fetchAll($0) } == [1, 2])
  }

  @Test func moduloZero() throws {
    let statement = Reminder.select { $0.id % 0 }
    expectSQL(
      statement,
      """
      SELECT ("reminders"."id") % (0)
      FROM "reminders"
      """)
    let database = try upstreamDatabase()
    #expect(try database.read { try statement.fetchAll($0) } == Array(repeating: nil, count: 10))
  }

  @Test func exists() throws {
    let database = try upstreamDatabase()
    let all = Values(Reminder.exists())
    expectSQL(
      all,
      """
      SELECT EXISTS (
        SELECT "reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt"
        FROM "reminders"
      )
      """)
    #expect(try database.read { try all.fetchOne($0) } == true)
    let first = Values(Reminder.where { $0.id == 1 }.exists())
    expectSQL(
      first,
      """
      SELECT EXISTS (
        SELECT "reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt"
        FROM "reminders"
        WHERE (("reminders"."id") = (1))
      )
      """)
    #expect(try database.read { try first.fetchOne($0) } == true)
    let missing = Values(Reminder.where { $0.id == 100 }.exists())
    expectSQL(
      missing,
      """
      SELECT EXISTS (
        SELECT "reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt"
        FROM "reminders"
        WHERE (("reminders"."id") = (100))
      )
      """)
    #expect(try database.read { try missing.fetchOne($0) } == false)
  }
}
