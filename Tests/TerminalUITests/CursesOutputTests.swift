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
    let child = try Subprocess.run(
      [
        CommandLine.arguments[0], "--testing-library", "swift-testing", "--filter",
        "writesOfAFrameInThisProcess",
      ],
      environment: [Self.childVariable: "1"], errors: .mergeIntoOutput, deadline: .now + .seconds(60))
    #expect(!child.passedDeadline)
    #expect(child.exitStatus == 0, "\(child.output)")
    // The child drew (it is skipped unless asked for).
    #expect(child.output.contains("writesOfAFrameInThisProcess() passed"), "\(child.output)")
  }

  /// The child's side: two frames on a pseudo-terminal, the second changing six places apart,
  /// with the write system calls the second made counted by the kernel for this thread.
  @MainActor @Test(.enabled(if: ProcessInfo.processInfo.environment[childVariable] != nil))
  func writesOfAFrameInThisProcess() throws {
    let size = Size(width: 80, height: 24)
    var window = winsize(ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
    var master: Int32 = -1
    var slave: Int32 = -1
    try #require(openpty(&master, &slave, nil, nil, &window) == 0)
    defer {
      close(slave)
      close(master)
    }
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    setenv("TERM", "xterm-256color", 1)
    // The test's own output goes back to its pipe afterwards.
    let (input, output) = (dup(STDIN_FILENO), dup(STDOUT_FILENO))
    dup2(slave, STDIN_FILENO)
    dup2(slave, STDOUT_FILENO)
    defer {
      dup2(input, STDIN_FILENO)
      dup2(output, STDOUT_FILENO)
      close(input)
      close(output)
    }

    let terminal = try CursesTerminal()
    try terminal.start()
    defer { terminal.stop() }
    terminal.updateSize()
    var first = Canvas(size: terminal.size)
    for row in 0..<size.height {
      first.write("row \(row) " + String(repeating: ".", count: 60), at: Point(x: 0, y: row))
    }
    terminal.present(first)
    try readSent(master, slave)
    var second = first
    for row in stride(from: 2, to: 24, by: 4) { second.write("changed", at: Point(x: 10 + row, y: row)) }
    #expect(CanvasDiff(from: first, to: second).runs.count == 6)

    let before = try writeCalls()
    terminal.present(second)
    let writes = try writeCalls() - before
    let sent = try readSent(master, slave)
    #expect(sent.contains("changed"))
    #expect(writes == 1)
  }

  /// The write system calls this thread has made (`syscw` in `/proc/thread-self/io`).
  private func writeCalls() throws -> Int {
    let io = try String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8)
    let line = try #require(io.split(separator: "\n").first { $0.hasPrefix("syscw:") })
    return try #require(Int(line.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces)))
  }

  /// What the terminal was sent and was not read yet, read up to a marker written after it: a
  /// pseudo-terminal passes bytes on a moment later, so an empty master side proves nothing.
  @discardableResult
  private func readSent(_ master: Int32, _ slave: Int32) throws -> String {
    let marker = Array("<end of output>".utf8)
    try #require(write(slave, marker, marker.count) == marker.count)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !bytes.suffix(marker.count).elementsEqual(marker) {
      var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      try #require(poll(&request, 1, 10_000) == 1, "the terminal's output stopped short of the marker")
      let count = read(master, &buffer, buffer.count)
      if count > 0 { bytes += buffer[..<count] }
    }
    return String(decoding: bytes.dropLast(marker.count), as: UTF8.self)
  }
}
