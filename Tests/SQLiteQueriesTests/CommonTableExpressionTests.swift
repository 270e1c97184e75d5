import Foundation
import SQLiteEngine
import SQLiteQueries
import Testing

@Table
struct Count {
  let value: Int
}

@Selection
struct ListCount {
  var remindersListID: UUID
  var reminderCount: Int
}

@Table
struct Category {
  let id: Int
  var parentID: Int?
  var title = ""
}

@Selection
struct Descendant {
  var id: Int
  var depth: Int
}

@Suite("Common table expressions: With { … } query: { … }")
struct CommonTableExpressionTests {
  let database: DatabaseQueue

  init() throws {
    database = try seededRemindersDatabase()
    try database.write { (db) throws in
      try #sql(
        """
        CREATE TABLE "categories" (
          "id" INTEGER PRIMARY KEY,
          "parentID" INTEGER REFERENCES "categories"("id"),
          "title" TEXT NOT NULL DEFAULT ''
        ) STRICT
        """
      )
      .execute(db)
      try db.seed {
        Category(id: 1, parentID: nil, title: "Home")
        Category(id: 2, parentID: 1, title: "Kitchen")
        Category(id: 3, parentID: 1, title: "Garden")
        Category(id: 4, parentID: 2, title: "Fridge")
        Category(id: 5, parentID: nil, title: "Work")
      }
    }
  }

  var listCounts: With<Select<UUID, ListCount, ()>> {
    With {
      Reminder.group(by: \.remindersListID).select {
        ListCount.Columns(remindersListID: $0.remindersListID, reminderCount: $0.id.count())
      }
    } query: {
      ListCount.where { $0.reminderCount > 1 }.select(\.remindersListID)
    }
  }

  @Test func rendersEachQueryNamedAfterItsRowType() {
    #expect(ListCount.tableName == "listCounts")
    #expect(
      listCounts.query.debugDescription == """
        WITH "listCounts" AS (
          SELECT "reminders"."remindersListID" AS "remindersListID", count("reminders"."id") AS "reminderCount"
          FROM "reminders"
          GROUP BY "reminders"."remindersListID"
        )
        SELECT "listCounts"."remindersListID"
        FROM "listCounts"
        WHERE (("listCounts"."reminderCount") > (1))
        """)
  }

  @Test func fetchesFromTheNamedQuery() throws {
    try database.read { (db) throws in
      #expect(try listCounts.fetchAll(db) == [personalID])
      #expect(try listCounts.fetchOne(db) == personalID)
      #expect(try listCounts.fetchCount(db) == 1)
      let titled = try With {
        Reminder.group(by: \.remindersListID).select {
          ListCount.Columns(remindersListID: $0.remindersListID, reminderCount: $0.id.count())
        }
      } query: {
        ListCount.join(RemindersList.all) { $0.remindersListID.eq($1.id) }
          .order { $1.position }
          .select { ($1.title, $0.reminderCount) }
      }
      .fetchAll(db)
      #expect(titled.map(\.0) == ["Personal", "Business"])
      #expect(titled.map(\.1) == [2, 1])
    }
  }

  @Test func severalQueriesAreCommaSeparated() throws {
    let query = With {
      Reminder.where(\.isFlagged).select { Descendant.Columns(id: $0.position, depth: 1) }
      Category.where { $0.parentID.is(nil) }.select { Count.Columns(value: $0.id) }
    } query: {
      Count.select(\.value)
    }
    #expect(
      query.query.debugDescription == """
        WITH "descendants" AS (
          SELECT "reminders"."position" AS "id", 1 AS "depth"
          FROM "reminders"
          WHERE ("reminders"."isFlagged")
        ), "counts" AS (
          SELECT "categories"."id" AS "value"
          FROM "categories"
          WHERE (("categories"."parentID") IS (NULL))
        )
        SELECT "counts"."value"
        FROM "counts"
        """)
    try database.read { (db) throws in
      #expect(try query.fetchAll(db) == [1, 5])
    }
  }

  @Test func recursiveQueryCountsToTen() throws {
    let counting = With {
      Count(value: 1).union(Count.select { Count.Columns(value: $0.value + 1) }.where { $0.value < 10 })
    } query: {
      Count.select(\.value)
    }
    #expect(
      counting.query.debugDescription == """
        WITH "counts" AS (
          SELECT 1 AS "value"
            UNION
          SELECT ("counts"."value") + (1) AS "value"
          FROM "counts"
          WHERE (("counts"."value") < (10))
        )
        SELECT "counts"."value"
        FROM "counts"
        """)
    try database.read { (db) throws in
      #expect(try counting.fetchAll(db) == Array(1...10))
    }
  }

  @Test func recursiveQueryWalksATree() throws {
    let tree = With {
      Category.where { $0.parentID.is(nil) }.select { Descendant.Columns(id: $0.id, depth: 0) }
        .union(
          all: true,
          Category.join(Descendant.all) { $0.parentID.eq($1.id) }
            .select { Descendant.Columns(id: $0.id, depth: $1.depth + 1) })
    } query: {
      Descendant.join(Category.all) { $0.id.eq($1.id) }
        .order { ($0.depth, $1.title) }
        .select { ($1.title, $0.depth) }
    }
    #expect(
      tree.query.debugDescription.hasPrefix(
        """
        WITH "descendants" AS (
          SELECT "categories"."id" AS "id", 0 AS "depth"
          FROM "categories"
          WHERE (("categories"."parentID") IS (NULL))
            UNION ALL
          SELECT "categories"."id" AS "id", ("descendants"."depth") + (1) AS "depth"
          FROM "categories"
          JOIN "descendants" ON ("categories"."parentID") = ("descendants"."id")
        )
        """))
    try database.read { (db) throws in
      let rows = try tree.fetchAll(db)
      #expect(rows.map(\.0) == ["Home", "Work", "Garden", "Kitchen", "Fridge"])
      #expect(rows.map(\.1) == [0, 0, 1, 1, 2])
    }
  }

  @Test func statementsOtherThanSelects() throws {
    let flagging = With {
      Reminder.group(by: \.remindersListID).select {
        ListCount.Columns(remindersListID: $0.remindersListID, reminderCount: $0.id.count())
      }
    } query: {
      Reminder
        .where { $0.remindersListID.in(ListCount.where { $0.reminderCount.eq(1) }.select(\.remindersListID)) }
        .update { $0.isFlagged = true }
        .returning { $0.title }
    }
    #expect(
      flagging.query.debugDescription.hasSuffix(
        """
        )
        UPDATE "reminders"
        SET "isFlagged" = 1
        WHERE (("reminders"."remindersListID") IN (SELECT "listCounts"."remindersListID"
        FROM "listCounts"
        WHERE (("listCounts"."reminderCount") = (1))))
        RETURNING "title"
        """))
    try database.write { (db) throws in
      #expect(try flagging.fetchAll(db) == ["Call accountant"])
      #expect(
        try Reminder.where(\.isFlagged).order(by: \.title).select(\.title).fetchAll(db) == [
          "Call accountant", "Haircut",
        ])
    }
  }

  /// Types whose conformances come from macros in other files are checked like any other (the
  /// compiler once missed the inherited ones when the first check came from elsewhere).
  @Test func tablesAndSelectionsOfOtherFilesAsSelectedRows() throws {
    let lists = Reminder.group(by: \.remindersListID).select {
      RemindersList.Columns(id: $0.remindersListID, position: $0.id.count(), title: $0.title.max() ?? "")
    }
    #expect(
      lists.query.debugDescription == """
        SELECT "reminders"."remindersListID" AS "id", 1251602176 AS "color", count("reminders"."id") AS "position", \
        coalesce(max("reminders"."title"), '') AS "title"
        FROM "reminders"
        GROUP BY "reminders"."remindersListID"
        """)
    let rows = try database.read { db in try lists.fetchAll(db) }
    #expect(Set(rows.map(\.title)) == ["Haircut", "Call accountant"])
    let summary = try database.read { db in
      try With {
        lists
      } query: {
        RemindersList.select { Stats.Columns(allCount: $0.position.sum() ?? 0) }
      }
      .fetchOne(db)
    }
    #expect(summary?.allCount == 3)
  }

  @Test func asASubqueryAndWithAnEmptyQuery() throws {
    let busyLists = RemindersList.where { $0.id.in(listCounts) }.select(\.title)
    #expect(busyLists.query.debugDescription.contains("IN (WITH \"listCounts\" AS (\n  SELECT"))
    let nothing = With {
      ListCount.none
    } query: {
      ListCount.select(\.reminderCount)
    }
    // Every table of the WITH selects nothing: the statement runs no SQL, as upstream's.
    #expect(nothing.query.isEmpty)
    try database.read { (db) throws in
      #expect(try busyLists.fetchAll(db) == ["Personal"])
      #expect(try nothing.fetchAll(db) == [])
    }
  }
}
