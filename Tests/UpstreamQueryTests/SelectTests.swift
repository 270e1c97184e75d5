import Foundation
import SQLiteData
import Testing

/// A `vec0` virtual table's rows (the sqlite-vec extension's): its query is checked as SQL only,
/// as upstream checks it.
@Table
fileprivate struct VecExample {
  let rowid: Int
  let distance: Double
}

/// SQLite's `pragma_table_info` as a table: a generic table whose FROM is a table-valued
/// function, under an alias.
@Table
fileprivate struct PragmaTableInfo<Base: Table> {
  static var tableAlias: String? { "\(Base.tableName)TableInfo" }
  static var schemaName: String? { Base.schemaName }

  static var tableFragment: QueryFragment {
    "pragma_table_info(\(quote: Base.tableName, delimiter: .text))"
  }

  @Column("cid") let columnID: Int
  let name: String
  let type: String
  @Column("notnull") let isNotNull: Bool
  @Column("dflt_value") let defaultValue: String?
  @Column("pk") let isPrimaryKey: Bool
}

/// SQLite's `pragma_foreign_key_list` as a table.
@Table
fileprivate struct PragmaForeignKeyList<Base: Table> {
  static var tableAlias: String? { "\(Base.tableName)ForeignKeys" }
  static var tableFragment: QueryFragment {
    "pragma_foreign_key_list(\(quote: Base.tableName, delimiter: .text))"
  }

  let id: Int
  @Column("seq") let sequence: Int
  let table: String
  let from: String
  let to: String
  @Column("on_update") let onUpdate: ForeignKeyAction
  @Column("on_delete") let onDelete: ForeignKeyAction
  let match: String
}

fileprivate enum ForeignKeyAction: String, QueryBindable {
  case cascade = "CASCADE"
  case restrict = "RESTRICT"
  case setDefault = "SET DEFAULT"
  case setNull = "SET NULL"
  case noAction = "NO ACTION"
}

/// Upstream's `SelectTests`.
@Suite("Upstream: SELECT")
struct SelectTests {
  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func compileTime() {
    _ = Reminder.select(\.id)
    _ = Reminder.select { $0.id }
    _ = Reminder.select { ($0.id, $0.isCompleted) }
    _ = Reminder.all.select(\.id)
    _ = Reminder.all.select { $0.id }
    _ = Reminder.all.select { ($0.id, $0.isCompleted) }
    _ = Reminder.where(\.isCompleted).select(\.id)
    _ = Reminder.where(\.isCompleted).select { $0.id }
    _ = Reminder.where(\.isCompleted).select { ($0.id, $0.isCompleted) }
    // Plain Swift comparisons keep the standard library's meaning.
    let condition1 = Int?.some(1) == 2
    #expect(condition1 == false)
    let condition2 = Int?.some(1) != 2
    #expect(condition2 == true)
  }

  @Test func selectAll() throws {
    expectSQL(
      Tag.all,
      """
      SELECT "tags"."id", "tags"."title"
      FROM "tags"
      """)
    #expect(
      try database.read { try Tag.all.fetchAll($0) }.map(\.title) == ["car", "kids", "someday", "optional"])
  }

  @Test func selectDistinct() throws {
    let statement = Reminder.distinct().select(\.priority)
    expectSQL(
      statement,
      """
      SELECT DISTINCT "reminders"."priority"
      FROM "reminders"
      """)
    #expect(try database.read { try statement.fetchAll($0) } == [nil, .high, .low, .medium])
  }

  @Test func selectColumns() throws {
    let statement = Reminder.select { ($0.id, $0.title) }
    expectSQL(
      statement,
      """
      SELECT "reminders"."id", "reminders"."title"
      FROM "reminders"
      """)
    #expect(try database.read { try statement.fetchAll($0) }.map(\.0) == Array(1...10))
    let single = Tag.select(\.title)
    expectSQL(
      single,
      """
      SELECT "tags"."title"
      FROM "tags"
      """)
    #expect(try database.read { try single.fetchAll($0) } == ["car", "kids", "someday", "optional"])
  }

  @Test func selectChaining() throws {
    let statement = Tag.select(\.id).select(\.title)
    expectSQL(
      statement,
      """
      SELECT "tags"."id", "tags"."title"
      FROM "tags"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == [1, 2, 3, 4])
    #expect(rows.map(\.1) == ["car", "kids", "someday", "optional"])

    // A third select flattens into the same tuple, as upstream's does.
    let three = Tag.select(\.id).select { $0.title }.select { ($0.title.length(), $0.id * 2) }
    let triples = try database.read { try three.fetchAll($0) }
    #expect(triples.map(\.0) == [1, 2, 3, 4] && triples.map(\.2) == [3, 4, 7, 8])
    #expect(triples.map(\.3) == [2, 4, 6, 8])
  }

  @Test func selectChainingWithJoin() throws {
    let statement =
      Reminder
      .select(\.id)
      .join(RemindersList.select(\.id)) { $0.remindersListID.eq($1.id) }
    expectSQL(
      statement,
      """
      SELECT "reminders"."id", "remindersLists"."id"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID") = ("remindersLists"."id")
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == Array(1...10))
    #expect(rows.map(\.1) == [1, 1, 1, 1, 1, 2, 2, 2, 3, 3])
  }

  @Test func joins() throws {
    let all = Reminder.join(RemindersList.all) { $0.remindersListID.eq($1.id) }
    expectSQL(
      all,
      """
      SELECT "reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt", "remindersLists"."id", "remindersLists"."color", "remindersLists"."title", "remindersLists"."position"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID") = ("remindersLists"."id")
      """)
    let pairs = try database.read { try all.fetchAll($0) }
    #expect(pairs.count == 10)
    #expect(pairs[5].0.title == "Pick up kids from school" && pairs[5].1.title == "Family")

    let titles = RemindersList.join(Reminder.all) { $0.id.eq($1.remindersListID) }.select {
      ($0.title, $1.title)
    }
    expectSQL(
      titles,
      """
      SELECT "remindersLists"."title", "reminders"."title"
      FROM "remindersLists"
      JOIN "reminders" ON ("remindersLists"."id") = ("reminders"."remindersListID")
      """)
    #expect(try database.read { try titles.fetchAll($0) }.map(\.0).filter { $0 == "Family" }.count == 3)

    let left = Reminder.all.leftJoin(User.all) { $0.assignedUserID.eq($1.id) }.select { ($0.title, $1.name) }
      .limit(2)
    expectSQL(
      left,
      """
      SELECT "reminders"."title", "users"."name"
      FROM "reminders"
      LEFT JOIN "users" ON ("reminders"."assignedUserID") = ("users"."id")
      LIMIT 2
      """)
    let leftRows = try database.read { try left.fetchAll($0) }
    #expect(leftRows.map(\.0) == ["Groceries", "Haircut"])
    #expect(leftRows.map(\.1) == ["Blob", nil])

    let right = User.all.rightJoin(Reminder.all) { $0.id.is($1.assignedUserID) }.limit(2)
    expectSQL(
      right,
      """
      SELECT "users"."id", "users"."name", "reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt"
      FROM "users"
      RIGHT JOIN "reminders" ON ("users"."id") IS ("reminders"."assignedUserID")
      LIMIT 2
      """)
    let rightRows = try database.read { try right.fetchAll($0) }
    #expect(rightRows.map { $0.0?.name } == ["Blob", nil])
    #expect(rightRows.map(\.1.title) == ["Groceries", "Haircut"])
    expectSQL(right.select { ($0, $1) }, right.query.debugDescription)

    let rightColumns = User.all.rightJoin(Reminder.all) { $0.id.is($1.assignedUserID) }.select {
      ($1.title, $0.name)
    }
    .limit(2)
    expectSQL(
      rightColumns,
      """
      SELECT "reminders"."title", "users"."name"
      FROM "users"
      RIGHT JOIN "reminders" ON ("users"."id") IS ("reminders"."assignedUserID")
      LIMIT 2
      """)
    #expect(try database.read { try rightColumns.fetchAll($0) }.map(\.1) == ["Blob", nil])

    let full = Reminder.all.fullJoin(User.all) { $0.assignedUserID.is($1.id) }.select { ($0.title, $1.name) }
      .limit(2)
    expectSQL(
      full,
      """
      SELECT "reminders"."title", "users"."name"
      FROM "reminders"
      FULL JOIN "users" ON ("reminders"."assignedUserID") IS ("users"."id")
      LIMIT 2
      """)
    #expect(try database.read { try full.fetchAll($0) }.map(\.0) == ["Groceries", "Haircut"])
  }

  @Test func whereClauses() throws {
    let completed = Reminder.where(\.isCompleted)
    expectSQL(
      completed,
      """
      SELECT "reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt"
      FROM "reminders"
      WHERE ("reminders"."isCompleted")
      """)
    #expect(try database.read { try completed.fetchAll($0) }.map(\.id) == [4, 7, 10])

    for includeConditional in [true, false] {
      let statement = Reminder.all.select(\.id).where {
        if includeConditional {
          $0.isCompleted
        }
      }
      expectSQL(
        statement,
        includeConditional
          ? """
          SELECT "reminders"."id"
          FROM "reminders"
          WHERE ("reminders"."isCompleted")
          """
          : """
          SELECT "reminders"."id"
          FROM "reminders"
          """)
      #expect(try database.read { try statement.fetchAll($0) }.count == (includeConditional ? 3 : 10))
    }

    let both = Reminder.where(\.isCompleted).and(.where(\.isFlagged)).count()
    expectSQL(
      both,
      """
      SELECT count(*)
      FROM "reminders"
      WHERE (("reminders"."isCompleted") AND ("reminders"."isFlagged"))
      """)
    #expect(try database.read { try both.fetchOne($0) } == 0)
    let either = Reminder.where(\.isCompleted).or(.where(\.isFlagged)).count()
    expectSQL(
      either,
      """
      SELECT count(*)
      FROM "reminders"
      WHERE (("reminders"."isCompleted") OR ("reminders"."isFlagged"))
      """)
    #expect(try database.read { try either.fetchOne($0) } == 5)
  }

  @Test func groupAndHaving() throws {
    let grouped = Reminder.select { ($0.isCompleted, $0.id.count()) }.group(by: \.isCompleted)
    let expected = """
      SELECT "reminders"."isCompleted", count("reminders"."id")
      FROM "reminders"
      GROUP BY "reminders"."isCompleted"
      """
    expectSQL(grouped, expected)
    #expect(try database.read { try grouped.fetchAll($0) }.map(\.1) == [7, 3])

    let groupedBySQL = Reminder.select { ($0.isCompleted, $0.id.count()) }.group { #sql("\($0.isCompleted)") }
    expectSQL(groupedBySQL, expected)
    #expect(try database.read { try groupedBySQL.fetchAll($0) }.map(\.1) == [7, 3])

    let having = grouped.having { $0.id.count() > 3 }
    expectSQL(
      having,
      expected + """

        HAVING ((count("reminders"."id")) > (3))
        """)
    #expect(try database.read { try having.fetchAll($0) }.map(\.1) == [7])
    for includeConditional in [true, false] {
      let statement = grouped.having {
        if includeConditional {
          $0.id.count() > 3
        }
      }
      expectSQL(
        statement,
        includeConditional
          ? expected + """

            HAVING ((count("reminders"."id")) > (3))
            """ : expected)
      #expect(try database.read { try statement.fetchAll($0) }.count == (includeConditional ? 1 : 2))
    }
  }

  @Test func order() throws {
    let titles = Reminder.select(\.title).order(by: \.title)
    expectSQL(
      titles,
      """
      SELECT "reminders"."title"
      FROM "reminders"
      ORDER BY "reminders"."title"
      """)
    #expect(try database.read { try titles.fetchAll($0) }.first == "Buy concert tickets")

    let two = Reminder.select { ($0.isCompleted, $0.dueDate) }.order {
      ($0.isCompleted.asc(), $0.dueDate.desc())
    }
    expectSQL(
      two,
      """
      SELECT "reminders"."isCompleted", "reminders"."dueDate"
      FROM "reminders"
      ORDER BY "reminders"."isCompleted" ASC, "reminders"."dueDate" DESC
      """)
    let twoRows = try database.read { try two.fetchAll($0) }
    #expect(twoRows.map(\.0) == [false, false, false, false, false, false, false, true, true, true])
    #expect(twoRows[6].1 == nil)

    let three = Reminder.select { ($0.priority, $0.dueDate) }.order {
      if true {
        ($0.priority.asc(nulls: .last), $0.dueDate.desc(nulls: .first), $0.title.collate(.nocase).desc())
      }
    }
    expectSQL(
      three,
      """
      SELECT "reminders"."priority", "reminders"."dueDate"
      FROM "reminders"
      ORDER BY "reminders"."priority" ASC NULLS LAST, "reminders"."dueDate" DESC NULLS FIRST, "reminders"."title" COLLATE "NOCASE" DESC
      """)
    #expect(
      try database.read { try three.fetchAll($0) }.map(\.0) == [
        .low, .medium, .high, .high, .high, nil, nil, nil, nil, nil,
      ])
  }

  @Test func limitAndCount() throws {
    let two = Reminder.select(\.id).limit(2)
    expectSQL(
      two,
      """
      SELECT "reminders"."id"
      FROM "reminders"
      LIMIT 2
      """)
    #expect(try database.read { try two.fetchAll($0) } == [1, 2])
    let offset = Reminder.select(\.id).limit(2, offset: 2)
    expectSQL(
      offset,
      """
      SELECT "reminders"."id"
      FROM "reminders"
      LIMIT 2 OFFSET 2
      """)
    #expect(try database.read { try offset.fetchAll($0) } == [3, 4])
    expectSQL(
      Reminder.count(),
      """
      SELECT count(*)
      FROM "reminders"
      """)
    let filtered = Reminder.count { !$0.isCompleted }
    expectSQL(
      filtered,
      """
      SELECT count(*) FILTER (WHERE NOT ("reminders"."isCompleted"))
      FROM "reminders"
      """)
    #expect(try database.read { try filtered.fetchOne($0) } == 7)
  }

  @Test func none() {
    #expect(RemindersList.none.query.isEmpty)
    #expect(RemindersList.none.select(\.id).query.isEmpty)
    #expect(RemindersList.join(Reminder.none) { _, _ in true }.query.isEmpty)
    #expect(RemindersList.none.join(Reminder.all) { _, _ in true }.query.isEmpty)
    #expect(RemindersList.leftJoin(Reminder.none) { _, _ in true }.query.isEmpty)
    #expect(RemindersList.none.leftJoin(Reminder.all) { _, _ in true }.query.isEmpty)
    #expect(RemindersList.rightJoin(Reminder.none) { _, _ in true }.query.isEmpty)
    #expect(RemindersList.none.rightJoin(Reminder.all) { _, _ in true }.query.isEmpty)
    #expect(RemindersList.fullJoin(Reminder.none) { _, _ in true }.query.isEmpty)
    #expect(RemindersList.none.fullJoin(Reminder.all) { _, _ in true }.query.isEmpty)
    #expect(Reminder.none.where(\.isCompleted).query.isEmpty)
    #expect(Reminder.none.group(by: \.id).query.isEmpty)
    #expect(Reminder.none.having(\.isCompleted).query.isEmpty)
    #expect(Reminder.none.order(by: \.id).query.isEmpty)
    #expect(Reminder.none.limit(1).query.isEmpty)
  }

  enum R1: AliasName {}
  enum R2: AliasName {}

  @Test func selfJoins() throws {
    let statement = Reminder.as(R1.self).join(Reminder.as(R2.self).all) { $0.id.eq($1.id) }.limit(1)
    expectSQL(
      statement,
      """
      SELECT "r1s"."id", "r1s"."assignedUserID", "r1s"."dueDate", "r1s"."isCompleted", "r1s"."isFlagged", "r1s"."notes", "r1s"."priority", "r1s"."remindersListID", "r1s"."title", "r1s"."updatedAt", "r2s"."id", "r2s"."assignedUserID", "r2s"."dueDate", "r2s"."isCompleted", "r2s"."isFlagged", "r2s"."notes", "r2s"."priority", "r2s"."remindersListID", "r2s"."title", "r2s"."updatedAt"
      FROM "reminders" AS "r1s"
      JOIN "reminders" AS "r2s" ON ("r1s"."id") = ("r2s"."id")
      LIMIT 1
      """)
    let pair = try #require(try database.read { try statement.fetchOne($0) })
    #expect(pair.0.title == "Groceries" && pair.1.title == "Groceries")

    let left = Reminder.as(R1.self).leftJoin(Reminder.as(R2.self).all) { $0.id.eq($1.id) }.limit(1)
      .select { ($0.id, $1.id) }
    expectSQL(
      left,
      """
      SELECT "r1s"."id", "r2s"."id"
      FROM "reminders" AS "r1s"
      LEFT JOIN "reminders" AS "r2s" ON ("r1s"."id") = ("r2s"."id")
      LIMIT 1
      """)
    let ids = try #require(try database.read { try left.fetchOne($0) })
    #expect(ids.0 == 1 && ids.1 == 1)

    let grouped = Reminder.as(R1.self)
      .group(by: \.id)
      .leftJoin(Reminder.as(R2.self).all) { $0.id.eq($1.id) }
      .limit(1)
      .select { ($0, $1.jsonGroupArray()) }
    expectSQL(
      grouped,
      """
      SELECT "r1s"."id", "r1s"."assignedUserID", "r1s"."dueDate", "r1s"."isCompleted", "r1s"."isFlagged", "r1s"."notes", "r1s"."priority", "r1s"."remindersListID", "r1s"."title", "r1s"."updatedAt", json_group_array(CASE WHEN ("r2s"."rowid") IS NOT (NULL) THEN json_object('id', json_quote("r2s"."id"), 'assignedUserID', json_quote("r2s"."assignedUserID"), 'dueDate', json_quote("r2s"."dueDate"), 'isCompleted', json(CASE "r2s"."isCompleted" WHEN 0 THEN 'false' WHEN 1 THEN 'true' END), 'isFlagged', json(CASE "r2s"."isFlagged" WHEN 0 THEN 'false' WHEN 1 THEN 'true' END), 'notes', json_quote("r2s"."notes"), 'priority', json_quote("r2s"."priority"), 'remindersListID', json_quote("r2s"."remindersListID"), 'title', json_quote("r2s"."title"), 'updatedAt', json_quote("r2s"."updatedAt")) END) FILTER (WHERE ("r2s"."rowid") IS NOT (NULL))
      FROM "reminders" AS "r1s"
      LEFT JOIN "reminders" AS "r2s" ON ("r1s"."id") = ("r2s"."id")
      GROUP BY "r1s"."id"
      LIMIT 1
      """)
    let first = try #require(try database.read { try grouped.fetchOne($0) })
    #expect(first.0.title == "Groceries" && first.1.map(\.base) == [first.0.base])

    let forcedEmpty = Reminder.as(R1.self)
      .group(by: \.id)
      .leftJoin(Reminder.as(R2.self).all) { $0.id.eq($1.id) && $0.id.eq(42) }
      .limit(1)
      .select { ($0, $1.jsonGroupArray()) }
    expectSQL(
      forcedEmpty,
      """
      SELECT "r1s"."id", "r1s"."assignedUserID", "r1s"."dueDate", "r1s"."isCompleted", "r1s"."isFlagged", "r1s"."notes", "r1s"."priority", "r1s"."remindersListID", "r1s"."title", "r1s"."updatedAt", json_group_array(CASE WHEN ("r2s"."rowid") IS NOT (NULL) THEN json_object('id', json_quote("r2s"."id"), 'assignedUserID', json_quote("r2s"."assignedUserID"), 'dueDate', json_quote("r2s"."dueDate"), 'isCompleted', json(CASE "r2s"."isCompleted" WHEN 0 THEN 'false' WHEN 1 THEN 'true' END), 'isFlagged', json(CASE "r2s"."isFlagged" WHEN 0 THEN 'false' WHEN 1 THEN 'true' END), 'notes', json_quote("r2s"."notes"), 'priority', json_quote("r2s"."priority"), 'remindersListID', json_quote("r2s"."remindersListID"), 'title', json_quote("r2s"."title"), 'updatedAt', json_quote("r2s"."updatedAt")) END) FILTER (WHERE ("r2s"."rowid") IS NOT (NULL))
      FROM "reminders" AS "r1s"
      LEFT JOIN "reminders" AS "r2s" ON (("r1s"."id") = ("r2s"."id")) AND (("r1s"."id") = (42))
      GROUP BY "r1s"."id"
      LIMIT 1
      """)
    let lonely = try #require(try database.read { try forcedEmpty.fetchOne($0) })
    #expect(lonely.0.id == 1 && lonely.1.isEmpty)
  }

  @Test func caseExpression() throws {
    let statement = Values(Case().when(true, then: "present").else("unknown"))
    expectSQL(statement, "SELECT CASE WHEN 1 THEN 'present' ELSE 'unknown' END")
    #expect(try database.read { try statement.fetchOne($0) } == "present")
  }

  @Test func reusableHelperOnLeftJoinedTable() throws {
    let statement = RemindersList.leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
      .where { $1.isHighPriority.ifnull(false) }
    expectSQL(
      statement,
      """
      SELECT "remindersLists"."id", "remindersLists"."color", "remindersLists"."title", "remindersLists"."position", "reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt"
      FROM "remindersLists"
      LEFT JOIN "reminders" ON ("remindersLists"."id") = ("reminders"."remindersListID")
      WHERE (ifnull(("reminders"."priority") IS (3), 0))
      """)
    #expect(try database.read { try statement.fetchAll($0) }.map { $0.1?.id } == [3, 6, 8])
  }

  @Test func reusableHelpersOnDrafts() throws {
    let incomplete = [1, 2, 3, 5, 6, 8, 9]
    let expected = """
      SELECT "reminders"."id"
      FROM "reminders"
      WHERE (NOT ("reminders"."isCompleted"))
      """
    expectSQL(Reminder.Draft.incomplete.select(\.id), expected)
    #expect(
      try database.read { try Reminder.Draft.incomplete.select(\.id).fetchAll($0) }
        == incomplete.map(Optional.some))
    expectSQL(Reminder.Draft.select(\.id).incomplete, expected)
    expectSQL(Reminder.Draft.all.incomplete.select(\.id), expected)
    expectSQL(
      Reminder.Draft.where { _ in true }.incomplete.select(\.id),
      """
      SELECT "reminders"."id"
      FROM "reminders"
      WHERE (1) AND (NOT ("reminders"."isCompleted"))
      """)

    let highPriority = Reminder.Draft.select(\.isHighPriority)
    expectSQL(
      highPriority,
      """
      SELECT ("reminders"."priority") IS (3)
      FROM "reminders"
      """)
    #expect(
      try database.read { try highPriority.fetchAll($0) } == [
        false, false, true, false, false, true, false, true, false, false,
      ])
  }

  @Test func singleJoinChaining() {
    let base = Reminder.group(by: \.id).join(ReminderTag.all) { $0.id.eq($1.reminderID) }
    _ = base.select { r, _ in r.isCompleted }
    _ = base.join(RemindersList.all) { _, _, _ in true }
    _ = base.leftJoin(RemindersList.all) { _, _, _ in true }
    _ = base.rightJoin(RemindersList.all) { _, _, _ in true }
    _ = base.fullJoin(RemindersList.all) { _, _, _ in true }
    _ = base.join(RemindersList.all) { _, _, _ in true }.join(RemindersList.all) { _, _, _, _ in true }
    _ = base.leftJoin(RemindersList.all) { _, _, _ in true }.leftJoin(RemindersList.all) { _, _, _, _ in true
    }
    _ = base.rightJoin(RemindersList.all) { _, _, _ in true }.rightJoin(RemindersList.all) { _, _, _, _ in
      true
    }
    _ = base.fullJoin(RemindersList.all) { _, _, _ in true }.fullJoin(RemindersList.all) { _, _, _, _ in true
    }
    _ = base.where { r, _ in r.isCompleted }
    _ = base.group { r, _ in r.isCompleted }
    _ = base.having { r, _ in r.isCompleted }
    _ = base.order { r, _ in r.isCompleted }
    _ = base.limit(1)
    _ = base.count()
    _ = base.count { r, _ in r.isCompleted }
  }

  @Test func tuples() throws {
    let statement = Tag.where { $0.eq(Tag(id: 1, title: "car")) }
    expectSQL(
      statement,
      """
      SELECT "tags"."id", "tags"."title"
      FROM "tags"
      WHERE (("tags"."id", "tags"."title") = (1, 'car'))
      """)
    #expect(try database.read { try statement.fetchAll($0) } == [Tag(id: 1, title: "car")])

    let after = Tag.where {
      $0 > Tag(id: 1, title: "car")
    }
    expectSQL(
      after,
      """
      SELECT "tags"."id", "tags"."title"
      FROM "tags"
      WHERE (("tags"."id", "tags"."title") > (1, 'car'))
      """)
    #expect(try database.read { try after.fetchAll($0) }.map(\.title) == ["kids", "someday", "optional"])
  }

  @Test func optionalMapAndFlatMap() throws {
    let mapped: some Statement<Bool?> = Reminder.select {
      $0.priority.map { $0 < Priority.high }
    }
    expectSQL(
      mapped,
      """
      SELECT CASE ("reminders"."priority") IS (NULL) WHEN 1 THEN NULL ELSE ("reminders"."priority") < (3) END
      FROM "reminders"
      """)
    #expect(
      try database.read { try mapped.fetchAll($0) } == [
        nil, nil, false, nil, nil, false, true, false, nil, true,
      ])

    let flatMapped: some Statement<Priority?> = Reminder.select { $0.priority.flatMap { $0.max() } }
    expectSQL(
      flatMapped,
      """
      SELECT max("reminders"."priority")
      FROM "reminders"
      """)
    #expect(try database.read { try flatMapped.fetchAll($0) } == [.high])
  }

  @Test func map() throws {
    let swapped = Reminder.limit(1).select { ($0.id, $0.title) }.map { ($1, $0) }
    expectSQL(
      swapped,
      """
      SELECT "reminders"."title", "reminders"."id"
      FROM "reminders"
      LIMIT 1
      """)
    let rows = try database.read { try swapped.fetchAll($0) }
    #expect(rows.map(\.0) == ["Groceries"] && rows.map(\.1) == [1])

    let nothing = Reminder.limit(1).select { ($0.id, $0.title) }.map { _, _ in }
    expectSQL(
      nothing,
      """
      SELECT "reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt"
      FROM "reminders"
      LIMIT 1
      """)
    #expect(try database.read { try nothing.fetchAll($0) }.count == 1)

    expectSQL(
      Reminder.limit(1).select { ($0.id, $0.title) }.map { ($1, $0) },
      """
      SELECT "reminders"."title", "reminders"."id"
      FROM "reminders"
      LIMIT 1
      """)
  }

  @Test func virtualTable() throws {
    let info = PragmaTableInfo<Reminder>.all
    expectSQL(
      info,
      """
      SELECT "remindersTableInfo"."cid", "remindersTableInfo"."name", "remindersTableInfo"."type", "remindersTableInfo"."notnull", "remindersTableInfo"."dflt_value", "remindersTableInfo"."pk"
      FROM pragma_table_info('reminders') AS "remindersTableInfo"
      """)
    let columns = try database.read { try info.fetchAll($0) }
    #expect(
      columns.map(\.name) == [
        "id", "assignedUserID", "dueDate", "isCompleted", "isFlagged", "remindersListID", "notes", "priority",
        "title", "updatedAt",
      ])
    #expect(columns.first?.isPrimaryKey == true && columns.first?.columnID == 0)

    let keys = PragmaForeignKeyList<Reminder>
      .join(PragmaTableInfo<Reminder>.all) { $0.from.eq($1.name) }
    expectSQL(
      keys,
      """
      SELECT "remindersForeignKeys"."id", "remindersForeignKeys"."seq", "remindersForeignKeys"."table", "remindersForeignKeys"."from", "remindersForeignKeys"."to", "remindersForeignKeys"."on_update", "remindersForeignKeys"."on_delete", "remindersForeignKeys"."match", "remindersTableInfo"."cid", "remindersTableInfo"."name", "remindersTableInfo"."type", "remindersTableInfo"."notnull", "remindersTableInfo"."dflt_value", "remindersTableInfo"."pk"
      FROM pragma_foreign_key_list('reminders') AS "remindersForeignKeys"
      JOIN pragma_table_info('reminders') AS "remindersTableInfo" ON ("remindersForeignKeys"."from") = ("remindersTableInfo"."name")
      """)
    let rows = try database.read { try keys.fetchAll($0) }
    #expect(rows.map(\.0.table) == ["remindersLists"] && rows.map(\.0.to) == ["id"])
    #expect(rows.map(\.0.onUpdate) == [.noAction] && rows.map(\.0.onDelete) == [.cascade])
    #expect(rows.map(\.1.name) == ["remindersListID"] && rows.map(\.1.columnID) == [5])
  }

  @Test func vec0() {
    let xs = [0.890, 0.544, 0.825, 0.961, 0.358, 0.0196, 0.521, 0.175]
    expectSQL(
      VecExample
        .where { _ in
          #sql("sample_embedding match \(#bind(xs, as: [Double].JSONRepresentation.self))")
        }
        .order(by: \.distance)
        .limit(2),
      """
      SELECT "vecExamples"."rowid", "vecExamples"."distance"
      FROM "vecExamples"
      WHERE (sample_embedding match '[
        0.89,
        0.544,
        0.825,
        0.961,
        0.358,
        0.0196,
        0.521,
        0.175
      ]')
      ORDER BY "vecExamples"."distance"
      LIMIT 2
      """)
  }

  @Test func dynamicMember() throws {
    let statement =
      RemindersList
      .limit(1)
      .select(\.title)
      .withReminderCount
    expectSQL(
      statement,
      """
      SELECT "remindersLists"."title", count("reminders"."id")
      FROM "remindersLists"
      JOIN "reminders" ON ("remindersLists"."id") = ("reminders"."remindersListID")
      GROUP BY "remindersLists"."id"
      LIMIT 1
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == ["Personal"] && rows.map(\.1) == [5])
  }
}
