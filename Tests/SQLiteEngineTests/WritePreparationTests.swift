import Foundation
import SQLiteDataTestSupport
import SQLiteEngine
import Synchronization
import Testing

@Suite("Set-up that waits for the first write")
struct WritePreparationTests {
  let directory: TemporaryFolder

  init() throws { directory = try TemporaryFolder() }

  /// A pool and a queue on files of their own, with a table to write to.
  func writers() throws -> [any DatabaseWriter] {
    let pool = try DatabasePool(path: directory.path("pool.sqlite"))
    let queue = try DatabaseQueue(path: directory.path("queue.sqlite"))
    for writer in [pool, queue] as [any DatabaseWriter] {
      try writer.write { try $0.execute(sql: "CREATE TABLE items (title TEXT NOT NULL)") }
    }
    return [pool, queue]
  }

  /// The temporary triggers of the writing connection.
  func temporaryTriggers(_ writer: any DatabaseWriter) throws -> [String] {
    var names: [String] = []
    var failure: (any Error)?
    writer.withWriterConnection { db in
      do {
        names = try String.fetchAll(db, sql: "SELECT name FROM sqlite_temp_master WHERE type = 'trigger'")
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    return names
  }

  @Test func runsOnceJustBeforeTheFirstWrite() throws {
    for writer in try writers() {
      let runs = Atomic(0)
      writer.prepareBeforeWriting { db in
        runs.add(1, ordering: .relaxed)
        try db.execute(
          sql: """
            CREATE TEMP TRIGGER "items_upper" AFTER INSERT ON "items" BEGIN
              UPDATE "items" SET "title" = upper(new."title") WHERE rowid = new.rowid;
            END
            """)
      }
      // Reading does not prepare.
      #expect(try writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM items") } == 0)
      #expect(try temporaryTriggers(writer).isEmpty)
      #expect(runs.load(ordering: .relaxed) == 0)
      // The first write finds the trigger in place.
      try writer.write { try $0.execute(sql: "INSERT INTO items VALUES ('milk')") }
      try writer.writeWithoutTransaction { try $0.execute(sql: "INSERT INTO items VALUES ('eggs')") }
      #expect(
        try writer.read { try String.fetchAll($0, sql: "SELECT title FROM items ORDER BY rowid") } == [
          "MILK", "EGGS",
        ])
      #expect(try temporaryTriggers(writer) == ["items_upper"])
      #expect(runs.load(ordering: .relaxed) == 1)
    }
  }

  @Test func aFailedPreparationFailsTheWriteAndIsTriedAgain() async throws {
    for writer in try writers() {
      let attempts = Atomic(0)
      writer.prepareBeforeWriting { db in
        if attempts.add(1, ordering: .relaxed).newValue == 1 {
          throw DatabaseError(resultCode: .SQLITE_BUSY, message: "not now")
        }
        try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS prepared (x)")
      }
      #expect(throws: DatabaseError.self) {
        try writer.write { try $0.execute(sql: "INSERT INTO items VALUES ('milk')") }
      }
      // Nothing was written, and the next write (here from a task) prepares first.
      #expect(try await writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM items") } == 0)
      try await writer.write { try $0.execute(sql: "INSERT INTO items VALUES ('milk')") }
      #expect(attempts.load(ordering: .relaxed) == 2)
      #expect(try await writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM items") } == 1)
    }
  }
}
