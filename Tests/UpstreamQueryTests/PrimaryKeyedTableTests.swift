import Foundation
import SQLiteData
import Testing

/// Upstream's `PrimaryKeyedTableTests`: `find` on selects, updates, deletes and drafts, counting a
/// table, and a table with a UUID key and a generated column.
@Suite("Upstream: primary-keyed tables")
struct PrimaryKeyedTableTests {
  enum R: AliasName {}

  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func count() throws {
    let statement = Reminder.select { $0.count() }
    expectSQL(
      statement,
      """
      SELECT count("reminders"."id")
      FROM "reminders"
      """)
    #expect(try database.read { try statement.fetchOne($0) } == 10)
  }

  @Test func updateByID() throws {
    let first = Reminder.find(1).update { $0.title += "!!!" }.returning(\.title)
    expectSQL(
      first,
      """
      UPDATE "reminders"
      SET "title" = ("reminders"."title") || ('!!!')
      WHERE (("reminders"."id") IN ((1)))
      RETURNING "title"
      """)
    #expect(try database.write { try first.fetchAll($0) } == ["Groceries!!!"])
    let second = Reminder.update { $0.title += "???" }.find(1).returning(\.title)
    expectSQL(
      second,
      """
      UPDATE "reminders"
      SET "title" = ("reminders"."title") || ('???')
      WHERE (("reminders"."id") IN ((1)))
      RETURNING "title"
      """)
    #expect(try database.write { try second.fetchAll($0) } == ["Groceries!!!???"])
  }

  @Test func deleteByID() throws {
    let first = Reminder.find(1).delete().returning(\.id)
    expectSQL(
      first,
      """
      DELETE FROM "reminders"
      WHERE (("reminders"."id") IN ((1)))
      RETURNING "id"
      """)
    #expect(try database.write { try first.fetchAll($0) } == [1])
    let second = Reminder.delete().find(2).returning(\.id)
    expectSQL(
      second,
      """
      DELETE FROM "reminders"
      WHERE (("reminders"."id") IN ((2)))
      RETURNING "id"
      """)
    #expect(try database.write { try second.fetchAll($0) } == [2])
  }

  @Test func findByID() throws {
    let one = """
      SELECT "reminders"."id", "reminders"."title"
      FROM "reminders"
      WHERE (("reminders"."id") IN ((1)))
      """
    expectSQL(Reminder.find(1).select { ($0.id, $0.title) }, one)
    expectSQL(Reminder.Draft.find(1).select { ($0.id, $0.title) }, one)
    #expect(
      try database.read { try Reminder.Draft.find(1).select { ($0.id, $0.title) }.fetchAll($0) }.map(\.1) == [
        "Groceries"
      ])

    let two = """
      SELECT "reminders"."id", "reminders"."title"
      FROM "reminders"
      WHERE (("reminders"."id") IN ((2)))
      """
    expectSQL(Reminder.select { ($0.id, $0.title) }.find(2), two)
    expectSQL(Reminder.Draft.select { ($0.id, $0.title) }.find(2), two)
    #expect(
      try database.read { try Reminder.select { ($0.id, $0.title) }.find(2).fetchAll($0) }.map(\.1) == [
        "Haircut"
      ])

    let several = Reminder.select { ($0.id, $0.title) }.find([2, 4, 6])
    expectSQL(
      several,
      """
      SELECT "reminders"."id", "reminders"."title"
      FROM "reminders"
      WHERE (("reminders"."id") IN ((2), (4), (6)))
      """)
    #expect(
      try database.read { try several.fetchAll($0) }.map(\.1) == [
        "Haircut", "Take a walk", "Pick up kids from school",
      ])

    // Upstream doubles the parentheses around the subquery, which on SQLite 3.40 finds only the
    // first row; the rows here are upstream's.
    let all = Reminder.select { ($0.id, $0.title) }.find(Reminder.select(\.id))
    expectSQL(
      all,
      """
      SELECT "reminders"."id", "reminders"."title"
      FROM "reminders"
      WHERE (("reminders"."id") IN (SELECT "reminders"."id"
      FROM "reminders"))
      """)
    #expect(try database.read { try all.fetchAll($0) }.count == 10)
  }

  @Test func findByIDWithJoin() throws {
    let statement = Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
      .select { ($0.title, $1.title) }
      .find(2)
    expectSQL(
      statement,
      """
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID") = ("remindersLists"."id")
      WHERE (("reminders"."id") IN ((2)))
      """)
    #expect(try database.read { try statement.fetchAll($0) }.map(\.1) == ["Personal"])
  }

  @Test func uuidAndGeneratedColumn() throws {
    try database.write { db in
      try #sql(
        """
        CREATE TABLE "rows" (
          "id" TEXT PRIMARY KEY NOT NULL,
          "isDeleted" INTEGER NOT NULL DEFAULT 0,
          "isNotDeleted" INTEGER NOT NULL AS (NOT "isDeleted")
        )
        """
      ).execute(db)
    }
    let first = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    let second = UUID(uuidString: "00000000-0000-0000-0000-000000000002")!

    let insert = GeneratedRow.insert { GeneratedRow.Draft(id: first) }
    expectSQL(
      insert,
      """
      INSERT INTO "rows"
      ("id", "isDeleted")
      VALUES
      ('00000000-0000-0000-0000-000000000001', 0)
      """)
    try database.write { try insert.execute($0) }

    let find = GeneratedRow.find(first)
    expectSQL(
      find,
      """
      SELECT "rows"."id", "rows"."isDeleted", "rows"."isNotDeleted"
      FROM "rows"
      WHERE (("rows"."id") IN (('00000000-0000-0000-0000-000000000001')))
      """)
    #expect(
      try database.read { try find.fetchAll($0) } == [
        GeneratedRow(id: first, isDeleted: false, isNotDeleted: true)
      ])

    let insertColumn = GeneratedRow.insert {
      $0.id
    } values: {
      second
    }.returning(\.self)
    expectSQL(
      insertColumn,
      """
      INSERT INTO "rows"
      ("id")
      VALUES
      ('00000000-0000-0000-0000-000000000002')
      RETURNING "id", "isDeleted", "isNotDeleted"
      """)
    #expect(
      try database.write { try insertColumn.fetchAll($0) } == [
        GeneratedRow(id: second, isDeleted: false, isNotDeleted: true)
      ])

    let update = GeneratedRow.update(GeneratedRow(id: second, isDeleted: true, isNotDeleted: false))
      .returning(\.self)
    expectSQL(
      update,
      """
      UPDATE "rows"
      SET "isDeleted" = 1
      WHERE (("rows"."id") = ('00000000-0000-0000-0000-000000000002'))
      RETURNING "id", "isDeleted", "isNotDeleted"
      """)
    #expect(
      try database.write { try update.fetchAll($0) } == [
        GeneratedRow(id: second, isDeleted: true, isNotDeleted: false)
      ])

    let upsert = GeneratedRow.upsert { GeneratedRow.Draft(id: second, isDeleted: false) }.returning(\.self)
    expectSQL(
      upsert,
      """
      INSERT INTO "rows"
      ("id", "isDeleted")
      VALUES
      ('00000000-0000-0000-0000-000000000002', 0)
      ON CONFLICT ("id")
      DO UPDATE SET "isDeleted" = "excluded"."isDeleted"
      RETURNING "id", "isDeleted", "isNotDeleted"
      """)
    #expect(
      try database.write { try upsert.fetchAll($0) } == [
        GeneratedRow(id: second, isDeleted: false, isNotDeleted: true)
      ])

    let aliased = GeneratedRow.as(R.self).select(\.isNotDeleted)
    expectSQL(
      aliased,
      """
      SELECT "rs"."isNotDeleted"
      FROM "rows" AS "rs"
      """)
    #expect(try database.read { try aliased.fetchAll($0) } == [true, true])
  }
}

@Table("rows")
private struct GeneratedRow: Equatable {
  let id: UUID
  var isDeleted = false
  @Column(generated: .virtual)
  let isNotDeleted: Bool
}
