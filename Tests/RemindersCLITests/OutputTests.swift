import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Where results go: a file named with `--output` is written as the shell's `>` would write it
/// (never replacing a device, a pipe, a link or a file this user may not write), and results
/// that could not be written end in an error, not in success.
@Suite("Writing results", .timeLimit(.minutes(1)))
struct OutputTests {
  let cli = CommandRunner()

  private var folder: String { (cli.databasePath as NSString).deletingLastPathComponent }

  @Test func anExportIntoAPipeReachesItsReaderAndLeavesThePipe() throws {
    defer { cli.removeDatabase() }
    try cli.run("add", "Milk")
    let pipe = folder + "/pipe"
    #expect(mkfifo(pipe, 0o600) == 0)
    // Opened for reading first (without waiting for a writer), so that the export's open finds
    // a reader; the export is far smaller than what a pipe holds.
    let reader = open(pipe, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    let exported = try cli.run("export", "-o", pipe)
    #expect(exported.status == 0, "\(exported.stderr)")
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while case let count = read(reader, &chunk, chunk.count), count > 0 { received += chunk[..<count] }
    #expect(String(decoding: received, as: UTF8.self).contains("\"Milk\""))
    #expect(try fileType(pipe) == S_IFIFO)
  }

  @Test func anExportThroughALinkWritesWhatItPointsTo() throws {
    defer { cli.removeDatabase() }
    try cli.run("add", "Milk")
    try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
    try "old".write(toFile: folder + "/real/target.json", atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link.json", withDestinationPath: "real/target.json")
    let exported = try cli.run("export", "-o", folder + "/link.json")
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(try fileType(folder + "/link.json") == S_IFLNK)
    #expect(try String(contentsOfFile: folder + "/real/target.json", encoding: .utf8).contains("\"Milk\""))
  }

  @Test func anExportKeepsTheReplacedFilesPermissions() throws {
    defer { cli.removeDatabase() }
    try cli.run("add", "Milk")
    let path = folder + "/private.json"
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    #expect(try cli.run("export", "-o", path).status == 0)
    let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(permissions == 0o600)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"Milk\""))
  }

  /// As nobody (the tests run as root, who may write any file): a read-only file, and a file of
  /// root's, are refused and left as they were.
  @Test(.enabled(if: geteuid() == 0)) func anExportRefusesAFileThisUserMayNotWrite() throws {
    defer { cli.removeDatabase() }
    try cli.run("add", "Milk")
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)
    try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: cli.databasePath)
    let asNobody = try #require(try CommandRunner.runnerWithoutRoot(in: folder))
    let readOnly = folder + "/read-only.json"
    let roots = folder + "/roots.json"
    for path in [readOnly, roots] { try "precious".write(toFile: path, atomically: false, encoding: .utf8) }
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o444, .ownerAccountID: 65534], ofItemAtPath: readOnly)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: roots)
    for path in [readOnly, roots] {
      let exported = try cli.run(arguments: ["export", "-o", path], runner: asNobody)
      #expect(exported.status == 1)
      #expect(exported.stderr.contains("cannot write \(path): Permission denied"), "\(exported.stderr)")
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
    }
    let owner = try FileManager.default.attributesOfItem(atPath: roots)[.ownerAccountID] as? Int
    #expect(owner == 0)
  }

  /// `/dev/full` refuses every write, as a full disk does.
  @Test(arguments: [
    ["export"], ["export", "--format", "ics"], ["ls"], ["ls", "--json"], ["lists"], ["search", "Milk"],
  ])
  func resultsThatCannotBeWrittenEndInAnError(_ arguments: [String]) throws {
    defer { cli.removeDatabase() }
    try cli.run("add", "Milk")
    let executable = try #require(CommandRunner.executable)
    let toFullDevice = ["/bin/sh", "-c", "exec \"$0\" \"$@\" > /dev/full", executable]
    let result = try cli.run(arguments: arguments, runner: toFullDevice)
    #expect(result.status == 1)
    #expect(result.stderr == "reminders: cannot write standard output: No space left on device\n")
  }

  /// Errors that cannot be written (standard error closed, or full) still end with their exit
  /// status, not a crash.
  @Test(arguments: ["2>&-", "2>/dev/full"]) func errorsThatCannotBeWrittenStillEndWithTheirStatus(
    _ redirection: String
  ) throws {
    defer { cli.removeDatabase() }
    try cli.run("add", "Milk")
    let executable = try #require(CommandRunner.executable)
    let runner = ["/bin/sh", "-c", "exec \"$0\" \"$@\" \(redirection)", executable]
    #expect(try cli.run(arguments: ["frobnicate"], runner: runner).status == 2)
    #expect(try cli.run(arguments: ["rm", "no such reminder"], runner: runner).status == 3)
    let unwritable = ["/bin/sh", "-c", "exec \"$0\" \"$@\" \(redirection) > /dev/full", executable]
    #expect(try cli.run(arguments: ["ls"], runner: unwritable).status == 1)
  }

  /// Into a device like `/dev/full` (made here, so that the machine's own is never at stake).
  @Test(.enabled(if: geteuid() == 0)) func anExportIntoADeviceWritesIntoIt() throws {
    defer { cli.removeDatabase() }
    try cli.run("add", "Milk")
    var full = stat()
    #expect(stat("/dev/full", &full) == 0)
    let device = folder + "/full"
    // A container without the right to make devices has the pipe test above only.
    guard mknod(device, S_IFCHR | 0o666, full.st_rdev) == 0 else { return }
    let exported = try cli.run("export", "-o", device)
    #expect(exported.status == 1)
    #expect(exported.stderr.contains("cannot write \(device): No space left on device"), "\(exported.stderr)")
    #expect(try fileType(device) == S_IFCHR)
  }

  private func fileType(_ path: String) throws -> mode_t {
    var status = stat()
    guard lstat(path, &status) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    return status.st_mode & S_IFMT
  }
}
