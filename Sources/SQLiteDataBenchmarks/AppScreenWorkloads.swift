import Foundation
import RemindersKit
import SQLiteData

#if canImport(Glibc)
  import Glibc
#endif

/// The real `reminders` app, at 1,000,000 reminders in 200 lists, in a real terminal (a private
/// tmux server, read through a control-mode client): how long from launch to its first full frame,
/// from another process's commit to the change on screen, to jump from one end of a
/// 1,000,000-row list to the other, and how much memory it holds. There is no C counterpart.
func appScreenWorkloads() -> [Workload] {
  [
    firstFrameWorkload(), commitToScreenWorkload(name: "app.commit-to-screen-1m", apart: .milliseconds(40)),
    commitToScreenWorkload(name: "app.commit-stream-to-screen-1m", apart: nil), scrollWorkload(),
    memoryWorkload(),
  ]
}

/// The terminal the app runs in.
private let screenWidth = 100
private let screenHeight = 30

/// The `reminders` executable built next to this one.
func remindersExecutable() throws -> String {
  let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    .deletingLastPathComponent()
  let path = directory.appendingPathComponent("reminders").path
  guard FileManager.default.isExecutableFile(atPath: path) else {
    throw UnexpectedResult(description: "no reminders executable next to this one (\(path)): build it too")
  }
  return path
}

/// Starts the app on `path` and waits for its first full frame: the home screen with the smart
/// lists' counts, and the Today pane with its rows.
private func launch(on path: String) throws -> (screen: TmuxScreen, firstFrame: Duration) {
  let executable = try remindersExecutable()
  let start = ContinuousClock.now
  let screen = try TmuxScreen(
    width: screenWidth, height: screenHeight,
    command: "TERM=xterm-256color exec '\(executable)' --db '\(path)'")
  let seen = try screen.wait("the first full frame") { rows in
    rows.contains { $0.contains("▤ All") && $0.last(where: { $0.isNumber }) != nil }
      && rows.contains { $0.contains("─ Today ") } && rows.contains { $0.contains(" reminders · ") }
  }
  return (screen, seen - start)
}

/// Launch to the first full frame, on a warm file cache.
private func firstFrameWorkload() -> Workload {
  Workload(name: "app.first-frame-1m") {
    let directory = try TemporaryDirectory()
    let path = try AppDataset.copy(into: directory)
    // Once, so that the file is in the page cache and migrations have nothing to do.
    _ = try launch(on: path)
    return Sides(
      ours: .measuring {
        withExtendedLifetime(directory) {}
        return try launch(on: path).firstFrame
      },
      baseline: nil)
  }
}

/// A reminder added by another process (this one, through the app's own actions, as the command
/// line adds them) until it shows in the running app's Today pane.
///
/// With `apart`, each commit comes that long after the last one was seen, as commits from other
/// programs come: the time is the app's, from the commit to the frame. Without it, each commits as
/// soon as the last is seen, a stream faster than the app draws frames (about 60 a second), and
/// the time includes the wait for the next frame.
private func commitToScreenWorkload(name: String, apart: Duration?) -> Workload {
  Workload(name: name, iterationScale: 5) {
    let directory = try TemporaryDirectory()
    let path = try AppDataset.copy(into: directory)
    let (screen, _) = try launch(on: path)
    let database = try AppDatabase.open(path: path, completesInterruptedCompletions: false)
    let list = try database.read { try AppDataset.benchmarkList($0) }
    var number = 0
    return Sides(
      ours: .measuring {
        withExtendedLifetime(directory) {}
        if let apart { Thread.sleep(forTimeInterval: apart / .seconds(1)) }
        number += 1
        // Due in the first second of today, each a millisecond before the last, so that it sorts
        // first in Today's rows however many came before it.
        let title = "Bench \(number) \(UInt32.random(in: 0...UInt32.max))"
        var draft = Reminder.Draft(remindersListID: list.id)
        draft.title = title
        draft.dueDate = LocalDay.today.start.addingTimeInterval(Double(999 - min(number, 999)) / 1000)
        try database.writeAction { try $0.saveReminder(draft) }
        let committed = ContinuousClock.now
        let seen = try screen.wait("\(title) on screen") { rows in rows.contains { $0.contains(title) } }
        return seen - committed
      },
      baseline: nil)
  }
}

/// The All screen with completed reminders shown: every one of the 1,000,000. Each run jumps to
/// the other end (`G`, then `g g`) and waits for the row that must be there.
private func scrollWorkload() -> Workload {
  Workload(name: "app.scroll-end-to-end-1m", iterationScale: 2) {
    let directory = try TemporaryDirectory()
    let path = try AppDataset.copy(into: directory)
    let database = try AppDatabase.open(path: path, completesInterruptedCompletions: false)
    try database.writeAction { try $0.setShowCompleted(true, for: .smart(.all)) }
    let (first, last, count) = try database.read { db in
      let rows = DetailKind.smart(.all).rows(ordering: .dueDate, showCompleted: true)
      let count = try rows.fetchCount(db)
      return (
        try rows.limit(1).fetchOne(db)?.reminder.title ?? "",
        try rows.limit(1, offset: count - 1).fetchOne(db)?.reminder.title ?? "",
        count
      )
    }
    try expect(count, AppDataset.reminderCount, "rows of All with completed shown")
    let (screen, _) = try launch(on: path)
    // From the sidebar's Today, down to All, and into its rows.
    try screen.send("j", "j", "Enter")
    try screen.wait("the All screen") { rows in rows.contains { $0.contains("─ All ") } }
    var atEnd = false
    return Sides(
      ours: .measuring {
        withExtendedLifetime(directory) {}
        let target = atEnd ? first : last
        let start = ContinuousClock.now
        if atEnd { try screen.send("g", "g") } else { try screen.send("G") }
        let seen = try screen.wait("\(target) after a jump") { rows in rows.contains { $0.contains(target) } }
        atEnd.toggle()
        return seen - start
      },
      baseline: nil)
  }
}

/// The app's resident memory at its peak, after its first frame, a commit and a jump through the
/// 1,000,000-row list.
private func memoryWorkload() -> Workload {
  Workload(name: "app.peak-memory-1m", unit: .megabytes) {
    let directory = try TemporaryDirectory()
    let path = try AppDataset.copy(into: directory)
    let database = try AppDatabase.open(path: path, completesInterruptedCompletions: false)
    try database.writeAction { try $0.setShowCompleted(true, for: .smart(.all)) }
    return Sides(
      ours: .counting {
        withExtendedLifetime(directory) {}
        let (screen, _) = try launch(on: path)
        let list = try database.read { try AppDataset.benchmarkList($0) }
        var draft = Reminder.Draft(remindersListID: list.id)
        draft.title = "Memory \(UInt32.random(in: 0...UInt32.max))"
        draft.dueDate = LocalDay.today.start
        try database.writeAction { try $0.saveReminder(draft) }
        try screen.wait("the new reminder") { rows in rows.contains { $0.contains(draft.title) } }
        try screen.send("j", "j", "Enter", "G")
        try screen.wait("the All screen") { rows in rows.contains { $0.contains("─ All ") } }
        try screen.send("g", "g")
        return try residentMemory(of: screen.processID()).peak / 1_000_000
      },
      baseline: nil)
  }
}
