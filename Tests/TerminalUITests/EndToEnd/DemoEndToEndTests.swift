import Foundation
import TerminalUI
import TerminalUITestSupport
import Testing

/// The demo driven in a real pseudo-terminal: what a user would see and do.
@Suite(
  "Demo in a pseudo-terminal",
  .enabled(
    if: TmuxSession.isAvailable && TmuxSession.executable(named: "terminalui-demo") != nil,
    "needs tmux and the demo"))
struct DemoEndToEndTests {
  let demo = TmuxSession.executable(named: "terminalui-demo") ?? ""

  /// Starts the demo from the shell through a script that records the terminal modes before and
  /// after, the demo's process id and its exit status. The script, not the shell, waits for the
  /// demo, so a stopped demo does not let the recording run early.
  private func launch(in session: TmuxSession, arguments: String = "") throws {
    // Each run keeps its counters in its own database file.
    let arguments = "--db \(session.path("counters.sqlite")) \(arguments)"
    let script = """
      stty -g > \(session.path("before"))
      export SWIFT_BACKTRACE=interactive=no
      sh -c 'echo $$ > \(session.path("pid")); exec \(demo) \(arguments)' 2> \(session.path("stderr"))
      echo $? > \(session.path("status"))
      stty -g > \(session.path("after"))

      """
    try script.write(toFile: session.path("launch.sh"), atomically: true, encoding: .utf8)
    try session.run("bash \(session.path("launch.sh"))")
    try session.waitForScreen { $0.first?.hasPrefix("TerminalUI demo") == true }
  }

  private func expectTerminalRestored(_ session: TmuxSession, status: String) throws {
    #expect(session.waitForFile("status") == status + "\n")
    #expect(session.waitForFile("after") != nil)
    let before = try String(contentsOfFile: session.path("before"), encoding: .utf8)
    let after = try String(contentsOfFile: session.path("after"), encoding: .utf8)
    #expect(before == after)
    // Back on the main screen, where the command line is.
    #expect(try session.screen().contains { $0.contains("launch.sh") })
  }

  @Test func typingResizingAndQuitting() throws {
    let session = try TmuxSession(width: 120, height: 40)
    try launch(in: session)
    try session.send("a")
    try session.send("plums 日本", literal: true)
    try session.send("Enter")
    var screen = try session.waitForScreen { $0.contains { $0.contains("● plums 日本") } }
    #expect(screen[6].hasPrefix("│● plums 日本") && screen[6].hasSuffix("0│"))
    #expect(screen[1].count == 120)
    let before = Array(screen.dropLast())

    try session.resize(width: 40, height: 12)
    screen = try session.waitForScreen {
      $0.count == 12 && $0[10] == "└" + String(repeating: "─", count: 38) + "┘"
    }
    #expect(screen[10] == "└" + String(repeating: "─", count: 38) + "┘")
    #expect(screen[2] == "│● Coffee                             3│")
    #expect(screen[4] == "│● 日本語のメモ                       1│")
    #expect(screen.allSatisfy { $0.count <= 40 })

    try session.resize(width: 25, height: 6)
    screen = try session.waitForScreen { $0.contains { $0.contains("Terminal too small") } }
    #expect(screen.contains { $0.contains("Terminal too small: 25×6,") })

    try session.resize(width: 120, height: 40)
    screen = try session.waitForScreen {
      $0.count == 40 && $0[1].count == 120 && Array($0.dropLast()) == before
    }
    #expect(Array(screen.dropLast()) == before)

    try session.send("q")
    try expectTerminalRestored(session, status: "0")
  }

  @Test func suspendingAndResuming() throws {
    let session = try TmuxSession(width: 80, height: 20)
    try launch(in: session)
    try session.send("j", "+")
    // The whole frame after the change: the row and the header's total.
    let running = try session.waitForScreen {
      $0.contains { $0.contains("Commits") && $0.hasSuffix("13│") } && $0[0].contains("total 17")
    }
    try session.send("C-z")
    try session.waitForScreen { $0.contains { $0.contains("Stopped") } }
    try session.run("fg")
    let resumed = try session.waitForScreen { Array($0.dropLast()) == Array(running.dropLast()) }
    #expect(Array(resumed.dropLast()) == Array(running.dropLast()))
    try session.send("+")
    try session.waitForScreen { $0.contains { $0.contains("Commits") && $0.hasSuffix("14│") } }
    try session.send("C-c")
    try expectTerminalRestored(session, status: "130")
  }

  @Test func rowsWrittenByAnotherProcessAppearWithoutAKeyPress() throws {
    let session = try TmuxSession(width: 80, height: 20)
    try launch(in: session)
    try session.waitForScreen { $0.contains { $0.contains("Coffee") } }
    // The sqlite3 shell writes to the demo's database; the live query brings the row to the screen.
    // It waits for locks rather than failing at once, and the test checks that the row is there.
    let inserted = try Subprocess.run(
      [
        "/usr/bin/sqlite3", "-cmd", ".timeout 10000", session.path("counters.sqlite"),
        "INSERT INTO counters (name, count) VALUES ('from another process', 42) RETURNING name",
      ]
    ).output
    #expect(inserted == "from another process\n")
    let screen = try session.waitForScreen { $0.contains { $0.contains("● from another process") } }
    #expect(screen.contains { $0.contains("● from another process") && $0.hasSuffix("42│") })
    #expect(screen[0].contains("5 counters, total 58"))
    try session.send("q")
    try expectTerminalRestored(session, status: "0")
  }

  @Test func clicksAndTheWheel() throws {
    let session = try TmuxSession(width: 80, height: 20)
    try launch(in: session, arguments: "--mouse")
    // A click on the fourth row (column 6, row 6 in the terminal's 1-based numbers), then +.
    try session.send("\u{1B}[<0;6;6M\u{1B}[<0;6;6m+", literal: true)
    try session.waitForScreen { $0.contains { $0.contains("Emoji") && $0.hasSuffix(" 1│") } }
    // The wheel moves the selection up three rows, to the first.
    try session.send("\u{1B}[<64;6;6M+", literal: true)
    let screen = try session.waitForScreen { $0.contains { $0.contains("Coffee") && $0.hasSuffix(" 4│") } }
    #expect(screen.contains { $0.contains("Coffee") && $0.hasSuffix(" 4│") })
    try session.send("q")
    try expectTerminalRestored(session, status: "0")
  }

  @Test func aCrashRestoresTheTerminalAndStillReports() throws {
    let session = try TmuxSession(width: 80, height: 20)
    try launch(in: session, arguments: "--allow-crash")
    #expect(try session.keypadModes() == "11")
    try session.send("!")
    try expectTerminalRestored(session, status: "132")  // 128 + SIGILL, from Swift's trap
    // The arrow keys send what the shell expects again.
    #expect(try session.keypadModes() == "00")
    let stderr = try String(contentsOfFile: session.path("stderr"), encoding: .utf8)
    #expect(stderr.contains("Fatal error: Crash requested"))
    // The runtime's crash report still ran, after the terminal was restored.
    let report = try session.screen().joined(separator: "\n") + stderr
    #expect(report.contains("Program crashed") || report.contains("Backtrac"))
  }

  @Test func terminationBySignalRestoresTheTerminal() throws {
    let session = try TmuxSession(width: 80, height: 20)
    try launch(in: session)
    let pid = try #require(
      session.waitForFile("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
    kill(pid, SIGTERM)
    try expectTerminalRestored(session, status: "143")
  }

  /// `kill -QUIT` and `kill -ABRT` ask for a core dump: the terminal is given back first, the
  /// runtime's report runs, and the process ends with the signal instead of going on.
  @Test(arguments: [SIGQUIT, SIGABRT])
  func aSignalAskingForACoreDumpRestoresTheTerminalAndEnds(signal: Int32) throws {
    let session = try TmuxSession(width: 80, height: 20)
    try launch(in: session)
    let pid = try #require(
      session.waitForFile("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
    kill(pid, signal)
    try expectTerminalRestored(session, status: "\(128 + signal)")
    #expect(try session.keypadModes() == "00")
  }
}
