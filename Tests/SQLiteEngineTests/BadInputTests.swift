import Foundation
import SQLiteDataTestSupport
import SQLiteEngine
import TerminalUITestSupport
import Testing

@Suite("Bad input gives errors that say what and where")
struct BadInputTests {
  let directory: TemporaryFolder

  init() throws { directory = try TemporaryFolder() }

  @Test func openingADirectory() throws {
    let path = directory.path("folder")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let error = try #require(throws: DatabaseError.self) { _ = try DatabaseQueue(path: path) }
    #expect(error.resultCode == .SQLITE_CANTOPEN)
    #expect(error.description.contains(path))
    #expect(error.description.contains("directory"))
    #expect(throws: DatabaseError.self) { _ = try DatabasePool(path: path) }
  }

  @Test func openingAFileThatIsNotADatabase() throws {
    let path = directory.path("notes.txt")
    let contents = Data(String(repeating: "These are not the bytes of a database.\n", count: 50).utf8)
    try contents.write(to: URL(fileURLWithPath: path))
    let error = try #require(throws: DatabaseError.self) { _ = try DatabaseQueue(path: path) }
    #expect(error.resultCode == .SQLITE_NOTADB)
    #expect(error.description.contains(path))
    #expect(error.description.contains("not a SQLite database"))
    // The file is left as it was.
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
  }

  @Test func openingAMissingFolder() throws {
    let path = directory.path("no/such/folder/db.sqlite")
    let error = try #require(throws: DatabaseError.self) { _ = try DatabaseQueue(path: path) }
    #expect(error.resultCode == .SQLITE_CANTOPEN)
    #expect(error.description.contains(path))
  }

  /// Root ignores permission bits, so the file is made immutable instead when running as root.
  @Test func openingAReadOnlyFileForWriting() throws {
    let path = directory.path("locked-down.sqlite")
    try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE t (x)") }
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    let isRoot = geteuid() == 0
    if isRoot {
      guard run("/usr/bin/chattr", "+i", path) == 0 else {
        Issue.record("cannot make a read-only file as root here (chattr +i failed)")
        return
      }
    }
    defer { if isRoot { _ = run("/usr/bin/chattr", "-i", path) } }

    let error = try #require(throws: DatabaseError.self) { _ = try DatabaseQueue(path: path) }
    #expect(error.resultCode == .SQLITE_READONLY)
    #expect(error.description.contains(path))
    #expect(error.description.contains("Configuration.readonly"))

    var configuration = Configuration()
    configuration.readonly = true
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    #expect(try queue.read { try $0.tableExists("t") })
  }

  @Test func openingALockedDatabase() throws {
    let path = directory.path("locked.sqlite")
    let holder = try DatabaseQueue(path: path)
    try holder.write { try $0.execute(sql: "CREATE TABLE t (x)") }
    var configuration = Configuration()
    configuration.busyTimeout = 0.1
    try holder.writeWithoutTransaction { db in
      try db.execute(sql: "BEGIN EXCLUSIVE; INSERT INTO t VALUES (1)")
      defer { try? db.execute(sql: "ROLLBACK") }
      let error = try #require(throws: DatabaseError.self) {
        _ = try DatabaseQueue(path: path, configuration: configuration)
      }
      #expect(error.resultCode == .SQLITE_BUSY)
      #expect(error.description.contains(path))
      #expect(error.description.contains("locked"))
    }
  }

  @Test func invalidSQL() throws {
    let queue = try DatabaseQueue()
    let error = try #require(throws: DatabaseError.self) {
      try queue.write { try $0.execute(sql: "SELEC 1") }
    }
    #expect(error.resultCode == .SQLITE_ERROR)
    #expect(error.description == #"SQLite error 1: near "SELEC": syntax error - while executing `SELEC 1`"#)
  }

  @Test func errorTextContainsSQLAndArguments() throws {
    let queue = try DatabaseQueue()
    try queue.write {
      try $0.execute(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE)")
    }
    try queue.write { try $0.execute(sql: "INSERT INTO items (title) VALUES (?)", arguments: ["milk"]) }
    let error = try #require(throws: DatabaseError.self) {
      try queue.write { try $0.execute(sql: "INSERT INTO items (title) VALUES (?)", arguments: ["milk"]) }
    }
    #expect(error.resultCode == .SQLITE_CONSTRAINT)
    #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE)
    #expect(error.sql == "INSERT INTO items (title) VALUES (?)")
    #expect(error.arguments == ["milk"])
    #expect(
      error.description
        == "SQLite error 19: UNIQUE constraint failed: items.title - while executing "
        + "`INSERT INTO items (title) VALUES (?)` with arguments ['milk']")
    #expect(!error.description.contains("\n"))
    #expect(error.resultCode ~= .SQLITE_CONSTRAINT)
  }

  @Test func missingTableAndColumn() throws {
    let queue = try DatabaseQueue()
    let table = try #require(throws: DatabaseError.self) {
      try queue.read { _ = try Row.fetchAll($0, sql: "SELECT * FROM nowhere") }
    }
    #expect(table.message == "no such table: nowhere")
    try queue.write { try $0.execute(sql: "CREATE TABLE t (x)") }
    let column = try #require(throws: DatabaseError.self) {
      try queue.read { _ = try Row.fetchAll($0, sql: "SELECT y FROM t") }
    }
    #expect(column.message == "no such column: y")
  }

  @Test func wrongArgumentCounts() throws {
    let queue = try DatabaseQueue()
    try queue.write { try $0.execute(sql: "CREATE TABLE t (a, b)") }
    let tooFew = try #require(throws: DatabaseError.self) {
      try queue.write { try $0.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [1]) }
    }
    #expect(tooFew.description.contains("wrong number of statement arguments: expected 2, got 1"))
    let tooMany = try #require(throws: DatabaseError.self) {
      try queue.write { try $0.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [1, 2, 3]) }
    }
    #expect(tooMany.description.contains("wrong number of statement arguments: expected 2, got 3"))
    #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 0)
  }

  @Test func usingAClosedQueue() throws {
    let queue = try DatabaseQueue()
    queue.close()
    let error = try #require(throws: DatabaseError.self) {
      try queue.read { _ = try Row.fetchAll($0, sql: "SELECT 1") }
    }
    #expect(error.description.contains("closed"))
  }

  @Test func decodingNullIntoANonOptionalNamesTheColumn() throws {
    let queue = try DatabaseQueue()
    let error = try #require(throws: RowDecodingError.self) {
      try queue.read { db in
        _ = try db.cachedStatement(sql: "SELECT 1 AS id, 'x' AS title, NULL AS optionalDate").fetchAll {
          row in
          try row.decode(Date.self, at: 2)
        }
      }
    }
    #expect(error.message == #"Expected column 2 ("optionalDate") to not be NULL"#)
    let mismatch = try #require(throws: RowDecodingError.self) {
      try queue.read { db in _ = try Int.fetchAll(db, sql: "SELECT 'abc' AS n") }
    }
    #expect(mismatch.message == #"Expected column 0 ("n") to decode Int, but found TEXT: 'abc'"#)
  }

  private func run(_ arguments: String...) -> Int32 {
    (try? Subprocess.run(arguments, output: .discard, errors: .discard))?.status ?? -1
  }
}
