import Foundation
import SQLiteEngine
import SQLiteQueries
import Testing

enum Sibling: AliasName {}
enum Parent: AliasName {}
enum R1: AliasName {}
enum Custom: AliasName {
  static let aliasName = "custom \"name\""
}

@Suite("Table aliases")
struct TableAliasTests {
  let database: DatabaseQueue

  init() throws {
    database = try seededRemindersDatabase()
  }

  @Test func aliasNames() {
    #expect(Sibling.aliasName == "siblings")
    #expect(R1.aliasName == "r1s")
    #expect(Parent.aliasName == "parents")
    #expect(RemindersList.as(Sibling.self).tableName == "remindersLists")
    #expect(RemindersList.as(Sibling.self).tableAlias == "siblings")
  }

  @Test func aliasedColumnsAreQualifiedByTheAlias() {
    #expect(
      RemindersList.as(R1.self).all.query.debugDescription == """
        SELECT "r1s"."id", "r1s"."color", "r1s"."position", "r1s"."title"
        FROM "remindersLists" AS "r1s"
        """)
    #expect(
      Reminder.as(R1.self).where { !$0.isCompleted }.where(\.isFlagged).order(by: \.title).select(\.title)
        .query
        .debugDescription == """
          SELECT "r1s"."title"
          FROM "reminders" AS "r1s"
          WHERE (NOT (("r1s"."status") <> (0))) AND ("r1s"."isFlagged")
          ORDER BY "r1s"."title"
          """)
    #expect(
      Tag.as(Custom.self).select(\.title).query.debugDescription
        == #"SELECT "custom ""name"""."title""# + "\n" + #"FROM "tags" AS "custom ""name""""#)
  }

  @Test func selfJoin() throws {
    let siblings =
      Reminder
      .join(Reminder.as(Sibling.self).all) { $0.remindersListID.eq($1.remindersListID) && $0.id.neq($1.id) }
      .order { ($0.title, $1.title) }
      .select { ($0.title, $1.title) }
    #expect(
      siblings.query.debugDescription == """
        SELECT "reminders"."title", "siblings"."title"
        FROM "reminders"
        JOIN "reminders" AS "siblings" ON (("reminders"."remindersListID") = ("siblings"."remindersListID")) AND (("reminders"."id") <> ("siblings"."id"))
        ORDER BY "reminders"."title", "siblings"."title"
        """)
    let pairs = try database.read { db in try siblings.fetchAll(db) }
    #expect(pairs.map(\.0) == ["Groceries", "Haircut"])
    #expect(pairs.map(\.1) == ["Haircut", "Groceries"])

    let twoAliases = Reminder.as(R1.self).join(Reminder.as(Sibling.self).all) { $0.id.eq($1.id) }
    #expect(
      twoAliases.query.debugDescription.hasSuffix(
        """
        FROM "reminders" AS "r1s"
        JOIN "reminders" AS "siblings" ON ("r1s"."id") = ("siblings"."id")
        """))
    let rows = try database.read { db in try twoAliases.order { first, _ in first.title }.fetchAll(db) }
    #expect(rows.map { $0.0.title } == ["Call accountant", "Groceries", "Haircut"])
    #expect(rows.map { $0.1.base } == rows.map { $0.0.base })
  }

  @Test func outerJoinToItself() throws {
    try database.write { db in
      try #sql(
        """
        CREATE TABLE "categories" ("id" INTEGER PRIMARY KEY, "parentID" INTEGER, "title" TEXT NOT NULL) STRICT
        """
      )
      .execute(db)
      try db.seed {
        Category(id: 1, parentID: nil, title: "Home")
        Category(id: 2, parentID: 1, title: "Kitchen")
      }
      let rows = try Category.leftJoin(Category.as(Parent.self).all) { $0.parentID.eq($1.id) }
        .order(by: \.id)
        .fetchAll(db)
      #expect(rows.map(\.0.title) == ["Home", "Kitchen"])
      #expect(rows.map { $0.1?.title } == [nil, "Home"])
      let counts = try Category.as(Parent.self)
        .leftJoin(Category.all) { $0.id.eq($1.parentID) }
        .group { parent, _ in parent.id }
        .order { parent, _ in parent.id }
        .select { ($0.title, $1.id.count()) }
        .fetchAll(db)
      #expect(counts.map(\.0) == ["Home", "Kitchen"])
      #expect(counts.map(\.1) == [1, 0])
    }
  }

  @Test func aliasesInSubqueries() throws {
    let latest = RemindersList.where { list in
      list.id.in(
        Reminder.as(R1.self).where { $0.isFlagged }.select(\.remindersListID))
    }
    #expect(latest.select(\.title).query.debugDescription.contains(#"FROM "reminders" AS "r1s""#))
    #expect(try database.read { db in try latest.select(\.title).fetchAll(db) } == ["Personal"])
  }
}
