import CSQLite
import Foundation
import SQLiteDataTestSupport
import SQLiteEngine
import Testing

@Suite("Opening connections")
struct ConnectionTests {
  let directory: TemporaryFolder

  init() throws { directory = try TemporaryFolder() }

  @Test func fileIsCreatedAndReopened() throws {
    let path = directory.path("db.sqlite")
    do {
      let queue = try DatabaseQueue(path: path)
      try queue.write { try $0.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)") }
      queue.close()
    }
    #expect(FileManager.default.fileExists(atPath: path))
    let queue = try DatabaseQueue(path: path)
    #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT x FROM t") } == 1)
  }

  @Test func sqliteKeepsNoMemoryStatistics() throws {
    // With statistics on, every allocation of every connection takes one process-wide lock.
    let queue = try DatabaseQueue(path: directory.path("statistics.sqlite"))
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE items (title TEXT); INSERT INTO items VALUES ('milk')")
    }
    #expect(sqlite3_memory_used() == 0)
  }

  @Test func attachedDatabasesAreKnownByName() throws {
    let queue = try DatabaseQueue()
    try queue.writeWithoutTransaction { db in
      #expect(!db.isAttached(schema: "extra"))
      #expect(!db.isAttached(schema: "main"), "main is the connection's own, not attached")
      try db.execute(sql: "ATTACH DATABASE ':memory:' AS extra")
      #expect(db.isAttached(schema: "extra"))
      #expect(db.isAttached(schema: "EXTRA"), "schema names compare in any case")
      #expect(!db.isAttached(schema: "other"))
      try db.execute(sql: "DETACH DATABASE extra")
      #expect(!db.isAttached(schema: "extra"))
    }
  }

  @Test func fileURI() throws {
    let path = directory.path("uri.sqlite")
    let queue = try DatabaseQueue(path: "file:\(path)?cache=private")
    try queue.write { try $0.execute(sql: "CREATE TABLE t (x)") }
    queue.close()
    #expect(FileManager.default.fileExists(atPath: path))
    let readOnly = try DatabaseQueue(path: "file:\(path)?mode=ro")
    #expect(throws: DatabaseError.self) {
      try readOnly.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
    }
  }

  @Test func inMemoryDatabasesArePrivate() throws {
    let first = try DatabaseQueue()
    let second = try DatabaseQueue()
    try first.write { try $0.execute(sql: "CREATE TABLE t (x)") }
    #expect(try first.read { try $0.tableExists("t") })
    #expect(try second.read { try $0.tableExists("t") } == false)
  }

  @Test func temporaryDatabase() throws {
    let queue = try DatabaseQueue.temporary()
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE t (x)")
      try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [1])
    }
    #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 1)
  }

  @Test func readOnlyConfiguration() throws {
    let path = directory.path("ro.sqlite")
    try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE t (x)") }
    var configuration = Configuration()
    configuration.readonly = true
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    #expect(try queue.read { try $0.tableExists("t") })
    let error = try #require(throws: DatabaseError.self) {
      try queue.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
    }
    #expect(error.resultCode == .SQLITE_READONLY)
    #expect(error.description.contains("read-only"))
  }

  @Test func readOnlyConfigurationOnAMissingFile() throws {
    var configuration = Configuration()
    configuration.readonly = true
    let path = directory.path("missing.sqlite")
    let error = try #require(throws: DatabaseError.self) {
      _ = try DatabaseQueue(path: path, configuration: configuration)
    }
    #expect(error.resultCode == .SQLITE_CANTOPEN)
    #expect(error.description.contains(path))
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func foreignKeysAreOnByDefault() throws {
    let queue = try DatabaseQueue()
    #expect(try queue.read { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") } == true)
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE parents (id INTEGER PRIMARY KEY)")
      try db.execute(sql: "CREATE TABLE children (parentID INTEGER NOT NULL REFERENCES parents(id))")
    }
    let error = try #require(throws: DatabaseError.self) {
      try queue.write { try $0.execute(sql: "INSERT INTO children VALUES (1)") }
    }
    #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY)

    var configuration = Configuration()
    configuration.foreignKeysEnabled = false
    let lax = try DatabaseQueue(configuration: configuration)
    #expect(try lax.read { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") } == false)
  }

  @Test func recursiveTriggersAreOff() throws {
    let queue = try DatabaseQueue()
    #expect(try queue.read { try Bool.fetchOne($0, sql: "PRAGMA recursive_triggers") } == false)
  }

  @Test func doubleQuotedStringsAreIdentifiersOnly() throws {
    let queue = try DatabaseQueue()
    try queue.write { try $0.execute(sql: "CREATE TABLE t (x)") }
    let error = try #require(throws: DatabaseError.self) {
      try queue.read { _ = try Row.fetchAll($0, sql: #"SELECT * FROM t WHERE x = "missing""#) }
    }
    #expect(error.message.contains("no such column"))
  }

  @Test func prepareDatabaseRunsOnEveryConnection() throws {
    var configuration = Configuration()
    configuration.label = "Tests"
    configuration.prepareDatabase { db in
      try db.add(function: DatabaseFunction("answer", argumentCount: 0, pure: true) { _ in 42 })
    }
    let pool = try DatabasePool(path: directory.path("pool.sqlite"), configuration: configuration)
    #expect(try pool.write { try Int.fetchOne($0, sql: "SELECT answer()") } == 42)
    #expect(try pool.read { try Int.fetchOne($0, sql: "SELECT answer()") } == 42)
    #expect(try pool.read { $0.description }.hasPrefix("Tests.reader"))
  }

  @Test func busyTimeoutIsConfigurable() throws {
    let path = directory.path("busy.sqlite")
    var configuration = Configuration()
    configuration.busyTimeout = 0.2
    let first = try DatabaseQueue(path: path)
    let second = try DatabaseQueue(path: path, configuration: configuration)
    try first.write { try $0.execute(sql: "CREATE TABLE t (x)") }
    try first.writeWithoutTransaction { db in
      try db.execute(sql: "BEGIN EXCLUSIVE")
      defer { try? db.execute(sql: "ROLLBACK") }
      let start = Date()
      let error = try #require(throws: DatabaseError.self) {
        try second.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
      }
      #expect(error.resultCode == .SQLITE_BUSY)
      #expect(Date().timeIntervalSince(start) >= 0.15)
      #expect(error.description.contains("locked"))
      #expect(error.description.contains("busyTimeout"))
    }
  }

  @Test func journalModes() throws {
    let pool = try DatabasePool(path: directory.path("wal.sqlite"))
    #expect(try pool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
    var configuration = Configuration()
    configuration.journalMode = .truncate
    let queue = try DatabaseQueue(path: directory.path("truncate.sqlite"), configuration: configuration)
    #expect(try queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "truncate")
  }

  @Test func poolsNeedAFile() throws {
    let error = try #require(throws: DatabaseError.self) { _ = try DatabasePool(path: ":memory:") }
    #expect(error.description.contains("DatabaseQueue"))
  }

  @Test func tracingReportsStatementsAndDurations() throws {
    let queue = try DatabaseQueue()
    let events = Locked<[Database.TraceEvent]>([])
    try queue.writeWithoutTransaction { db in
      db.trace(options: [.statement, .profile]) { event in events.withValue { $0.append(event) } }
      try db.execute(sql: "CREATE TABLE t (x)")
      try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: ["it's"])
      db.trace(options: [])
      try db.execute(sql: "INSERT INTO t VALUES (2)")
    }
    let all = events.value
    let statements = all.filter { $0.duration == nil }
    let profiles = all.filter { $0.duration != nil }
    #expect(statements.map(\.sql) == ["CREATE TABLE t (x)", "INSERT INTO t VALUES (?)"])
    #expect(statements.last?.expandedDescription == "INSERT INTO t VALUES ('it''s')")
    #expect(profiles.count == 2)
    #expect(profiles.allSatisfy { ($0.duration ?? -1) >= 0 })
    #expect(profiles.last?.description.hasSuffix("s INSERT INTO t VALUES (?)") == true)
  }
}

/// A value shared with closures that may run on other threads.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: Value

  init(_ value: Value) { storage = value }

  var value: Value { lock.withLock { storage } }

  func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    try lock.withLock { try body(&storage) }
  }
}
