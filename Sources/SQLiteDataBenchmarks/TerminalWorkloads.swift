import CNCursesW
import Foundation
import TerminalUI
import TerminalUITestSupport

/// The terminal toolkit: how long a full screen takes to draw from state, and how many bytes the
/// ncurses back end sends the terminal when one row of it changes. There is no C counterpart.
func terminalWorkloads() -> [Workload] {
  [renderWorkload(), oneRowChangeWorkload()]
}

// MARK: - Workloads

/// A full 200×60 frame drawn from state into a canvas: the views built from the state and
/// rendered, the list asking its source for the visible rows only.
private func renderWorkload() -> Workload {
  Workload(name: "terminal.render-200x60", unit: .microseconds, iterationScale: 20) {
    let screen = RemindersScreen()
    let selectedRow = screen.selectedRow
    return Sides(
      ours: Timed {
        // One cell is checked, so that a frame drawn wrong (or not at all) cannot pass.
        try expect(screen.frame()[x: 1, y: selectedRow].style, .selection, "selected row's style")
      },
      baseline: nil)
  }
}

/// The bytes the ncurses back end writes to the terminal when one row of the 200×60 screen
/// changes: one reminder's count of done subtasks, alternately one up and one down so that every
/// iteration changes the row. Counted from a pseudo-terminal that `CursesTerminal` draws on.
private func oneRowChangeWorkload() -> Workload {
  Workload(name: "terminal.one-row-change-bytes", unit: .bytes) {
    var screen = RemindersScreen()
    var shown = screen.frame()
    let terminal = try CursesOnPseudoTerminal(size: RemindersScreen.size)
    _ = try terminal.bytesSent(presenting: shown)
    return Sides(
      ours: .counting {
        screen.toggleChangedCounter()
        let next = screen.frame()
        let changedRows = Set(CanvasDiff(from: shown, to: next).runs.map(\.row))
        try expect(changedRows, [screen.changedRow], "rows changed")
        shown = next
        let bytes = try terminal.bytesSent(presenting: next)
        guard bytes > 0 else { throw UnexpectedResult(description: "the change sent no bytes") }
        return Double(bytes)
      },
      baseline: nil)
  }
}

// MARK: - The screen

/// The screen both workloads draw: a reminders app's list of 5,000 reminders with the one halfway
/// down selected, under a header and above a status line. `frame()` is the pure function from
/// this state to the cells on screen.
private struct RemindersScreen {
  static let size = Size(width: 200, height: 60)
  /// The list's rows: the screen less the header, the status line and the border's two edges.
  static let listHeight = size.height - 4

  private var source: ArrayListSource<Reminder>
  private var list = ListState<Int>()
  private let completedCount: Int
  /// The reminder whose counter changes: on screen, and not the selected one.
  private let changedIndex: Int

  init() {
    let reminders = (0..<5_000).map(Reminder.init(number:))
    source = ArrayListSource(reminders, row: \.row)
    completedCount = reminders.count(where: \.isCompleted)
    list.select(id: reminders.count / 2, in: source, height: Self.listHeight)
    changedIndex = list.visibleOffset(in: source, height: Self.listHeight) + Self.listHeight / 2
  }

  var selectedRow: Int { screenRow(ofIndex: list.selectedIndex) }
  var changedRow: Int { screenRow(ofIndex: changedIndex) }

  /// The screen row of a list index: below the header and the border's top edge.
  private func screenRow(ofIndex index: Int) -> Int {
    2 + index - list.visibleOffset(in: source, height: Self.listHeight)
  }

  /// One more done subtask on the changed reminder, or one fewer if the last call added one.
  mutating func toggleChangedCounter() {
    source.items[changedIndex].subtasksDone ^= 1
  }

  func frame() -> Canvas {
    var canvas = Canvas(size: Self.size)
    canvas.render(
      Stack.vertical([
        .fixed(
          1,
          Text(
            "Reminders — \(source.count) reminders, \(completedCount) completed", style: .title,
            overflow: .truncate)),
        .flexible(Border(title: "All reminders", List(source, state: list))),
        .fixed(
          1,
          StatusLine(
            leading: "\(list.selectedIndex + 1)/\(source.count)",
            trailing: "j/k move  space complete  / search  ? help")),
      ]))
    return canvas
  }
}

/// One reminder as the list shows it.
private struct Reminder: Identifiable {
  var id: Int
  var title: String
  var listName: String
  var color: RGB
  var due: String
  var subtasksDone: Int
  var subtasks: Int
  var isCompleted: Bool
  var isFlagged: Bool

  private static let titles = [
    "Buy milk", "Call the dentist about moving the appointment to next week", "Renew passport",
    "Café with Léa and Zoë", "Read 日本語の本, chapter 3", "Plan the trip 🏔️ with everyone",
    "Review the pull request for the sync engine", "Water the plants",
    "Write up the notes from the quarterly planning meeting, including every decision, owner and "
      + "date, and send them to the whole team before Friday so that nobody has to ask again later",
  ]
  private static let lists: [(name: String, color: RGB)] = [
    ("Personal", RGB(0x4A99EF)), ("Work", RGB(0xEF6B4A)), ("Groceries", RGB(0x5BC16E)),
    ("Family", RGB(0xC77DFF)),
  ]
  private static let dueDates = ["Today", "Tomorrow", "Mon 14", "Fri 18", "Sat 26"]

  /// Varied but deterministic content: titles of several lengths (one wider than the screen, some
  /// with accents, CJK or emoji), coloured lists, due dates and subtask counts.
  init(number: Int) {
    let list = Self.lists[number % Self.lists.count]
    id = number
    title = "\(Self.titles[number % Self.titles.count]) #\(number)"
    listName = list.name
    color = list.color
    due = Self.dueDates[number % Self.dueDates.count]
    subtasks = 2 + number % 7
    subtasksDone = number % subtasks
    isCompleted = number % 3 == 0
    isFlagged = number % 11 == 0
  }

  var row: ListRow {
    ListRow(
      title, detail: "\(subtasksDone)/\(subtasks)  \(listName)  \(due)",
      marker: isCompleted ? "[x]" : "[ ]", style: isCompleted ? .dim : Style(foreground: color),
      markerStyle: isFlagged ? .warning : .accent)
  }
}

// MARK: - Counting what ncurses sends

/// `CursesTerminal`, the ncurses back end, drawing on a pseudo-terminal instead of the
/// benchmark's own terminal, its output read back from the pty's master side. The back end draws
/// on standard input and output, so they point at the pty's slave side during each call into it.
private final class CursesOnPseudoTerminal {
  private let pty: PseudoTerminal
  private let streams: StandardStreamRedirection
  private let terminal: CursesTerminal

  init(size: Size) throws {
    pty = try PseudoTerminal(width: size.width, height: size.height)
    streams = try StandardStreamRedirection(to: pty.slave)
    // The terminal the bytes are counted for, whatever the benchmark runs in; ncurses reads TERM
    // only when it starts.
    let ownTERM = getenv("TERM").map { String(cString: $0) }
    setenv("TERM", "xterm-256color", 1)
    defer {
      if let ownTERM { setenv("TERM", ownTERM, 1) } else { unsetenv("TERM") }
    }
    terminal = try Self.inCurses(on: streams) {
      let terminal = try CursesTerminal()
      try terminal.start()
      // ncurses prefers LINES and COLUMNS from the environment to the terminal's size; reading
      // the size as after a resize makes it the pty's.
      terminal.updateSize()
      return terminal
    }
    try expect(Self.inCurses(on: streams) { [terminal] in terminal.size }, size, "ncurses screen size")
  }

  deinit {
    Self.inCurses(on: streams) { [terminal] in
      terminal.stop()
      // `stop` ends curses but keeps its screen for a later start; none will come.
      delscreen(set_term(nil))
    }
  }

  /// Draws a frame and returns the number of bytes ncurses sent the terminal for it.
  func bytesSent(presenting canvas: Canvas) throws -> Int {
    try pty.output { Self.inCurses(on: streams) { [terminal] in terminal.present(canvas) } }.count
  }

  /// The signals ncurses catches from its start, to give its terminal back on the way out. Its
  /// terminal is the pty, and between calls the standard streams are the benchmark's, so the
  /// benchmark keeps its own handling of them.
  private static let signalsCursesCatches = [SIGINT, SIGTERM, SIGTSTP, SIGWINCH]

  /// Runs calls into ncurses with the standard streams on the pty and the benchmark's signal
  /// handlers kept. The benchmark runs on the main thread, where `CursesTerminal` belongs.
  private static func inCurses<T: Sendable>(
    on streams: StandardStreamRedirection, _ body: @MainActor () throws -> T
  ) rethrows -> T {
    let signals = signalsCursesCatches
    var handlers = signals.map { _ in sigaction() }
    for index in signals.indices { sigaction(signals[index], nil, &handlers[index]) }
    defer {
      for index in signals.indices { sigaction(signals[index], &handlers[index], nil) }
    }
    return try streams { try MainActor.assumeIsolated(body) }
  }
}
