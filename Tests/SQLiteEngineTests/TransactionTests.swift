import CSQLite
import Foundation
import SQLiteDataTestSupport
import SQLiteEngine
import Testing

@Suite("Transactions and savepoints")
struct TransactionTests {
  let queue: DatabaseQueue

  init() throws {
    queue = try DatabaseQueue()
    try queue.write { try $0.execute(sql: "CREATE TABLE t (x INTEGER)") }
  }

  func values() throws -> [Int] { try queue.read { try Int.fetchAll($0, sql: "SELECT x FROM t ORDER BY x") } }

  @Test func writeCommitsOrRollsBack() throws {
    try queue.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
    struct Failure: Error {}
    #expect(throws: Failure.self) {
      try queue.write { db in
        try db.execute(sql: "INSERT INTO t VALUES (2)")
        throw Failure()
      }
    }
    #expect(try values() == [1])
  }

  @Test(arguments: [TransactionKind.deferred, .immediate, .exclusive])
  func transactionKinds(kind: TransactionKind) throws {
    try queue.writeWithoutTransaction { db in
      try db.inTransaction(kind) {
        #expect(db.isInsideTransaction)
        try db.execute(sql: "INSERT INTO t VALUES (1)")
        return .commit
      }
      #expect(!db.isInsideTransaction)
      try db.inTransaction(kind) {
        try db.execute(sql: "INSERT INTO t VALUES (2)")
        return .rollback
      }
    }
    #expect(try values() == [1])
    try queue.write(kind) { try $0.execute(sql: "INSERT INTO t VALUES (3)") }
    #expect(try values() == [1, 3])
  }

  @Test func nestedSavepoints() throws {
    try queue.write { db in
      try db.execute(sql: "INSERT INTO t VALUES (1)")
      try db.inSavepoint {
        try db.execute(sql: "INSERT INTO t VALUES (2)")
        try db.inSavepoint {
          try db.execute(sql: "INSERT INTO t VALUES (3)")
          return .rollback
        }
        try db.inSavepoint {
          try db.execute(sql: "INSERT INTO t VALUES (4)")
          return .commit
        }
        return .commit
      }
      struct Failure: Error {}
      try? db.inSavepoint {
        try db.execute(sql: "INSERT INTO t VALUES (5)")
        throw Failure()
      }
    }
    #expect(try values() == [1, 2, 4])
  }

  @Test func aWriteInsideAWriteIsASavepoint() throws {
    struct Failure: Error {}
    try queue.write { db in
      try db.execute(sql: "INSERT INTO t VALUES (1)")
      try? queue.write { inner in
        try inner.execute(sql: "INSERT INTO t VALUES (2)")
        throw Failure()
      }
      try queue.write { try $0.execute(sql: "INSERT INTO t VALUES (3)") }
    }
    #expect(try values() == [1, 3])
  }

  @Test func writeWithoutTransactionAutocommits() throws {
    try queue.writeWithoutTransaction { db in
      #expect(!db.isInsideTransaction)
      try db.execute(sql: "INSERT INTO t VALUES (1)")
      try db.execute(sql: "VACUUM")
    }
    #expect(try values() == [1])
  }

  @Test func readsLeaveCachedStatementsCompiled() throws {
    // Reads and writes in turn, each running the same cached statements: none is expired, so
    // none is compiled again (a read that switched `query_only` would expire them all).
    let select = "SELECT x FROM t ORDER BY x"
    let insert = "INSERT INTO t VALUES (?)"
    for value in 1...3 {
      try queue.write { try $0.cachedStatement(sql: insert).execute(value) }
      _ = try queue.read { try $0.cachedStatement(sql: select).fetchAll { try $0.decode(Int.self, at: 0) } }
    }
    let (selectRecompiles, insertRecompiles) = try queue.read { db in
      (
        sqlite3_stmt_status(
          try db.cachedStatement(sql: select).sqliteStatement, SQLITE_STMTSTATUS_REPREPARE, 0),
        sqlite3_stmt_status(
          try db.cachedStatement(sql: insert).sqliteStatement, SQLITE_STMTSTATUS_REPREPARE, 0)
      )
    }
    #expect(selectRecompiles == 0)
    #expect(insertRecompiles == 0)
    #expect(try values() == [1, 2, 3])
  }

  @Test func readOnWriterTakesNoWriteLockAndCannotWrite() throws {
    let folder = try TemporaryFolder()
    var configuration = Configuration()
    configuration.busyTimeout = 0
    let pool = try DatabasePool(path: folder.path("db.sqlite"), configuration: configuration)
    try pool.write { try $0.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)") }
    // Another connection holds the write lock: a read on the writer does not wait for it.
    let other = try DatabaseQueue(path: folder.path("db.sqlite"), configuration: configuration)
    try other.writeWithoutTransaction { db in
      try db.execute(sql: "BEGIN IMMEDIATE")
      #expect(try pool.readOnWriter { try Int.fetchOne($0, sql: "SELECT x FROM t") } == 1)
      try db.execute(sql: "ROLLBACK")
    }
    let error = try #require(throws: DatabaseError.self) {
      try pool.readOnWriter { try $0.execute(sql: "INSERT INTO t VALUES (2)") }
    }
    #expect(error.resultCode == .SQLITE_READONLY)
    // Inside a write, it reads what the write has done so far.
    let count = try pool.write { db in
      try db.execute(sql: "INSERT INTO t VALUES (3)")
      return try pool.readOnWriter { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") }
    }
    #expect(count == 2)
  }

  @Test func readsCannotWrite() throws {
    let error = try #require(throws: DatabaseError.self) {
      try queue.read { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
    }
    #expect(error.resultCode == .SQLITE_READONLY)
    try queue.write { try $0.execute(sql: "INSERT INTO t VALUES (2)") }
    #expect(try values() == [2])
  }

  @Test func asyncReadAndWrite() async throws {
    try await queue.write { try $0.execute(sql: "INSERT INTO t VALUES (7)") }
    let count = try await queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") }
    #expect(count == 1)
  }
}

@Suite("A failed statement leaves the connection free")
struct FailedStatementTests {
  /// A COMMIT refused by a deferred foreign key used to stay active, holding the connection's WAL
  /// snapshot: once another connection committed, every later write failed with
  /// SQLITE_BUSY_SNAPSHOT ("database is locked"), and so did each failed BEGIN after it.
  @Test func aRefusedCommitDoesNotBlockLaterWrites() throws {
    let directory = try TemporaryFolder()
    let path = directory.path("commit.sqlite")
    let pool = try DatabasePool(path: path)
    defer { pool.close() }
    try pool.write { db in
      try db.execute(
        sql: """
          CREATE TABLE parent (id INTEGER PRIMARY KEY);
          CREATE TABLE child (id INTEGER PRIMARY KEY, parentID INTEGER REFERENCES parent(id));
          INSERT INTO parent VALUES (1);
          """)
    }
    #expect(throws: DatabaseError.self) {
      try pool.write { db in
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
        try db.execute(sql: "INSERT INTO child VALUES (1, 99)")
      }
    }
    let other = try DatabaseQueue(path: path)
    defer { other.close() }
    try other.write { try $0.execute(sql: "INSERT INTO parent VALUES (2)") }
    try pool.write { try $0.execute(sql: "INSERT INTO child VALUES (2, 2)") }
    try other.write { try $0.execute(sql: "INSERT INTO parent VALUES (3)") }
    try pool.write { try $0.execute(sql: "INSERT INTO child VALUES (3, 3)") }
    #expect(try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM child") } == 2)
  }

  @Test func aStatementThatFailedRunsAgain() throws {
    let queue = try DatabaseQueue()
    try queue.write { try $0.execute(sql: "CREATE TABLE t (x INTEGER UNIQUE)") }
    try queue.write { db in
      let insert = try db.cachedStatement(sql: "INSERT INTO t VALUES (?)")
      try insert.execute(1)
      #expect(throws: DatabaseError.self) { try insert.execute(1) }
      try insert.execute(2)
    }
    #expect(try queue.read { try Int.fetchAll($0, sql: "SELECT x FROM t ORDER BY x") } == [1, 2])
  }
}
