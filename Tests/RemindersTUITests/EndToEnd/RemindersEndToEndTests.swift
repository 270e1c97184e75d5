import Foundation
import TerminalUI
import TerminalUITestSupport
import Testing

/// The real `reminders` binary in a pseudo-terminal (tmux), on a temporary database, driven as a
/// user would drive it, with a second process writing to the same database.
@Suite(
  "Reminders in a pseudo-terminal",
  .enabled(
    if: TmuxSession.isAvailable && TmuxSession.executable(named: "reminders") != nil,
    "needs tmux and reminders"))
struct RemindersEndToEndTests {
  let reminders = TmuxSession.executable(named: "reminders") ?? ""

  /// Starts the app from the shell through a script that records the terminal modes before and
  /// after, and the exit status.
  private func launch(in session: TmuxSession) throws {
    let script = """
      stty -g > \(session.path("before"))
      export SWIFT_BACKTRACE=interactive=no
      \(reminders) --db \(session.path("reminders.sqlite")) 2> \(session.path("stderr"))
      echo $? > \(session.path("status"))
      stty -g > \(session.path("after"))

      """
    try script.write(toFile: session.path("launch.sh"), atomically: true, encoding: .utf8)
    try session.run("bash \(session.path("launch.sh"))")
    try session.waitForScreen { $0.first?.hasPrefix("┌─ Reminders ") == true }
  }

  /// Runs SQL on the app's database with the sqlite3 shell, waiting for locks.
  @discardableResult
  private func sqlite(_ session: TmuxSession, _ sql: String) throws -> String {
    try Subprocess.run(
      ["/usr/bin/sqlite3", "-cmd", ".timeout 10000", session.path("reminders.sqlite"), sql]
    ).output
  }

  @Test func aSessionFromSampleDataToQuitting() throws {
    let session = try TmuxSession(width: 100, height: 30)
    try launch(in: session)
    // An empty database offers the sample data, one key away. Both lines are waited for: the
    // terminal may be read between the lines of one frame.
    var screen = try session.waitForScreen {
      $0.contains { $0.contains("This database is empty.") }
        && $0.contains { $0.contains("Press S to load the sample data") }
    }
    try session.send("S")
    screen = try session.waitForScreen { sidebarRow($0, "Family").hasSuffix("2 │") }
    #expect(sidebarRow(screen, "All") == "│ ▤ All                      8 │")

    // Quick add, with a priority, a tag, a list and a date.
    try session.send("n")
    try session.send("Call mom tomorrow 5pm !! #family @Family", literal: true)
    try session.send("Enter")
    // The count comes with the live values after the commit, the message when the write reports
    // back: either can be first.
    screen = try session.waitForScreen {
      sidebarRow($0, "Family").hasSuffix("3 │") && $0.contains { $0.contains("Added “Call mom” to Family") }
    }
    #expect(sidebarRow(screen, "Family") == "│ ● Family                   3 │")

    // Open Family, complete the new reminder, and watch the counts change.
    try session.send("j", "j", "j", "j", "j", "j", "Enter")
    screen = try session.waitForScreen { $0.contains { $0.contains("○ !! Call mom") } }
    try session.send("G", "Space")
    // The counts and the write's message come separately: the live values after the commit, the
    // message once the write, run off the main actor, reports back.
    screen = try session.waitForScreen {
      sidebarRow($0, "Family").hasSuffix("2 │") && sidebarRow($0, "All").hasSuffix("8 │")
        && $0.contains { $0.contains("Completed “Call mom”") }
    }
    #expect(sidebarRow(screen, "All") == "│ ▤ All                      8 │")
    // Undo.
    try session.send("u")
    screen = try session.waitForScreen {
      sidebarRow($0, "Family").hasSuffix("3 │") && $0.contains { $0.contains("Undid Complete “Call mom”") }
    }
    #expect(sidebarRow(screen, "Family") == "│ ● Family                   3 │")

    // Search.
    try session.send("/")
    try session.send("mom", literal: true)
    try session.send("Enter")
    screen = try session.waitForScreen { $0.contains { $0.contains("1 found") } }
    #expect(screen.contains { $0.contains("○ !! Call mom") })
    try session.send("Escape")
    try session.waitForScreen { !$0.contains { $0.contains("─ Search ") } }

    // Reorder: Family moves above Personal.
    try session.send("h", "K")
    screen = try session.waitForScreen { rows in
      let lists = rows.filter { $0.hasPrefix("│ ● ") }.map { String($0.dropFirst(4).prefix(8)) }
      return lists == ["Family  ", "Personal", "Business"]
    }
    #expect(screen.filter { $0.hasPrefix("│ ● ") }.count == 3)

    // A write from another process shows up with no key press. (The sqlite3 shell cannot insert
    // into these tables: their ids default to uuid(), a function only the app's connections
    // have. It can update them.)
    let updated = try sqlite(
      session,
      """
      UPDATE reminders SET remindersListID = (SELECT id FROM remindersLists WHERE title = 'Business'),
        title = 'Groceries, moved by sqlite3', isFlagged = 1
      WHERE title = 'Groceries' RETURNING title
      """)
    #expect(updated == "Groceries, moved by sqlite3\n")
    screen = try session.waitForScreen {
      sidebarRow($0, "Business").hasSuffix("3 │") && sidebarRow($0, "Flagged").hasSuffix("3 │")
    }
    #expect(sidebarRow(screen, "Business") == "│ ● Business                 3 │")
    #expect(sidebarRow(screen, "Personal") == "│ ● Personal                 3 │")
    #expect(sidebarRow(screen, "Flagged") == "│ ⚑ Flagged                  3 │")

    // And a reminder added by the command line, from another process, with its tag and list.
    let added = try Subprocess.run(
      [reminders, "--db", session.path("reminders.sqlite"), "add", "Renew passport !!! #admin @Business"]
    ).output
    #expect(added.hasPrefix("Added "))
    screen = try session.waitForScreen {
      sidebarRow($0, "Business").hasSuffix("4 │") && sidebarRow($0, "All").hasSuffix("10 │")
        && $0.contains { $0.hasPrefix("│ # admin") }
    }
    #expect(sidebarRow(screen, "All") == "│ ▤ All                     10 │")

    // Delete a list, after confirming.
    try session.send("d")
    screen = try session.waitForScreen { $0.contains { $0.contains("Delete the list “Family”") } }
    try session.send("y")
    screen = try session.waitForScreen {
      !$0.contains { $0.hasPrefix("│ ● Family") } && $0.contains { $0.contains("Deleted the list “Family”") }
    }
    #expect(!screen.contains { $0.hasPrefix("│ ● Family") })

    // Resize down to 40×12 and back.
    try session.resize(width: 40, height: 12)
    screen = try session.waitForScreen {
      $0.count == 12 && $0[0].hasPrefix("┌─ Reminders ") && $0[0].count == 40
    }
    #expect(screen.allSatisfy { $0.count <= 40 })
    try session.resize(width: 30, height: 10)
    try session.waitForScreen { $0.contains { $0.contains("Terminal too small") } }
    try session.resize(width: 100, height: 30)
    screen = try session.waitForScreen { $0.count == 30 && $0[0].count == 100 }
    #expect(screen[0].hasPrefix("┌─ Reminders "))

    // Quit: the exit status is 0 and the terminal is as it was.
    try session.send("q")
    #expect(session.waitForFile("status") == "0\n")
    #expect(session.waitForFile("after") != nil)
    let before = try String(contentsOfFile: session.path("before"), encoding: .utf8)
    let after = try String(contentsOfFile: session.path("after"), encoding: .utf8)
    #expect(before == after)
  }

  /// Ctrl-Z where no shell with job control started the app (`sh -c` as the terminal's own
  /// program, as a multiplexer or a service runs it): stopped, nothing could continue it, so it
  /// keeps running and says why.
  @Test func ctrlZWithoutJobControlKeepsTheAppRunning() throws {
    let session = try TmuxSession(width: 100, height: 20)
    // `exec`: sh takes the interactive shell's place and runs the app in its own process group.
    try session.run(
      "exec sh -c '\(reminders) --db \(session.path("reminders.sqlite")) 2> \(session.path("stderr"));"
        + " echo $? > \(session.path("status"))'")
    try session.waitForScreen { $0.first?.hasPrefix("┌─ Reminders ") == true }
    try session.send("C-z")
    try session.waitForScreen { $0.contains { $0.contains("no shell with job control") } }
    // Still running: keys work.
    try session.send("q")
    #expect(session.waitForFile("status") == "0\n")
  }

  @Test func refusesToStartWithoutATerminal() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "reminders-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("run.sh").path
    try
      "\(reminders) --db \(directory.path)/r.sqlite < /dev/null > \(directory.path)/out 2>&1; echo $? >> \(directory.path)/out\n"
      .write(toFile: script, atomically: true, encoding: .utf8)
    try Subprocess.run(["/bin/sh", script])
    let output = try String(contentsOfFile: directory.path + "/out", encoding: .utf8)
    #expect(output.contains("needs a terminal"))
    #expect(output.hasSuffix("1\n"))
  }

  /// A terminal that cannot move its cursor gets a message, not an empty screen.
  @Test func aTerminalThatCannotMoveItsCursorIsRefusedWithAMessage() throws {
    let session = try TmuxSession(width: 100, height: 20)
    let script = """
      stty -g > \(session.path("before"))
      TERM=dumb \(reminders) --db \(session.path("reminders.sqlite")) 2> \(session.path("stderr"))
      echo $? > \(session.path("status"))
      stty -g > \(session.path("after"))

      """
    try script.write(toFile: session.path("launch.sh"), atomically: true, encoding: .utf8)
    try session.run("bash \(session.path("launch.sh"))")
    #expect(session.waitForFile("status") == "1\n")
    let stderr = try String(contentsOfFile: session.path("stderr"), encoding: .utf8)
    #expect(stderr.contains(#"The terminal "dumb" cannot move its cursor"#))
    #expect(stderr.contains("reminders ls"))
    #expect(
      session.waitForFile("after") == (try String(contentsOfFile: session.path("before"), encoding: .utf8)))
  }
}
