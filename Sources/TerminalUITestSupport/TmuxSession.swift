import Foundation

/// A pseudo-terminal driven through tmux, on a private server so tests never touch the user's
/// sessions: start a shell, send keys, resize, read the screen.
public final class TmuxSession {
  public let socket: String
  /// A private folder for the session's files, removed with it.
  public let directory: URL
  /// The tmux server's process, killed outright if it does not exit when asked.
  private var serverProcess: pid_t = 0

  public static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
      || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
  }

  /// An executable of the package, built next to the running test bundle (or program).
  public static func executable(named name: String) -> String? {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = bundle.deletingLastPathComponent()
    for _ in 0..<3 {
      let candidate = directory.appendingPathComponent(name).path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }

  public init(width: Int, height: Int) throws {
    socket = "terminalui-\(getpid())-\(UUID().uuidString.prefix(8))"
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try tmux(
      "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", "main",
      "env PS1='$ ' TERM=xterm-256color bash --norc --noprofile")
    let pid = try tmux(["display-message", "-p", "-t", "main", "#{pid}"], capturingOutput: true)
    serverProcess = pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
  }

  deinit {
    _ = try? tmux("kill-server")
    // The server exits shortly after being asked; one still running after a second is killed.
    if serverProcess > 0 {
      for _ in 0..<100 where Self.isRunning(serverProcess) { usleep(10_000) }
      if Self.isRunning(serverProcess) { kill(serverProcess, SIGKILL) }
    }
    Self.removeSocketFile(socket)
    try? FileManager.default.removeItem(at: directory)
  }

  /// Removes the socket file of a private tmux server that has exited: tmux leaves it behind.
  public static func removeSocketFile(_ socket: String) {
    let base = ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    unlink("\(base)/tmux-\(getuid())/\(socket)")
  }

  /// True while a process exists and has not exited (an exited one may linger as a zombie until
  /// its parent, here not this process, reaps it).
  private static func isRunning(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return kill(pid, 0) == 0 }
    let state = stat[end...].dropFirst(2).first
    return state != "Z" && state != "X"
  }

  public func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  /// Types a line into the shell.
  public func run(_ command: String) throws {
    try tmux("send-keys", "-t", "main", "-l", command)
    try tmux("send-keys", "-t", "main", "Enter")
  }

  /// Sends keys by tmux name (`Enter`, `C-z`, `Escape`) or, with `literal`, as text.
  public func send(_ keys: String..., literal: Bool = false) throws {
    try tmux(["send-keys", "-t", "main"] + (literal ? ["-l"] : []) + keys)
  }

  public func resize(width: Int, height: Int) throws {
    try tmux("resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)")
  }

  /// The screen's lines, trailing spaces trimmed.
  public func screen() throws -> [String] {
    let text = try tmux(["capture-pane", "-p", "-t", "main"], capturingOutput: true)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Waits until the screen satisfies `condition` on two readings in a row, reading it every
  /// 20 ms, for at most `timeout`; returns the last screen either way. The timeout is a guard that only a broken
  /// build reaches: it is long because the full suite runs several apps and fuzzers at once, and
  /// a loaded machine can take seconds to draw.
  @discardableResult
  public func waitForScreen(timeout: Duration = .seconds(60), _ condition: ([String]) -> Bool) throws
    -> [String]
  {
    let deadline = ContinuousClock.now + timeout
    var lines = try screen()
    var heldBefore = false
    while ContinuousClock.now < deadline {
      // The condition must hold on two captures in a row, and the second is returned: a capture
      // can fall between the lines of one frame, whose lines below the one waited for are then
      // still the last frame's.
      let holds = condition(lines)
      if holds && heldBefore { return lines }
      heldBefore = holds
      usleep(20_000)
      lines = try screen()
    }
    return lines
  }

  /// Waits until a file exists (the shell writes it when the program under test has exited).
  public func waitForFile(_ name: String, timeout: Duration = .seconds(60)) -> String? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let contents = try? String(contentsOfFile: path(name), encoding: .utf8), contents.hasSuffix("\n") {
        return contents
      }
      usleep(20_000)
    }
    return nil
  }

  /// The pane's cursor-key and keypad modes as tmux sees them, "11" while an application set
  /// them (`smkx`), "00" once given back.
  public func keypadModes() throws -> String {
    try tmux(
      ["display-message", "-p", "-t", "main", "#{keypad_cursor_flag}#{keypad_flag}"], capturingOutput: true
    )
    .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @discardableResult
  private func tmux(_ arguments: String...) throws -> String {
    try tmux(arguments)
  }

  /// Runs a tmux command. Output is read only when asked for: the server that `new-session`
  /// starts would otherwise inherit the pipe and keep it open for ever.
  @discardableResult
  private func tmux(_ arguments: [String], capturingOutput: Bool = false) throws -> String {
    try Subprocess.run(
      ["tmux", "-L", socket] + arguments, output: capturingOutput ? .capture : .discard, errors: .discard
    ).output
  }
}
