import Foundation
import TerminalUITestSupport

/// Runs the real `reminders` binary on a private database, as a script would.
struct CommandRunner {
  struct Output {
    /// The exit status, or the signal that ended the process when `wasKilled`.
    let status: Int32
    var wasKilled = false
    let stdout: String
    let stderr: String
  }

  let databasePath: String

  init() {
    databasePath =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("reminders-cli-\(UUID().uuidString)/reminders.sqlite").path
  }

  /// The executable, built next to the test bundle.
  static var executable: String? { builtProduct("reminders") }

  /// The SQLite extension with the app's functions, for the `sqlite3` shell's `.load`.
  static var sqliteExtension: String? { builtProduct("libRemindersSQLiteExtension.so") }

  static func builtProduct(_ name: String) -> String? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<3 {
      let candidate = directory.appendingPathComponent(name).path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }

  /// Runs `reminders --db <private database> arguments…`.
  @discardableResult
  func run(_ arguments: String..., input: String? = nil) throws -> Output {
    try run(arguments: arguments, input: input)
  }

  /// `runner` is a command that runs the executable, such as one that changes the user.
  func run(
    arguments: [String], input: String? = nil, withDatabase: Bool = true, runner: [String]? = nil,
    environment extraEnvironment: [String: String] = [:]
  ) throws -> Output {
    guard let executable = Self.executable else { throw MissingExecutable() }
    let command = (runner ?? [executable]) + (withDatabase ? ["--db", databasePath] : []) + arguments
    var attempts = 0
    while true {
      let result = try Subprocess.run(
        command, environment: ["NO_COLOR": "1"].merging(extraEnvironment) { $1 }, input: input ?? "")
      // A copy of the executable cannot be run while a process forked by another test, between
      // its fork and its exec, still holds the copy's descriptor: the runner then fails to start
      // it ("Text file busy"), and starting it again a moment later succeeds.
      attempts += 1
      guard runner != nil, result.status == 126, result.errors.contains("Text file busy"), attempts < 20
      else {
        return Output(result)
      }
    }
  }

  /// Runs a command that prints JSON and decodes it.
  func json(_ arguments: String...) throws -> Any {
    let output = try run(arguments: arguments)
    guard output.status == 0 else { throw CommandFailed(output: output) }
    return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
  }

  /// `ls --json` (with any other arguments) as dictionaries.
  func reminders(_ arguments: String...) throws -> [[String: Any]] {
    let output = try run(arguments: ["ls", "--json"] + arguments)
    guard output.status == 0 else { throw CommandFailed(output: output) }
    return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]] ?? []
  }

  /// Root may write any file: as root, a command that runs a copy of the executable (which
  /// nobody may run wherever the build is) as nobody; nil otherwise.
  static func runnerWithoutRoot(in folder: String) throws -> [String]? {
    guard geteuid() == 0, let executable else { return nil }
    let copy = folder + "/reminders"
    // Written through a descriptor closed on exec, so that processes other tests start meanwhile
    // do not keep it open (which would make running the copy fail for as long as they run).
    let contents = try Data(contentsOf: URL(fileURLWithPath: executable))
    let descriptor = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
    defer { close(descriptor) }
    try contents.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        guard written > 0 else { throw CocoaError(.fileWriteUnknown) }
        offset += written
      }
    }
    return ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", copy]
  }

  func removeDatabase() {
    try? FileManager.default.removeItem(atPath: (databasePath as NSString).deletingLastPathComponent)
  }
}

struct MissingExecutable: Error, CustomStringConvertible {
  var description: String { "the reminders executable is not built next to the tests" }
}

struct CommandFailed: Error, CustomStringConvertible {
  let output: CommandRunner.Output
  var description: String { "exit \(output.status): \(output.stderr)" }
}

extension CommandRunner.Output {
  /// How a program run by `Subprocess` ended, in these tests' terms.
  init(_ result: Subprocess.Result) {
    status = result.signal ?? result.status
    wasKilled = result.signal != nil
    stdout = result.output
    stderr = result.errors
  }
}
