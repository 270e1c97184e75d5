import Foundation
import SQLiteEngine
import Testing

@Suite("Changed tables reported per committed transaction")
struct TransactionHookTests {
  let queue: DatabaseQueue
  let commits = Locked<[Set<String>]>([])
  let observation: CommitObservation

  init() throws {
    queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE lists (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
          CREATE TABLE items (id INTEGER PRIMARY KEY, listID INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE, title TEXT NOT NULL);
          CREATE TABLE log (message TEXT NOT NULL);
          CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
          CREATE TRIGGER itemsLog AFTER INSERT ON items BEGIN
            INSERT INTO log (message) VALUES ('added ' || new.title);
          END;
          INSERT INTO lists (id, title) VALUES (1, 'Personal');
          """)
    }
    let commits = self.commits
    observation = queue.observeCommits { changes in commits.withValue { $0.append(changes.tables) } }
  }

  @Test func eachCommitReportsItsTables() throws {
    try queue.write { try $0.execute(sql: "INSERT INTO lists (title) VALUES ('Work')") }
    try queue.write { try $0.execute(sql: "UPDATE lists SET title = 'Home' WHERE id = 1") }
    try queue.writeWithoutTransaction { try $0.execute(sql: "DELETE FROM lists WHERE id = 2") }
    #expect(commits.value == [["lists"], ["lists"], ["lists"]])
  }

  @Test func readsAndEmptyWritesReportNothing() throws {
    _ = try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM lists") }
    try queue.write { try $0.execute(sql: "UPDATE lists SET title = 'x' WHERE id = 42") }
    #expect(commits.value == [])
  }

  @Test func triggersAndCascadesAreIncluded() throws {
    try queue.write { try $0.execute(sql: "INSERT INTO items (listID, title) VALUES (1, 'Milk')") }
    #expect(commits.value.last == ["items", "log"])
    try queue.write { try $0.execute(sql: "DELETE FROM lists WHERE id = 1") }
    #expect(commits.value.last == ["lists", "items"])
    #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM items") } == 0)
  }

  @Test func rollbacksReportNothing() throws {
    struct Failure: Error {}
    try? queue.write { db in
      try db.execute(sql: "INSERT INTO lists (title) VALUES ('Gone')")
      throw Failure()
    }
    try queue.writeWithoutTransaction { db in
      try db.execute(sql: "BEGIN; INSERT INTO lists (title) VALUES ('Gone'); ROLLBACK")
    }
    #expect(commits.value == [])
  }

  @Test func aRolledBackSavepointLeavesTheChangedSet() throws {
    try queue.write { db in
      try db.execute(sql: "INSERT INTO lists (title) VALUES ('Kept')")
      try db.inSavepoint {
        try db.execute(sql: "INSERT INTO items (listID, title) VALUES (1, 'Undone')")
        #expect(db.tablesChangedInCurrentTransaction == ["lists", "items", "log"])
        return .rollback
      }
      #expect(db.tablesChangedInCurrentTransaction == ["lists"])
    }
    #expect(commits.value == [["lists"]])
  }

  /// A table changed only by a trigger is known from the update hook alone, which skips repeats
  /// of the last table: the next transaction, and the work after a rolled-back savepoint, must
  /// still see it.
  @Test func aTableChangedAgainIsReportedAgain() throws {
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TRIGGER settingsLog AFTER INSERT ON settings BEGIN
            INSERT INTO log (message) VALUES ('set ' || new.key);
          END
          """)
    }
    commits.withValue { $0 = [] }
    try queue.write { try $0.execute(sql: "INSERT INTO settings (key) VALUES ('a')") }
    try queue.write { try $0.execute(sql: "INSERT INTO settings (key) VALUES ('b')") }
    try queue.write { db in
      try db.inSavepoint {
        try db.execute(sql: "INSERT INTO settings (key) VALUES ('c')")
        return .rollback
      }
      #expect(db.tablesChangedInCurrentTransaction == [])
      try db.execute(sql: "INSERT INTO settings (key) VALUES ('d')")
    }
    #expect(commits.value == [["settings", "log"], ["settings", "log"], ["settings", "log"]])
  }

  @Test func savepointsWrittenInSQLAreFollowedToo() throws {
    try queue.writeWithoutTransaction { db in
      try db.execute(
        sql: """
          SAVEPOINT outer;
          INSERT INTO lists (title) VALUES ('A');
          SAVEPOINT inner;
          INSERT INTO items (listID, title) VALUES (1, 'B');
          ROLLBACK TO inner;
          SAVEPOINT "Other";
          INSERT INTO settings (key, value) VALUES ('k', 'v');
          RELEASE other;
          RELEASE outer;
          """)
    }
    #expect(commits.value == [["lists", "settings"]])
  }

  @Test func rollingBackAnOuterSavepointForgetsInnerOnes() throws {
    try queue.write { db in
      try db.execute(
        sql:
          "SAVEPOINT a; INSERT INTO lists (title) VALUES ('x'); SAVEPOINT b; INSERT INTO items (listID, title) VALUES (1, 'y'); RELEASE b; ROLLBACK TO a; RELEASE a"
      )
      try db.execute(sql: "INSERT INTO log (message) VALUES ('kept')")
    }
    #expect(commits.value == [["log"]])
  }

  @Test func withoutRowIDTablesAndTruncationAreSeen() throws {
    try queue.write { try $0.execute(sql: "INSERT INTO settings (key, value) VALUES ('theme', 'dark')") }
    #expect(commits.value.last == ["settings"])
    try queue.write { try $0.execute(sql: "INSERT INTO log (message) VALUES ('a'), ('b')") }
    try queue.write { try $0.execute(sql: "DELETE FROM log") }
    #expect(commits.value.last == ["log"])
    #expect(commits.value.count == 3)
  }

  @Test func schemaChangesAreReported() throws {
    try queue.write { try $0.execute(sql: "CREATE TABLE extra (x)") }
    #expect(commits.value.last?.contains("extra") == true)
    try queue.write { try $0.execute(sql: "DROP TABLE extra") }
    #expect(commits.value.last?.contains("extra") == true)
  }

  @Test func aCancelledObservationHearsNothingMore() throws {
    observation.cancel()
    try queue.write { try $0.execute(sql: "INSERT INTO lists (title) VALUES ('x')") }
    #expect(commits.value == [])
  }

  @Test func commitNumbersIncrease() throws {
    let numbers = Locked<[UInt64]>([])
    let second = queue.observeCommits { changes in numbers.withValue { $0.append(changes.commitNumber) } }
    for _ in 0..<3 { try queue.write { try $0.execute(sql: "INSERT INTO log (message) VALUES ('x')") } }
    #expect(numbers.value.count == 3)
    #expect(numbers.value == numbers.value.sorted())
    #expect(Set(numbers.value).count == 3)
    second.cancel()
  }

  @Test func statementsKnowWhatTheyRead() throws {
    try queue.read { db in
      let statement = try db.makeStatement(
        sql: "SELECT items.title, lists.title FROM items JOIN lists ON lists.id = items.listID")
      #expect(statement.region.description == "items(listid,title), lists(id,title)")
      let count = try db.makeStatement(sql: "SELECT count(*) FROM items")
      #expect(count.region.isModified(byTables: ["items"]))
      #expect(!count.region.isModified(byTables: ["lists"]))
      #expect(count.region.isModified(byTables: ["ITEMS"]))
    }
  }
}
