import Foundation
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
