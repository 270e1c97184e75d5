import Foundation
import RemindersKit
import SQLiteData
import TerminalUITestSupport
import Testing

/// Errors are told in words a user can act on: what happened to which file, and what to do,
/// never the library's settings or the SQL that ran.
@Suite("Messages for what went wrong")
struct ProblemMessageTests {
  @Test(arguments: [
    (ResultCode.SQLITE_BUSY, "is locked by another program"),
    (.SQLITE_LOCKED, "is locked by another program"),
    (.SQLITE_READONLY, "is read-only: reminders can show and export it"),
    (.SQLITE_FULL, "the disk holding /home/me/data is full"),
    (.SQLITE_CORRUPT, "is damaged: restore it from a backup"),
    (.SQLITE_NOTADB, "is not a database"),
    (.SQLITE_CANTOPEN, "check that its folder exists"),
  ])
  func databaseErrorsNameWhatTheUserControls(code: ResultCode, expected: String) {
    let error = DatabaseError(
      resultCode: code, sql: "BEGIN IMMEDIATE TRANSACTION", path: nil,
      hint: "raise Configuration.busyTimeout, or open it with Configuration.readonly = true")
    let message = ProblemMessage.describe(error, databasePath: "/home/me/data/reminders.sqlite")
    #expect(message.contains(expected), "\(message)")
    #expect(message.contains("/home/me/data"))
    #expect(!message.contains("Configuration"))
    #expect(!message.contains("BEGIN"))
  }

  /// A value another program wrote that a reminder cannot hold: what and where, without the SQL.
  @Test func anUnreadableValueIsNamedWithoutTheSQL() throws {
    let fixture = try Fixture()
    try fixture.database.write { db in
      try db.execute(sql: "UPDATE reminders SET dueDate = 'garbage' WHERE title = 'Haircut'")
    }
    let error = try #require(throws: (any Error).self) {
      try fixture.database.read { try Reminder.all.fetchAll($0) }
    }
    let message = ProblemMessage.describe(error, databasePath: "/home/me/data/reminders.sqlite")
    #expect(message.contains("holds a value reminders cannot read, written by another program"), "\(message)")
    #expect(message.contains("dueDate") && message.contains("garbage"), "\(message)")
    #expect(message.contains("/home/me/data/reminders.sqlite"))
    #expect(!message.contains("SELECT"), "\(message)")
  }

  /// A disk that is full before the database opens: said so, not "disk I/O error".
  @Test(.enabled(if: geteuid() == 0, "mounting a small file system needs root"))
  func aFullDiskIsSaidToBeFull() throws {
    let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("reminders-full-\(UUID())")
      .path
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: mountPoint) }
    try run("/bin/mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint)
    defer { try? run("/bin/umount", mountPoint) }
    let path = mountPoint + "/reminders.sqlite"
    try AppDatabase.open(path: path, scheduler: ManualCompletionScheduler()).close()
    // Fill the disk.
    #expect(FileManager.default.createFile(atPath: mountPoint + "/filler", contents: nil))
    let filler = try #require(FileHandle(forWritingAtPath: mountPoint + "/filler"))
    while (try? filler.write(contentsOf: Data(count: 4096))) != nil {}
    try? filler.close()

    for target in [path, mountPoint + "/new.sqlite", mountPoint + "/folder/new.sqlite"] {
      let error = #expect(throws: (any Error).self) {
        try AppDatabase.open(path: target, scheduler: ManualCompletionScheduler()).close()
      }
      let message = error.map { ProblemMessage.describe($0, databasePath: target) } ?? ""
      #expect(message.contains("is full: free some space"), "\(target): \(message)")
    }
  }

  private func run(_ arguments: String...) throws {
    let result = try Subprocess.run(arguments)
    #expect(result.exitStatus == 0, "\(arguments.joined(separator: " ")): \(result.errors)")
  }
}
