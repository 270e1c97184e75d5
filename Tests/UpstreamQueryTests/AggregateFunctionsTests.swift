import Foundation
import SQLiteData
import Testing

/// Upstream's `AggregateFunctionsTests`. Left out: `groupConcat(order:)`, which needs SQLite 3.44.
@Suite("Upstream: aggregate functions")
struct AggregateFunctionsTests {
  @Table
  fileprivate struct User {
    var id: Int
    var name: String
    var isAdmin: Bool
    var age: Int?
    var birthDate: Date?
  }

  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func average() throws {
    expectFragment(User.columns.id.avg(), #"avg("users"."id")"#)
    expectFragment(User.columns.age.avg(), #"avg("users"."age")"#)
    let statement = Reminder.select { $0.id.avg() }
    expectSQL(
      statement,
      """
      SELECT avg("reminders"."id")
      FROM "reminders"
      """)
    #expect(try database.read { try statement.fetchOne($0) } == 5.5)
  }

  @Test func count() throws {
    expectFragment(User.columns.id.count(), #"count("users"."id")"#)
    expectFragment(User.columns.id.count(distinct: true), #"count(DISTINCT "users"."id")"#)
    let all = Reminder.select { $0.id.count() }
    expectSQL(
      all,
      """
      SELECT count("reminders"."id")
      FROM "reminders"
      """)
    #expect(try database.read { try all.fetchOne($0) } == 10)
    let priorities = Reminder.select { $0.priority.count(distinct: true) }
    expectSQL(
      priorities,
      """
      SELECT count(DISTINCT "reminders"."priority")
      FROM "reminders"
      """)
    #expect(try database.read { try priorities.fetchOne($0) } == 3)
  }

  @Test func unqualifiedCount() {
    expectSQL(
      User.all.select { _ in .count() },
      """
      SELECT count(*)
      FROM "users"
      """)
    expectSQL(
      User.where(\.isAdmin).count(),
      """
      SELECT count(*)
      FROM "users"
      WHERE ("users"."isAdmin")
      """)
  }

  @Test func maxAndMin() throws {
    expectFragment(User.columns.birthDate.max(), #"max("users"."birthDate")"#)
    expectFragment(User.columns.birthDate.min(), #"min("users"."birthDate")"#)
    let latest = Reminder.select { $0.dueDate.max() }
    expectSQL(
      latest,
      """
      SELECT max("reminders"."dueDate")
      FROM "reminders"
      """)
    #expect(try database.read { try latest.fetchOne($0) } == Date(timeIntervalSinceReferenceDate: 4 * 86_400))
    let earliest = Reminder.select { $0.dueDate.min() }
    expectSQL(
      earliest,
      """
      SELECT min("reminders"."dueDate")
      FROM "reminders"
      """)
    #expect(
      try database.read { try earliest.fetchOne($0) } == Date(timeIntervalSinceReferenceDate: -190 * 86_400))
  }

  @Test func sum() throws {
    expectFragment(User.columns.id.sum(), #"sum("users"."id")"#)
    expectFragment(User.columns.id.sum(distinct: true), #"sum(DISTINCT "users"."id")"#)
    let raw = Reminder.select { #sql("sum(\($0.id))", as: Int?.self) }
    expectSQL(
      raw,
      """
      SELECT sum("reminders"."id")
      FROM "reminders"
      """)
    #expect(try database.read { try raw.fetchOne($0) } == 55)
    let none = Reminder.select { $0.id.sum() }.where { _ in false }
    expectSQL(
      none,
      """
      SELECT sum("reminders"."id")
      FROM "reminders"
      WHERE (0)
      """)
    #expect(try database.read { try none.fetchOne($0) } == .some(nil))
  }

  @Test func total() throws {
    expectFragment(User.columns.id.total(), #"total("users"."id")"#)
    expectFragment(User.columns.id.total(distinct: true), #"total(DISTINCT "users"."id")"#)
    let statement = Reminder.select { $0.id.total() }
    expectSQL(
      statement,
      """
      SELECT total("reminders"."id")
      FROM "reminders"
      """)
    #expect(try database.read { try statement.fetchOne($0) } == 55)
  }

  @Test func groupConcat() throws {
    expectSQL(
      User.select { $0.name.groupConcat() },
      """
      SELECT group_concat("users"."name")
      FROM "users"
      """)
    expectSQL(
      User.select { $0.name.groupConcat("-") },
      """
      SELECT group_concat("users"."name", '-')
      FROM "users"
      """)
    expectSQL(
      User.select { $0.name.groupConcat($0.id) },
      """
      SELECT group_concat("users"."name", "users"."id")
      FROM "users"
      """)
    expectSQL(
      User.select { $0.name.groupConcat(filter: $0.isAdmin) },
      """
      SELECT group_concat("users"."name") FILTER (WHERE "users"."isAdmin")
      FROM "users"
      """)

    let titles = Tag.select { $0.title.groupConcat() }.order(by: \.title)
    expectSQL(
      titles,
      """
      SELECT group_concat("tags"."title")
      FROM "tags"
      ORDER BY "tags"."title"
      """)
    #expect(try database.read { try titles.fetchOne($0) } == "car,kids,someday,optional")

    let long = Tag.select {
      #sql("iif(\($0.title.length() > 5), \($0.title), NULL)", as: String?.self).groupConcat()
    }
    .order(by: \.title)
    expectSQL(
      long,
      """
      SELECT group_concat(iif((length("tags"."title")) > (5), "tags"."title", NULL))
      FROM "tags"
      ORDER BY "tags"."title"
      """)
    #expect(try database.read { try long.fetchOne($0) } == "someday,optional")

    let searched = Tag.select { Case().when($0.title.length() > 5, then: $0.title).groupConcat() }
      .order(by: \.title)
    expectSQL(
      searched,
      """
      SELECT group_concat(CASE WHEN (length("tags"."title")) > (5) THEN "tags"."title" END)
      FROM "tags"
      ORDER BY "tags"."title"
      """)
    #expect(try database.read { try searched.fetchOne($0) } == "someday,optional")

    let simple = Tag.select { Case($0.title.length()).when(7, then: $0.title).groupConcat() }
      .order(by: \.title)
    expectSQL(
      simple,
      """
      SELECT group_concat(CASE length("tags"."title") WHEN 7 THEN "tags"."title" END)
      FROM "tags"
      ORDER BY "tags"."title"
      """)
    #expect(try database.read { try simple.fetchOne($0) } == "someday")
  }

  @Test func aggregateOfExpression() throws {
    expectFragment(
      User.columns.name.length().count(distinct: true), #"count(DISTINCT length("users"."name"))"#)
    expectFragment(
      (User.columns.name + "!").groupConcat(", "), #"group_concat(("users"."name") || ('!'), ', ')"#)
    let lengths = Reminder.select { $0.title.length().count(distinct: true) }
    expectSQL(
      lengths,
      """
      SELECT count(DISTINCT length("reminders"."title"))
      FROM "reminders"
      """)
    #expect(try database.read { try lengths.fetchOne($0) } == 8)
    let exclaimed = Tag.select { ($0.title + "!").groupConcat(", ") }
    expectSQL(
      exclaimed,
      """
      SELECT group_concat(("tags"."title") || ('!'), ', ')
      FROM "tags"
      """)
    #expect(try database.read { try exclaimed.fetchOne($0) } == "car!, kids!, someday!, optional!")
  }
}
