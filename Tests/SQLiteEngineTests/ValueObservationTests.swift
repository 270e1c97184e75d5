import Foundation
import SQLiteDataTestSupport
import SQLiteEngine
import TerminalUITestSupport
import Testing

/// Reads values from an observation's sequence, one at a time, failing instead of hanging when a
/// value never comes.
final class ValueRecorder<Value: Sendable>: @unchecked Sendable {
  private var iterator: AsyncThrowingStream<Value, any Error>.AsyncIterator

  init(_ stream: AsyncThrowingStream<Value, any Error>) { iterator = stream.makeAsyncIterator() }

  /// The next value delivered.
  func next(timeout: Duration = .seconds(120)) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
      group.addTask { try await self.iterator.next() }
      group.addTask {
        try await Task.sleep(for: timeout)
        return nil
      }
      defer { group.cancelAll() }
      guard let value = try await group.next() ?? nil else {
        throw ObservationTimeout()
      }
      return value
    }
  }

  /// Values until one satisfies `predicate`; returns them all, that one last.
  func values(until predicate: (Value) -> Bool) async throws -> [Value] {
    var values: [Value] = []
    while true {
      let value = try await next()
      values.append(value)
      if predicate(value) { return values }
    }
  }
}

struct ObservationTimeout: Error {}

@Suite("Values that follow the database")
struct ValueObservationTests {
  let directory: TemporaryFolder
  let pool: DatabasePool

  init() throws {
    directory = try TemporaryFolder()
    pool = try DatabasePool(path: directory.path("db.sqlite"))
    try pool.write { db in
      try db.execute(
        sql: """
          CREATE TABLE lists (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
          CREATE TABLE items (id INTEGER PRIMARY KEY, listID INTEGER REFERENCES lists(id) ON DELETE CASCADE, title TEXT NOT NULL DEFAULT '');
          CREATE TABLE log (message TEXT);
          CREATE TABLE other (x);
          CREATE TRIGGER itemsLog AFTER INSERT ON items BEGIN INSERT INTO log VALUES ('added'); END;
          INSERT INTO lists (id, title) VALUES (1, 'Personal');
          """)
    }
  }

  func count(_ table: String) -> ValueObservation<Int> {
    ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0 }
  }

  @Test func startsWithTheCurrentValueThenFollowsCommits() async throws {
    let values = ValueRecorder(count("items").removeDuplicates().values(in: pool))
    #expect(try await values.next() == 0)
    try await pool.write { try $0.execute(sql: "INSERT INTO items (listID) VALUES (1)") }
    #expect(try await values.next() == 1)
    try await pool.write { try $0.execute(sql: "INSERT INTO items (listID) VALUES (1), (1)") }
    #expect(try await values.next() == 3)
  }

  /// A commit that lands while the first fetch runs (after its snapshot, before the observation
  /// knows what the fetch read) causes another fetch: judged against a region not known yet, it
  /// was lost, and the value stayed one commit behind until the next relevant commit.
  @Test func aCommitDuringTheFirstFetchIsNotLost() async throws {
    let snapshotTaken = DispatchSemaphore(value: 0)
    let committed = DispatchSemaphore(value: 0)
    let isFirstFetch = Locked(true)
    let observation = ValueObservation.tracking { db in
      let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM items") ?? 0
      let isFirst = isFirstFetch.withValue { value in
        defer { value = false }
        return value
      }
      if isFirst {
        // The snapshot is taken: another connection commits now, before this fetch ends.
        snapshotTaken.signal()
        _ = committed.wait(timeout: .now() + 10)
      }
      return count
    }
    let pool = self.pool
    let writer = Thread {
      snapshotTaken.wait()
      try? pool.write { try $0.execute(sql: "INSERT INTO items (listID) VALUES (1)") }
      committed.signal()
    }
    writer.start()
    // The stream keeps the newest value only: 0 may be replaced by 1 before it is read.
    let values = ValueRecorder(observation.values(in: pool))
    #expect(try await values.values(until: { $0 == 1 }).last == 1)
  }

  @Test func theFirstValueIsFetchedOnTheCaller() throws {
    let received = Locked<[Int]>([])
    let cancellable = count("items").start(in: pool, onError: { _ in }) { value in
      received.withValue { $0.append(value) }
    }
    #expect(received.value == [0])
    cancellable.cancel()
  }

  @Test func unrelatedCommitsAndRollbacksDeliverNothing() async throws {
    let values = ValueRecorder(count("items").values(in: pool))
    #expect(try await values.next() == 0)
    try await pool.write { try $0.execute(sql: "INSERT INTO other VALUES (1)") }
    try await pool.write { db in
      try db.inSavepoint {
        try db.execute(sql: "INSERT INTO items (listID) VALUES (1)")
        return .rollback
      }
      try db.execute(sql: "INSERT INTO log VALUES ('kept')")
    }
    struct Failure: Error {}
    try? await pool.write { db in
      try db.execute(sql: "INSERT INTO items (listID) VALUES (1)")
      throw Failure()
    }
    try await pool.write { try $0.execute(sql: "INSERT INTO items (listID, title) VALUES (1, 'x')") }
    // The next value is the one after the relevant commit: nothing came in between.
    #expect(try await values.next() == 1)
  }

  @Test func triggersAndCascadesReachObservers() async throws {
    let logCount = ValueRecorder(count("log").values(in: pool))
    let itemCount = ValueRecorder(count("items").values(in: pool))
    #expect(try await logCount.next() == 0)
    #expect(try await itemCount.next() == 0)
    try await pool.write { try $0.execute(sql: "INSERT INTO items (listID) VALUES (1)") }
    #expect(try await logCount.next() == 1)
    #expect(try await itemCount.next() == 1)
    try await pool.write { try $0.execute(sql: "DELETE FROM lists WHERE id = 1") }
    #expect(try await itemCount.next() == 0)
  }

  @Test func concurrentWritesAreObservedExactly() async throws {
    let values = ValueRecorder(count("items").removeDuplicates().values(in: pool))
    #expect(try await values.next() == 0)
    let pool = self.pool
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<1000 {
        group.addTask {
          try await pool.write { try $0.execute(sql: "INSERT INTO items (listID) VALUES (1)") }
        }
      }
      try await group.waitForAll()
    }
    let seen = try await values.values(until: { $0 == 1000 })
    #expect(seen == seen.sorted())
    try await withThrowingTaskGroup(of: Void.self) { group in
      for id in 1...500 {
        group.addTask {
          try await pool.write { try $0.execute(sql: "DELETE FROM items WHERE id = ?", arguments: [id]) }
        }
      }
      try await group.waitForAll()
    }
    let final = try await values.values(until: { $0 == 500 })
    #expect(final.last == 500)
    #expect(try await pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM items") } == 500)
  }

  @Test func aCancelledObservationStopsWhileAnotherGoesOn() async throws {
    let first = Locked<[Int]>([])
    let firstCancellable = count("items").start(in: pool, onError: { _ in }) { value in
      first.withValue { $0.append(value) }
    }
    let second = ValueRecorder(count("items").values(in: pool))
    #expect(try await second.next() == 0)
    firstCancellable.cancel()
    try await pool.write { try $0.execute(sql: "INSERT INTO items (listID) VALUES (1)") }
    #expect(try await second.next() == 1)
    try await pool.write { try $0.execute(sql: "INSERT INTO items (listID) VALUES (1)") }
    #expect(try await second.next() == 2)
    #expect(first.value == [0])
  }

  @Test func aDroppedTableReportsAnErrorAndRecovers() async throws {
    let errors = Locked<[String]>([])
    let values = Locked<[Int]>([])
    let changed = AsyncStream<Void>.makeStream()
    let cancellable = count("other").start(
      in: pool,
      onError: { error in
        errors.withValue { $0.append("\(error)") }; changed.continuation.yield()
      },
      onChange: { value in
        values.withValue { $0.append(value) }; changed.continuation.yield()
      })
    var events = changed.stream.makeAsyncIterator()
    _ = await events.next()  // the first value
    try await pool.write { try $0.execute(sql: "DROP TABLE other") }
    for _ in 0..<20 where errors.value.isEmpty { _ = await events.next() }
    // Each fetch after the drop fails the same way (there may be more than one, e.g. when the
    // file-change watcher also wakes the observation).
    #expect(!errors.value.isEmpty)
    #expect(errors.value.allSatisfy { $0.contains("no such table: other") })
    try await pool.write { try $0.execute(sql: "CREATE TABLE other (x); INSERT INTO other VALUES (1), (2)") }
    // Events until the value comes back (errors of fetches started before the table returned may
    // still arrive first).
    for _ in 0..<20 where values.value.count < 2 { _ = await events.next() }
    #expect(values.value == [0, 2])
    cancellable.cancel()
  }

  @Test func anotherProcessesCommitsReachObservers() async throws {
    let values = ValueRecorder(count("items").removeDuplicates().values(in: pool))
    #expect(try await values.next() == 0)
    let shell = try Subprocess.run([
      "/usr/bin/sqlite3", pool.path, "INSERT INTO items (listID, title) VALUES (1, 'from the shell');",
    ])
    #expect(shell.exitStatus == 0, "\(shell.errors)")
    #expect(try await values.next() == 1)
  }
}

@Suite("Values that follow an attached database", .timeLimit(.minutes(1)))
struct AttachedDatabaseObservationTests {
  @Test func anotherProcessesCommitsToAnAttachedFileReachObservers() async throws {
    let directory = try TemporaryFolder()
    let extra = directory.path("extra.sqlite")
    try await DatabaseQueue(path: extra).write { try $0.execute(sql: "CREATE TABLE notes (text)") }
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      try db.execute(sql: "ATTACH DATABASE ? AS extra", arguments: [extra])
    }
    // Heard from the folder's file events, as the main file's commits are: no poll finds it.
    configuration.otherConnectionsPollInterval = 3600
    let pool = try DatabasePool(path: directory.path("db.sqlite"), configuration: configuration)
    let values = ValueRecorder(
      ValueObservation.tracking { try Int.fetchOne($0, sql: "SELECT count(*) FROM extra.notes") ?? 0 }
        .removeDuplicates().values(in: pool))
    #expect(try await values.next() == 0)
    // Only the attached file changes: the main file's data_version stays where it was.
    // The file is not in WAL mode: the shell waits out a read of the observation's, which holds
    // the file's shared lock for a moment, rather than fail with "database is locked".
    let shell = try Subprocess.run([
      "/usr/bin/sqlite3", "-cmd", ".timeout 10000", extra, "INSERT INTO notes VALUES ('from the shell');",
    ])
    #expect(shell.exitStatus == 0, "\(shell.errors)")
    #expect(try await values.next() == 1)
  }
}

@Suite("A closed database and the files it watched", .timeLimit(.minutes(1)))
struct ClosedDatabaseWatchTests {
  /// The folder's file events and the poll still reach the watcher of a closed pool that someone
  /// still listens to: its checks must not touch the closed connection, whose memory SQLite has
  /// freed (reading it crashed the process). Another pool on the same file hears every commit
  /// through the same events; the closed pool's writer queue, used after each, runs behind
  /// whatever check was queued on it.
  @Test func commitsAfterAPoolIsClosedAreIgnored() async throws {
    let directory = try TemporaryFolder()
    let path = directory.path("db.sqlite")
    var configuration = Configuration()
    configuration.otherConnectionsPollInterval = 0.001
    let closed = try DatabasePool(path: path, configuration: configuration)
    try await closed.write { try $0.execute(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY)") }
    let heard = closed.observeOtherConnectionsCommits { _ in }
    closed.close()

    let other = try DatabasePool(path: path)
    let values = ValueRecorder(
      ValueObservation.tracking { try Int.fetchOne($0, sql: "SELECT count(*) FROM items") ?? 0 }
        .removeDuplicates().values(in: other))
    #expect(try await values.next() == 0)
    for count in 1...100 {
      try await other.write { try $0.execute(sql: "INSERT INTO items DEFAULT VALUES") }
      #expect(try await values.next() == count)
      await #expect(throws: DatabaseError.self) { try await closed.write { _ in } }
    }
    withExtendedLifetime(heard) {}
  }
}
