import Foundation
import TerminalUITestSupport
import Testing

/// A big change spills SQLite's statement journal to a temporary file, in SQLite's temporary
/// folder, which may be on another disk than the database.
@Suite("Temporary files")
struct TemporaryFilesTests {
  /// That folder full: said so, naming it and what to do, and the database is left as it was.
  @Test(.enabled(if: geteuid() == 0, "mounting a small file system needs root"))
  func aFullTemporaryFolderIsNamed() throws {
    let cli = CommandRunner()
    defer { cli.removeDatabase() }
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    #expect(try cli.run("seed").status == 0)
    // 3,000 reminders, then the same with new titles: the second import rewrites pages the
    // database already had, which the step's savepoint journals.
    let first = folder + "/first.json"
    let second = folder + "/second.json"
    try Self.archive(titled: "Imported").write(toFile: first, atomically: true, encoding: .utf8)
    try Self.archive(titled: "Renamed").write(toFile: second, atomically: true, encoding: .utf8)
    #expect(try cli.run("import", first).status == 0)

    let mountPoint = folder + "/tmp"
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    try run("/bin/mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint)
    defer { try? run("/bin/umount", mountPoint) }
    #expect(FileManager.default.createFile(atPath: mountPoint + "/filler", contents: nil))
    let filler = try #require(FileHandle(forWritingAtPath: mountPoint + "/filler"))
    while (try? filler.write(contentsOf: Data(count: 4096))) != nil {}
    try? filler.close()

    let full = try cli.run(arguments: ["import", second], environment: ["SQLITE_TMPDIR": mountPoint])
    #expect(full.status == 1)
    #expect(
      full.stderr.contains(
        "the disk holding \(mountPoint), where SQLite keeps the temporary files of a big change, is full: "
          + "free some space there, or set SQLITE_TMPDIR to a folder on a disk with room"), "\(full.stderr)")
    #expect(try cli.run("search", "Renamed").stdout.isEmpty)
    #expect(try cli.run(arguments: ["import", second]).status == 0)
    #expect(try cli.run("search", "Renamed 2999").stdout.contains("Renamed 2999"))
  }

  /// A JSON archive of one list with 3,000 reminders titled `title` and their number.
  private static func archive(titled title: String) throws -> String {
    let list = "6f0c1f43-0d5e-4a55-9d0e-6a1b2c3d4e5f"
    let reminders = (0..<3000).map { number in
      [
        "id": String(format: "00000000-0000-4000-8000-%012d", number), "remindersListID": list,
        "title": "\(title) \(number)", "notes": String(repeating: "note ", count: 20),
        "isFlagged": false, "position": number, "status": "incomplete",
      ] as [String: Any]
    }
    let archive: [String: Any] = [
      "version": 1, "remindersLists": [["id": list, "title": "Big", "color": "#4a99efff", "position": 9]],
      "reminders": reminders, "tags": [], "remindersTags": [], "remindersListAssets": [],
    ]
    return String(decoding: try JSONSerialization.data(withJSONObject: archive), as: UTF8.self)
  }

  private func run(_ arguments: String...) throws {
    let result = try Subprocess.run(arguments)
    #expect(result.exitStatus == 0, "\(arguments.joined(separator: " ")): \(result.errors)")
  }
}
