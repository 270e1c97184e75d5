import Foundation
import TerminalUI
import TerminalUITestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A program running in a terminal of a private tmux server, driven and read through one
/// control-mode client: reading the screen costs a message to tmux, not a new process, so screen
/// changes are seen within a fraction of a millisecond of tmux drawing them.
final class TmuxScreen {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private let socket = "sqlitedata-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  private let client = Process()
  private let toClient = Pipe()
  private let fromClient = Pipe()
  private var buffered: [UInt8] = []

  /// Starts `command` (a shell command line) in a `width`×`height` terminal.
  init(width: Int, height: Int, command: String) throws {
    try Self.tmux(
      [
        "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s",
        "bench",
        command,
      ])
    client.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
    client.arguments = ["-L", socket, "-C", "attach-session", "-t", "bench"]
    client.standardInput = toClient
    client.standardOutput = fromClient
    client.standardError = FileHandle.nullDevice
    try client.run()
    // The window keeps the size it was made with. (The client also hears the pane's output, as
    // notifications between answers, which `command` skips.)
    _ = try self.command("set-option -g window-size manual")
  }

  deinit {
    try? toClient.fileHandleForWriting.close()
    try? Self.tmux(["-L", socket, "kill-server"])
    client.waitUntilExit()
    TmuxSession.removeSocketFile(socket)
  }

  /// The screen's rows as text.
  func screen() throws -> [String] { try command("capture-pane -p -t bench") }

  /// Sends keys as `tmux send-keys` names them (`G`, `Enter`, `PageUp`, `C-d`).
  func send(_ keys: String...) throws {
    _ = try command("send-keys -t bench " + keys.joined(separator: " "))
  }

  /// The process running in the terminal.
  func processID() throws -> pid_t {
    guard let line = try command("display-message -p -t bench '#{pane_pid}'").first, let pid = pid_t(line)
    else {
      throw Failure(description: "tmux did not say which process runs in the terminal")
    }
    return pid
  }

  /// Reads the screen until `condition` holds, for at most `timeout`; returns the moment it was
  /// first seen to hold.
  @discardableResult
  func wait(
    timeout: Duration = .seconds(20), _ what: String, until condition: ([String]) -> Bool
  ) throws -> ContinuousClock.Instant {
    let deadline = ContinuousClock.now + timeout
    while true {
      let rows = try screen()
      let seen = ContinuousClock.now
      if condition(rows) { return seen }
      // Read again only once the program has written to the terminal: polling would take the CPU
      // the program needs to draw.
      guard seen < deadline, try waitForOutput(until: deadline) else {
        throw Failure(
          description: "waited \(timeout) for \(what); the screen shows:\n" + rows.joined(separator: "\n"))
      }
    }
  }

  /// Waits for tmux to report output from the program after the last command's answer; false
  /// when none came by `deadline`.
  private func waitForOutput(until deadline: ContinuousClock.Instant) throws -> Bool {
    while ContinuousClock.now < deadline {
      guard let line = try readLine(until: deadline) else { return false }
      if line.hasPrefix("%output") { return true }
    }
    return false
  }

  /// Runs a tmux command through the control client and returns its output lines.
  func command(_ text: String) throws -> [String] {
    toClient.fileHandleForWriting.write(Data((text + "\n").utf8))
    var lines: [String] = []
    var inBlock = false
    while true {
      let line = try readLine()
      if line.hasPrefix("%begin") {
        // The last field is 1 for an answer to this client's command; tmux also sends blocks of
        // its own (the attach's), which are not answers.
        inBlock = line.split(separator: " ").last == "1"
        lines = []
      } else if line.hasPrefix("%end") {
        if inBlock { return lines }
      } else if line.hasPrefix("%error") {
        if inBlock { throw Failure(description: "tmux refused '\(text)': \(lines.joined(separator: " "))") }
      } else if inBlock {
        lines.append(line)
      }
      // Outside a block: notifications (%session-changed, …), not answers.
    }
  }

  private func readLine() throws -> String {
    guard let line = try readLine(until: .now + .seconds(20)) else {
      throw Failure(description: "tmux's control client said nothing for 20 s")
    }
    return line
  }

  /// The next line from the control client, or nil if none came by `deadline`.
  private func readLine(until deadline: ContinuousClock.Instant) throws -> String? {
    let descriptor = fromClient.fileHandleForReading.fileDescriptor
    while true {
      if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffered[..<newline], as: UTF8.self)
        buffered.removeSubrange(...newline)
        return line
      }
      let remaining = ContinuousClock.now.duration(to: deadline)
      let milliseconds = max(
        Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000),
        0)
      var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&pollDescriptor, 1, milliseconds) > 0 else { return nil }
      var chunk = [UInt8](repeating: 0, count: 65_536)
      let count = read(descriptor, &chunk, chunk.count)
      guard count > 0 else { throw Failure(description: "tmux's control client ended") }
      buffered.append(contentsOf: chunk[..<count])
    }
  }

  /// Runs a tmux command to its end. (`Subprocess`, not `Process`: the server `new-session`
  /// starts would keep `Process`'s exit notification open for ever.)
  private static func tmux(_ arguments: [String]) throws {
    try Subprocess.run(["tmux"] + arguments, output: .discard, errors: .discard)
  }

}

/// A process's resident memory, from `/proc`: now (`VmRSS`) and at its peak (`VmHWM`), in bytes.
func residentMemory(of pid: pid_t) throws -> (current: Double, peak: Double) {
  let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
  func kilobytes(_ field: String) -> Double? {
    status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
      .flatMap { Double($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
  }
  guard let current = kilobytes("VmRSS"), let peak = kilobytes("VmHWM") else {
    throw TmuxScreen.Failure(description: "no memory figures for process \(pid)")
  }
  return (current * 1024, peak * 1024)
}
