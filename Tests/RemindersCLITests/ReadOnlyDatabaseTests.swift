import Foundation
import Testing

/// A database this user may not write is still listed and exported; changing it says why not.
@Suite("A read-only database")
struct ReadOnlyDatabaseTests {
  @Test func aReadOnlyDatabaseIsListedAndExported() throws {
    let cli = CommandRunner()
    defer { cli.removeDatabase() }
    #expect(try cli.run("seed").status == 0)
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: cli.databasePath)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)
    let asUser = try CommandRunner.runnerWithoutRoot(in: folder)
    try expectListedAndExportedNotChanged(cli, runner: asUser)

    // Made writable again, the log's index the read-only session left is named as what is in the
    // way, and once it is gone, the database takes changes.
    guard geteuid() == 0 else { return }
    try FileManager.default.setAttributes([.ownerAccountID: 65534], ofItemAtPath: cli.databasePath)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: cli.databasePath)
    let blocked = try cli.run(arguments: ["add", "Milk"], runner: asUser)
    #expect(blocked.status == 1)
    #expect(
      blocked.stderr.contains("-shm, left by a session that could only read the database"),
      "\(blocked.stderr)")
    try FileManager.default.removeItem(atPath: cli.databasePath + "-shm")
    let saved = try cli.run(arguments: ["add", "Milk"], runner: asUser)
    #expect(saved.status == 0, "\(saved.stderr)")
  }

  /// In a folder this user may not write, SQLite cannot make the log's index beside the file,
  /// which it needs to read a file in WAL mode: the file alone is read, as it is, whether or not
  /// the file itself may be written.
  @Test(arguments: [0o444, 0o666])
  func aDatabaseInAReadOnlyFolderIsListedAndExported(permissions: Int) throws {
    let cli = CommandRunner()
    defer { cli.removeDatabase() }
    #expect(try cli.run("seed").status == 0)
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    let asUser = try CommandRunner.runnerWithoutRoot(in: folder)
    #expect(!FileManager.default.fileExists(atPath: cli.databasePath + "-shm"))
    let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
    try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: cli.databasePath)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder) }

    try expectListedAndExportedNotChanged(cli, runner: asUser)
    #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
    #expect(!FileManager.default.fileExists(atPath: cli.databasePath + "-shm"))
  }

  /// The database is listed and exported, and a change is refused saying why.
  private func expectListedAndExportedNotChanged(_ cli: CommandRunner, runner: [String]?) throws {
    let listed = try cli.run(arguments: ["ls", "--json"], runner: runner)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.contains("Groceries"))
    let exported = try cli.run(arguments: ["export"], runner: runner)
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(exported.stdout.contains("\"reminders\""))
    let added = try cli.run(arguments: ["add", "Milk"], runner: runner)
    #expect(added.status == 1)
    #expect(added.stderr.contains("is read-only: reminders can show and export it, but not change it"))
    #expect(!added.stderr.contains("Configuration"))
  }
}
