import CSQLite
import Foundation
import SQLiteEngine
import Testing

@Suite("Statements")
struct StatementTests {
  let queue: DatabaseQueue

  init() throws {
    queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(
        sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, title TEXT NOT NULL, isInStock INTEGER NOT NULL)")
    }
  }

  @Test func prepareBindStepReset() throws {
    try queue.write { db in
      let insert = try db.makeStatement(sql: "INSERT INTO items (title, isInStock) VALUES (?, ?)")
      #expect(insert.parameterCount == 2)
      #expect(!insert.isReadOnly)
      try insert.setArguments(["Milk", true])
      #expect(try insert.step() == false)
      insert.reset()
      try insert.setArguments(["Eggs", false])
      try insert.run()

      let select = try db.makeStatement(sql: "SELECT id, title FROM items ORDER BY id")
      #expect(select.isReadOnly)
      #expect(select.columnNames == ["id", "title"])
      #expect(try select.step())
      #expect(try Row(columns: ["id", "title"], values: [1, "Milk"]) == select.fetchOne { $0.copy() })
      select.reset()
      let titles = try select.fetchAllWithCurrentBindings { try $0.decode(String.self, at: 1) }
      #expect(titles == ["Milk", "Eggs"])
    }
  }

  @Test func namedParameters() throws {
    try queue.write { db in
      try db.execute(
        sql: "INSERT INTO items (title, isInStock) VALUES (:title, @stock)",
        arguments: ["title": "Milk", "stock": true])
      try db.execute(
        sql: "INSERT INTO items (title, isInStock) VALUES ($title, $title = 'x')", arguments: ["title": "x"])
      let rows = try Row.fetchAll(db, sql: "SELECT title, isInStock FROM items ORDER BY id")
      #expect(rows.map { $0[0] } == ["Milk", "x"])
      #expect(rows.map { $0[1] } == [1, 1])
      let missing = try #require(throws: DatabaseError.self) {
        try db.execute(sql: "SELECT :a", arguments: ["b": 1])
      }
      #expect(missing.description.contains(":a"))
    }
  }

  @Test func fastVariadicBinding() throws {
    try queue.write { db in
      let insert = try db.cachedStatement(sql: "INSERT INTO items (title, isInStock) VALUES (?, ?)")
      for index in 0..<3 {
        try insert.bind("Item \(index)", index.isMultiple(of: 2))
        try insert.run()
      }
      #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM items WHERE isInStock") == 2)
      #expect(throws: DatabaseError.self) { try insert.bind("only one") }
    }
  }

  /// One to six values take fixed-arity overloads, more take the parameter pack: every count binds
  /// each value in its place, NULL for nil, and a wrong count is refused with both numbers.
  @Test(arguments: 1...8) func bindingAnyNumberOfValues(count: Int) throws {
    let columns = (1...count).map { "c\($0)" }
    let parameters = Array(repeating: "?", count: count).joined(separator: ", ")
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE wide (\(columns.joined(separator: ", ")))")
      let insert = try db.makeStatement(sql: "INSERT INTO wide VALUES (\(parameters))")
      let missing: String? = nil
      switch count {
      case 1: try insert.execute(missing)
      case 2: try insert.execute(1, missing)
      case 3: try insert.execute(1, "two", missing)
      case 4: try insert.execute(1, "two", 3.5, missing)
      case 5: try insert.execute(1, "two", 3.5, true, missing)
      case 6: try insert.execute(1, "two", 3.5, true, Data([6]), missing)
      case 7: try insert.execute(1, "two", 3.5, true, Data([6]), Int64(7), missing)
      default: try insert.execute(1, "two", 3.5, true, Data([6]), Int64(7), "eight", missing)
      }
      let expected: [DatabaseValue] =
        Array([1, "two", 3.5, 1, .blob(Data([6])), 7, "eight"].prefix(count - 1)) + [.null]
      let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM wide"))
      #expect((0..<count).map { row[$0] } == expected)

      let tooMany = try #require(throws: DatabaseError.self) {
        switch count {
        case 1: try insert.execute(1, 2)
        case 2: try insert.execute(1, 2, 3)
        case 3: try insert.execute(1, 2, 3, 4)
        case 4: try insert.execute(1, 2, 3, 4, 5)
        case 5: try insert.execute(1, 2, 3, 4, 5, 6)
        case 6: try insert.execute(1, 2, 3, 4, 5, 6, 7)
        case 7: try insert.execute(1, 2, 3, 4, 5, 6, 7, 8)
        default: try insert.execute(1, 2, 3, 4, 5, 6, 7, 8, 9)
        }
      }
      #expect(tooMany.description.contains("expected \(count), got \(count + 1)"))
      #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM wide") == 1)
    }
  }

  /// `execute(arguments:)` binds each value where it lies in the arguments' array: a small value,
  /// one too large for an existential's inline storage (kept in a box that copies share), and
  /// nil, on a statement and through a cached one. The caller's arguments, and every copy of them,
  /// are left as they were, and can run again.
  @Test func argumentsBindInPlaceAndStayTheCallers() throws {
    struct Wide: DatabaseValueConvertible {
      var parts: (Int, Int, Int, Int)
      var databaseValue: DatabaseValue { .text("\(parts.0)-\(parts.1)-\(parts.2)-\(parts.3)") }
      static func fromDatabaseValue(_ value: DatabaseValue) -> Wide? { nil }
    }
    let wide: any DatabaseValueConvertible = Wide(parts: (1, 2, 3, 4))
    let arguments: StatementArguments = [wide, nil, 5]
    let copy = arguments
    let rows = try queue.write { db in
      try db.execute(sql: "CREATE TABLE triples (a, b, c)")
      let insert = try db.makeStatement(sql: "INSERT INTO triples VALUES (?, ?, ?)")
      try insert.execute(arguments: arguments)
      try insert.execute(arguments: copy)
      for _ in 0..<2 {
        try db.execute(sql: "INSERT INTO triples VALUES (?, ?, ?)", arguments: ["x", wide, nil])
      }
      try db.execute(sql: "INSERT INTO triples VALUES (?, ?, ?)", arguments: arguments)
      return try Row.fetchAll(db, sql: "SELECT a, b, c FROM triples ORDER BY rowid").map {
        [$0[0], $0[1], $0[2]]
      }
    }
    let first: [DatabaseValue] = ["1-2-3-4", .null, 5]
    let second: [DatabaseValue] = ["x", "1-2-3-4", .null]
    #expect(rows == [first, first, second, second, first])
    #expect(arguments.values == first)
    #expect(copy.values == first)
  }

  /// A caller binding values of its own kind binds every parameter, or is refused.
  @Test func bindingWithACallerOwnBinder() throws {
    try queue.write { db in
      let insert = try db.makeStatement(sql: "INSERT INTO items (title, isInStock) VALUES (?, ?)")
      try insert.execute { handle in
        sqlite3_bind_text(handle, 1, "Milk", -1, csqlite_transient())
        sqlite3_bind_int64(handle, 2, 1)
        return 2
      }
      let short = try #require(throws: DatabaseError.self) {
        try insert.execute { handle in
          sqlite3_bind_text(handle, 1, "Eggs", -1, csqlite_transient())
          return 1
        }
      }
      #expect(short.description.contains("expected 2, got 1"))
      #expect(try String.fetchAll(db, sql: "SELECT title FROM items") == ["Milk"])
    }
  }

  @Test func statementsCachedUnderAKeyRenderTheirSQLOnce() throws {
    struct Shape {}
    try queue.write { db in
      var renderings = 0
      func statement(variant: Int) throws -> SQLiteEngine.Statement {
        try db.cachedStatement(key: StatementCacheKey(Shape.self, variant: variant)) {
          renderings += 1
          return "SELECT \(variant)"
        }
      }
      let one = try statement(variant: 1)
      #expect(try statement(variant: 1) === one)
      #expect(try statement(variant: 2) !== one)
      #expect(renderings == 2)
      // Shared with the cache by SQL.
      #expect(try db.cachedStatement(sql: "SELECT 1") === one)
      #expect(try one.fetchOne { try $0.decode(Int.self, at: 0) } == 1)
    }
  }

  @Test func statementCacheReusesStatements() throws {
    try queue.write { db in
      let first = try db.cachedStatement(sql: "SELECT * FROM items")
      let second = try db.cachedStatement(sql: "SELECT * FROM items")
      #expect(first === second)
      let uncached = try db.makeStatement(sql: "SELECT * FROM items")
      #expect(uncached !== first)
    }
  }

  @Test func makeStatementRefusesScripts() throws {
    try queue.write { db in
      let error = try #require(throws: DatabaseError.self) {
        _ = try db.makeStatement(sql: "SELECT 1; SELECT 2")
      }
      #expect(error.description.contains("execute(sql:)"))
      // Trailing semicolons and comments are fine.
      _ = try db.makeStatement(sql: "SELECT 1; -- done\n")
    }
  }

  @Test func multiStatementScriptsConsumeArgumentsInOrder() throws {
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO items (title, isInStock) VALUES (?, ?);
          -- a comment between statements
          INSERT INTO items (title, isInStock) VALUES (?, 0);
          UPDATE items SET isInStock = 1 WHERE title = :title;
          """,
        arguments: StatementArguments(["A", false, "B"], named: ["title": "B"]))
      let rows = try Row.fetchAll(db, sql: "SELECT title, isInStock FROM items ORDER BY id")
      #expect(rows.map { $0.description } == ["[title: 'A', isInStock: 0]", "[title: 'B', isInStock: 1]"])
    }
  }

  @Test func aFailingStatementInAScriptStopsIt() throws {
    #expect(throws: DatabaseError.self) {
      try queue.write { db in
        try db.execute(
          sql: "INSERT INTO items (title, isInStock) VALUES ('a', 1); INSERT INTO nope VALUES (1)")
      }
    }
    #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM items") } == 0)
  }

  @Test func cursorsIterateLazily() throws {
    try queue.write { db in
      for index in 1...100 {
        try db.execute(
          sql: "INSERT INTO items (title, isInStock) VALUES (?, ?)", arguments: ["\(index)", index % 2])
      }
      let cursor = try Row.fetchCursor(db, sql: "SELECT id, title FROM items WHERE isInStock ORDER BY id")
      var seen = 0
      // Other queries on the same connection while the cursor is open do not disturb it.
      while let row = try cursor.next() {
        seen += 1
        #expect(try row.decode(Int.self, at: 0) % 2 == 1)
        _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM items")
      }
      #expect(seen == 50)
      #expect(try cursor.next() == nil)
      let titles = try Row.fetchCursor(db, sql: "SELECT title FROM items LIMIT 3").map {
        try $0.decode(String.self, at: 0)
      }
      #expect(titles == ["1", "2", "3"])
    }
  }

  @Test func rowsByColumnName() throws {
    let row = try queue.read { try Row.fetchOne($0, sql: "SELECT 1 AS id, 'Milk' AS Title, NULL AS notes") }
    let unwrapped = try #require(row)
    #expect(try unwrapped.decode(Int.self, column: "ID") == 1)
    #expect(try unwrapped.decode(String.self, column: "title") == "Milk")
    #expect(try unwrapped.decode(String?.self, column: "notes") == nil)
    #expect(unwrapped["missing"] == nil)
    #expect(throws: RowDecodingError.self) { try unwrapped.decode(Int.self, column: "missing") }
  }

  @Test func changesAndRowIDs() throws {
    try queue.write { db in
      try db.execute(sql: "INSERT INTO items (title, isInStock) VALUES ('a', 1), ('b', 0)")
      #expect(db.changesCount == 2)
      #expect(db.lastInsertedRowID == 2)
      try db.execute(sql: "UPDATE items SET isInStock = 1")
      #expect(db.changesCount == 2)
    }
  }

  @Test func expandedSQL() throws {
    try queue.read { db in
      let statement = try db.makeStatement(sql: "SELECT ?, ?")
      try statement.setArguments(["it's", 2])
      #expect(statement.expandedSQL == "SELECT 'it''s', 2")
    }
  }
}
