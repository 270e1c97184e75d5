import Foundation
import TerminalUI
import TerminalUITestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What the ncurses back end sends a real terminal. It draws on standard input and output, so it
/// runs in a child process (this test bundle again) whose standard streams are a pseudo-terminal.
@Suite("Curses output")
struct CursesOutputTests {
  static let childVariable = "TERMINALUI_CURSES_OUTPUT_CHILD"

  /// A frame that changes the screen in several places goes out in one write, so the terminal
  /// never draws half of it (and a terminal multiplexer is woken once, not once a place).
  @Test func aFrameIsOneWrite() throws {
    let child = try Subprocess.runTestInChild(
      named: "writesOfAFrameInThisProcess", variable: Self.childVariable)
    #expect(!child.passedDeadline)
    #expect(child.exitStatus == 0, "\(child.output)")
    // The child drew (it is skipped unless asked for).
    #expect(child.output.contains("writesOfAFrameInThisProcess() passed"), "\(child.output)")
  }

  /// The child's side: two frames on a pseudo-terminal, the second changing six places apart,
  /// with the write system calls the second made counted by the kernel for this thread.
  @MainActor @Test(.enabled(if: ProcessInfo.processInfo.environment[childVariable] != nil))
  func writesOfAFrameInThisProcess() throws {
    let pty = try PseudoTerminal(width: 80, height: 24)
    let streams = try StandardStreamRedirection(to: pty.slave)
    setenv("TERM", "xterm-256color", 1)
    let terminal = try streams { () throws(TerminalError) in
      let terminal = try CursesTerminal()
      try terminal.start()
      terminal.updateSize()
      return terminal
    }
    defer { streams { terminal.stop() } }
    var first = Canvas(size: terminal.size)
    for row in 0..<24 {
      first.write("row \(row) " + String(repeating: ".", count: 60), at: Point(x: 0, y: row))
    }
    _ = try pty.output { streams { terminal.present(first) } }
    var second = first
    for row in stride(from: 2, to: 24, by: 4) { second.write("changed", at: Point(x: 10 + row, y: row)) }
    #expect(CanvasDiff(from: first, to: second).runs.count == 6)

    var writes = 0
    let sent = try pty.output {
      let before = try writeCalls()
      streams { terminal.present(second) }
      writes = try writeCalls() - before
    }
    #expect(String(decoding: sent, as: UTF8.self).contains("changed"))
    #expect(writes == 1)
  }

  /// The write system calls this thread has made (`syscw` in `/proc/thread-self/io`).
  private func writeCalls() throws -> Int {
    let io = try String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8)
    let line = try #require(io.split(separator: "\n").first { $0.hasPrefix("syscw:") })
    return try #require(Int(line.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces)))
  }
}
