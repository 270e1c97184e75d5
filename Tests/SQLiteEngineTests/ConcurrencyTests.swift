import Foundation
import SQLiteDataTestSupport
import SQLiteEngine
import Testing

@Suite("Queues and pools under concurrency")
struct ConcurrencyTests {
  let directory: TemporaryFolder

  init() throws { directory = try TemporaryFolder() }

  func makePool() throws -> DatabasePool {
    let pool = try DatabasePool(path: directory.path("pool.sqlite"))
    try pool.write { try $0.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER)") }
    return pool
  }

  /// On a file already in WAL mode, the first reader opens beside the writer: a pool read at once,
  /// closed at once, or written by another pool in between, sees what it must, every time.
  @Test func poolsOpenedAndClosedAtOnceOnAWALFile() throws {
    try makePool().close()
    let path = directory.path("pool.sqlite")
    for round in 1...40 {
      let pool = try DatabasePool(path: path)
      switch round % 3 {
      case 0:
        // Closed while its first reader may still be opening.
        pool.close()
        #expect(throws: DatabaseError.self) { try pool.read { _ in () } }
      case 1:
        try pool.write { try $0.execute(sql: "INSERT INTO t (x) VALUES (?)", arguments: [round]) }
        #expect(try pool.read { try Int.fetchOne($0, sql: "SELECT max(x) FROM t") } == round)
        pool.close()
      default:
        let other = try DatabasePool(path: path)
        try other.write { try $0.execute(sql: "INSERT INTO t (x) VALUES (?)", arguments: [round]) }
        #expect(try pool.read { try Int.fetchOne($0, sql: "SELECT max(x) FROM t") } == round)
        other.close()
        pool.close()
      }
    }
    let pool = try DatabasePool(path: path)
    defer { pool.close() }
    #expect(try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 27)
  }

  @Test(arguments: ["queue", "pool"])
  func thousandConcurrentAsyncWritesAllLand(kind: String) async throws {
    let writer: any DatabaseWriter =
      kind == "pool" ? try makePool() : try DatabaseQueue(path: directory.path("queue.sqlite"))
    try await writer.write {
      try $0.execute(sql: "CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, x INTEGER)")
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<1000 {
        group.addTask {
          try await writer.write { try $0.execute(sql: "INSERT INTO t (x) VALUES (?)", arguments: [index]) }
        }
      }
      try await group.waitForAll()
    }
    let (count, sum) = try await writer.read { db in
      (try Int.fetchOne(db, sql: "SELECT count(*) FROM t"), try Int.fetchOne(db, sql: "SELECT sum(x) FROM t"))
    }
    #expect(count == 1000)
    #expect(sum == 999 * 1000 / 2)
  }

  /// Checkpoints run on a connection of their own: the log is copied into the database file
  /// while commits go on, so it stays near SQLite's 1000-page threshold however much is written.
  @Test func aPoolCheckpointsItsLogInTheBackground() throws {
    let path = directory.path("checkpoints.sqlite")
    let pool = try DatabasePool(path: path)
    try pool.write { try $0.execute(sql: "CREATE TABLE blobs (id INTEGER PRIMARY KEY, body BLOB NOT NULL)") }
    var largestLog = 0
    for _ in 0..<300 {
      // About 100 pages a commit, 30,000 pages (120 MB) in all.
      try pool.write { db in
        try db.execute(
          sql: """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
            INSERT INTO blobs (body) SELECT randomblob(4000) FROM n
            """)
      }
      let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
      largestLog = max(largestLog, size)
    }
    #expect(try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM blobs") } == 30_000)
    // Without checkpoints the log would hold every page written (120 MB); commits back to back
    // checkpoint in place past 4000 pages (16 MB).
    #expect(largestLog < 20_000_000, "the log grew to \(largestLog) bytes")
    pool.close()
  }

  @Test func aPoolReaderDoesNotSeeAnUncommittedWrite() throws {
    let pool = try makePool()
    try pool.write { db in
      try db.execute(sql: "INSERT INTO t (x) VALUES (1)")
      // Inside the uncommitted transaction, a read on a reader connection sees the last commit.
      #expect(try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 0)
      #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM t") == 1)
    }
    #expect(try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 1)
  }

  @Test func aPoolReadSeesOneSnapshotWhileWritesGoOn() throws {
    let pool = try makePool()
    try pool.write { try $0.execute(sql: "INSERT INTO t (x) VALUES (1)") }
    let readerStarted = DispatchSemaphore(value: 0)
    let writeDone = DispatchSemaphore(value: 0)
    let readerDone = DispatchSemaphore(value: 0)
    let counts = Locked<[Int]>([])
    DispatchQueue.global().async {
      try? pool.read { db in
        counts.withValue { $0.append((try? Int.fetchOne(db, sql: "SELECT count(*) FROM t")) ?? -1) }
        readerStarted.signal()
        writeDone.wait()
        counts.withValue { $0.append((try? Int.fetchOne(db, sql: "SELECT count(*) FROM t")) ?? -1) }
      }
      readerDone.signal()
    }
    readerStarted.wait()
    try pool.write { try $0.execute(sql: "INSERT INTO t (x) VALUES (2)") }
    writeDone.signal()
    readerDone.wait()
    #expect(counts.value == [1, 1])
    #expect(try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 2)
  }

  @Test func readsRunConcurrentlyUpToTheReaderLimit() async throws {
    var configuration = Configuration()
    configuration.maximumReaderCount = 3
    let pool = try DatabasePool(path: directory.path("limited.sqlite"), configuration: configuration)
    try await pool.write { try $0.execute(sql: "CREATE TABLE t (x)") }
    let active = Locked((now: 0, most: 0))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<20 {
        group.addTask {
          try await pool.read { db in
            active.withValue {
              $0.now += 1; $0.most = max($0.most, $0.now)
            }
            usleep(5_000)
            _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM t")
            active.withValue { $0.now -= 1 }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(active.value.most <= 3)
    #expect(active.value.most >= 2)
  }

  @Test func aReadInsideAReadReusesItsConnection() throws {
    let pool = try makePool()
    let nested = try pool.read { outer in
      try pool.read { inner in outer === inner }
    }
    #expect(nested)
  }

  @Test func poolReadsCannotWrite() throws {
    let pool = try makePool()
    #expect(throws: DatabaseError.self) {
      try pool.read { try $0.execute(sql: "INSERT INTO t (x) VALUES (1)") }
    }
  }

  @Test func closedPoolsRefuseWork() async throws {
    let pool = try makePool()
    pool.close()
    await #expect(throws: DatabaseError.self) { try await pool.read { _ in 1 } }
    #expect(throws: DatabaseError.self) { try pool.write { try $0.execute(sql: "SELECT 1") } }
  }
}
