import Foundation
import SQLiteEngine
import SQLiteQueries
import Testing

@Suite("Query fragments and #sql")
struct QueryFragmentTests {
  @Test func interpolationBindsValuesAndShowsLiterals() {
    let title = "it's"
    let date = Date(timeIntervalSinceReferenceDate: 0)
    let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    let fragment: QueryFragment = """
      SELECT * FROM \(quote: "my \"items\"") WHERE title = \(bind: title) AND at = \(bind: date) \
      AND id = \(bind: uuid) AND n = \(bind: 42) AND x = \(bind: 1.0) AND b = \(bind: true) \
      AND missing IS \(bind: String?.none) LIMIT \(raw: 10)
      """
    #expect(
      fragment.debugDescription
        == #"SELECT * FROM "my ""items""" WHERE title = 'it''s' AND at = '2001-01-01 00:00:00.000' "#
        + "AND id = 'e621e1f8-c36c-495a-93fc-0c247a3e6e5f' AND n = 42 AND x = 1.0 AND b = 1 "
        + "AND missing IS NULL LIMIT 10")
    let (sql, bindings) = fragment.prepare()
    #expect(
      sql == #"SELECT * FROM "my ""items""" WHERE title = ? AND at = ? AND id = ? AND n = ? AND x = ? "#
        + "AND b = ? AND missing IS ? LIMIT 10")
    #expect(bindings == [.text("it's"), .date(date), .uuid(uuid), .int(42), .double(1), .bool(true), .null])
    #expect(fragment.prepare { "$\($0)" }.sql.contains("title = $1 AND at = $2"))
  }

  @Test func blobsAndJSONShowReadablyAndInlineExactly() throws {
    let bytes: [UInt8] = [0xDE, 0xAD, 0xFF, 0x27]
    let fragment: QueryFragment = "SELECT \(bind: bytes), \(QueryBinding.json(#"{"a":[1]}"#))"
    // Shown as upstream shows them: a blob's bytes read as text, JSON indented.
    #expect(
      fragment.debugDescription
        == "SELECT '\\u{07AD}\u{FFFD}\\''', '{\n  \"a\" : [\n    1\n  ]\n}'")
    // Inlined as literals that read back the same values, for triggers, views and keys.
    #expect(fragment.inlinedSQL == #"SELECT X'deadff27', '{"a":[1]}'"#)
    let database = try DatabaseQueue()
    let row = try database.read { try Row.fetchOne($0, sql: fragment.inlinedSQL) }
    #expect(row?[0] == .blob(Data(bytes)))
    #expect(row?[1] == .text(#"{"a":[1]}"#))
    // Two blobs that show alike are still two queries.
    let first = Values(#sql("\(bind: [UInt8]([0xFF]))", as: [UInt8].self))
    let second = Values(#sql("\(bind: [UInt8]([0xFE]))", as: [UInt8].self))
    #expect(first.query.debugDescription == second.query.debugDescription)
    #expect(first.fetchKey != second.fetchKey)
  }

  @Test func fragmentsJoinAndConcatenate() {
    let columns: [QueryFragment] = ["\"a\"", "\"b\"", "\(bind: 1)"]
    #expect(columns.joined(separator: ", ").debugDescription == #""a", "b", 1"#)
    #expect(("SELECT " + columns.joined(separator: ", ")).segments.count == 2)
    #expect(QueryFragment().isEmpty)
    #expect(QueryFragment(quote: "it's", delimiter: .text).debugDescription == "'it''s'")
  }

  @Test func aQuoteMarkJoinedToACombiningCharacterIsStillDoubled() throws {
    // `"` and U+0301 make one Character: the doubling is byte by byte, not Character by Character.
    let name = "a\"\u{301}b"
    let quoted = QueryFragment(quote: name).debugDescription
    #expect(Array(quoted.utf8) == Array("\"a\"\"\u{301}b\"".utf8))
    let queue = try DatabaseQueue()
    try queue.read { db in
      let statement = try db.makeStatement(sql: "SELECT 1 AS \(quoted)")
      #expect(statement.columnNames == [name])
    }
  }

  @Test func subqueriesAreIndentedLineByLine() {
    let fragment: QueryFragment = "SELECT 1\nFROM \"t\"\r\nWHERE \(bind: "a\nb")\n"
    let indented = fragment.indented()
    #expect(indented.debugDescription == "  SELECT 1\n  FROM \"t\"\r\n  WHERE 'a\nb'\n  ")
  }

  @Test func valuesNeverBecomeSQL() throws {
    let queue = try DatabaseQueue()
    let hostile = "x'); DROP TABLE items; --"
    try queue.write { db in
      try #sql("CREATE TABLE items (title TEXT NOT NULL)").execute(db)
      try #sql("INSERT INTO items (title) VALUES (\(bind: hostile))").execute(db)
      #expect(try #sql("SELECT title FROM items", as: String.self).fetchAll(db) == [hostile])
      #expect(try #sql("SELECT count(*) FROM items", as: Int.self).fetchOne(db) == 1)
    }
  }

  @Test func sqlExecutesMigrationsAsTheSeedsWriteThem() throws {
    let queue = try DatabaseQueue()
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create tables") { db in
      try #sql(
        """
        CREATE TABLE "items" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "title" TEXT NOT NULL DEFAULT '',
          "isInStock" INTEGER NOT NULL DEFAULT 1,
          "notes" TEXT NOT NULL DEFAULT ''
        ) STRICT
        """
      )
      .execute(db)
    }
    migrator.registerMigration("Add 'description' column") { db in
      try #sql(
        """
        ALTER TABLE "items"
        ADD COLUMN "description" TEXT
        """
      )
      .execute(db)
    }
    try migrator.migrate(queue)
    let columns = try queue.read { db in
      try #sql("SELECT name FROM pragma_table_info('items') ORDER BY cid", as: String.self).fetchAll(db)
    }
    #expect(columns == ["id", "title", "isInStock", "notes", "description"])
  }

  @Test func emptySQLDoesNothing() throws {
    let queue = try DatabaseQueue()
    try queue.read { db in
      try SQLQueryExpression<()>(QueryFragment()).execute(db)
      #expect(try SQLQueryExpression<Int>(QueryFragment()).fetchAll(db) == [])
    }
  }

  @Test func invalidBindingsThrowWhenExecuted() throws {
    let queue = try DatabaseQueue()
    let error = try #require(throws: QueryBindingError.self) {
      try queue.read { db in _ = try #sql("SELECT \(bind: UInt64.max)", as: Int.self).fetchAll(db) }
    }
    #expect(error.message.contains("larger than the largest SQLite integer"))
  }
}
