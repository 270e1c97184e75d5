import Foundation
import TerminalUITestSupport
import Testing

/// Paths and arguments are bytes on Linux. One that is not UTF-8 is refused with its bytes shown,
/// never repaired into another name that the app would then open or create.
@Suite("Arguments and paths that are not UTF-8")
struct NonUTF8Tests {
  /// Runs `reminders` (`$0`) through the shell, which can pass bytes that a `String` cannot, in
  /// `folder` (`$1`).
  private func shell(_ script: String, in folder: String) throws -> CommandRunner.Output {
    guard let executable = CommandRunner.executable else { throw MissingExecutable() }
    let result = try Subprocess.run(
      ["/bin/sh", "-c", #"cd "$1" && "# + script, executable, folder],
      environment: ["XDG_DATA_HOME": folder + "/data"])
    return CommandRunner.Output(result)
  }

  @Test func aPathThatIsNotUTF8IsRefusedAndNothingIsCreated() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reminders-bytes-\(UUID())")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }

    let database = try shell(#"exec "$0" --db "$(printf 'caf\351.sqlite')" add "Milk""#, in: folder)
    #expect(database.status == 1)
    #expect(database.stderr.contains(#"('caf\xE9.sqlite') is not UTF-8"#))
    let title = try shell(#"exec "$0" --db ok.sqlite add "$(printf 'bad \377 title')""#, in: folder)
    #expect(title.status == 1)
    #expect(title.stderr.contains(#"('bad \xFF title') is not UTF-8"#))
    let home = try shell(#"XDG_DATA_HOME="$(printf '/tmp/\351')" exec "$0" ls"#, in: folder)
    #expect(home.status == 1)
    #expect(home.stderr.contains(#"XDG_DATA_HOME ('/tmp/\xE9') is not UTF-8"#))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])

    // A UTF-8 name is opened exactly as given.
    let accented = try shell(#"exec "$0" --db "$(printf 'caf\303\251.sqlite')" add "Milk""#, in: folder)
    #expect(accented.status == 0, "\(accented.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["café.sqlite"])
  }
}
