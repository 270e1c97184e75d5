import Foundation
import SQLiteEngine
import Testing

@Suite("SQL functions written in Swift")
struct FunctionTests {
  let queue: DatabaseQueue

  init() throws { queue = try DatabaseQueue() }

  @Test func scalarFunctions() throws {
    let reverse = DatabaseFunction("reverse", argumentCount: 1, pure: true) { values in
      String.fromDatabaseValue(values[0]).map { String($0.reversed()) }
    }
    let sum = DatabaseFunction("sumAll") { values in
      values.compactMap { Int.fromDatabaseValue($0) }.reduce(0, +)
    }
    try queue.writeWithoutTransaction { db in
      try db.add(function: reverse)
      try db.add(function: sum)
      #expect(try String.fetchOne(db, sql: "SELECT reverse('abc')") == "cba")
      #expect(try String?.fetchOne(db, sql: "SELECT reverse(NULL)") == nil)
      #expect(try Int.fetchOne(db, sql: "SELECT sumAll(1, 2, 3, 'x')") == 6)
      #expect(try Int.fetchOne(db, sql: "SELECT sumAll()") == 0)
      db.remove(function: reverse)
      #expect(throws: DatabaseError.self) { _ = try String.fetchOne(db, sql: "SELECT reverse('abc')") }
    }
  }

  @Test func errorsThrownByFunctionsReachTheCaller() throws {
    struct Refusal: Error, CustomStringConvertible { var description: String { "refused" } }
    try queue.writeWithoutTransaction { db in
      try db.add(function: DatabaseFunction("refuse", argumentCount: 0) { _ in throw Refusal() })
      let error = try #require(throws: DatabaseError.self) {
        _ = try Int.fetchOne(db, sql: "SELECT refuse()")
      }
      #expect(error.message == "refused")
    }
  }

  struct Longest: DatabaseAggregate {
    var longest: String?
    init() {}
    mutating func step(_ values: [DatabaseValue]) throws {
      guard let text = String.fromDatabaseValue(values[0]) else { return }
      if text.count > (longest?.count ?? -1) { longest = text }
    }
    func finalize() throws -> (any DatabaseValueConvertible)? { longest }
  }

  @Test func aggregateFunctions() throws {
    try queue.writeWithoutTransaction { db in
      try db.add(function: DatabaseFunction("longest", argumentCount: 1, aggregate: Longest.self))
      try db.execute(
        sql: """
          CREATE TABLE words (category TEXT, word TEXT);
          INSERT INTO words VALUES ('a', 'x'), ('a', 'xyz'), ('a', 'xy'), ('b', 'hello'), ('b', NULL);
          """)
      let rows = try Row.fetchAll(
        db, sql: "SELECT category, longest(word) FROM words GROUP BY category ORDER BY 1")
      #expect(rows.map { $0[1] } == ["xyz", "hello"])
      #expect(try String?.fetchOne(db, sql: "SELECT longest(word) FROM words WHERE 0") == nil)
    }
  }

  @Test func uuidIsRegisteredOnEveryConnection() throws {
    let values = try queue.read { db in
      try String.fetchAll(db, sql: "SELECT uuid() FROM (SELECT 1 UNION ALL SELECT 2)")
    }
    #expect(values.count == 2)
    #expect(values[0] != values[1])
    for value in values {
      #expect(value == value.lowercased())
      #expect(value.count == 36)
      let uuid = try #require(UUID(uuidString: value))
      #expect(uuid.uuidString.lowercased() == value)
      #expect(Array(value)[14] == "4")  // version 4
    }
    try queue.write { db in
      try db.execute(
        sql: #"CREATE TABLE t ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()), x)"#)
      try db.execute(sql: "INSERT INTO t (id, x) VALUES (NULL, 1)")
      #expect(try UUID.fetchOne(db, sql: "SELECT id FROM t") != nil)
    }
  }
}
