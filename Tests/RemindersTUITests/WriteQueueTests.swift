import Foundation
import RemindersKit
import SQLiteData
import SQLiteDataTestSupport
import TerminalUI
import Testing

@testable import RemindersTUI

/// The app's writes run off the main actor: another program's lock delays them, never the
/// screen, and a write that fails says why and leaves the screen as the database is.
@MainActor
@Suite("Writes off the main actor")
struct WriteQueueTests {
  /// Runs `body` on the app over a sample database file, with a second connection to the same
  /// file for the test to take its write lock.
  private func withFileDatabase(
    _ body: (HeadlessDriver, DatabaseQueue) async throws -> Void
  ) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("writes-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("reminders.sqlite").path
    let database = try AppDatabase.open(path: path, scheduler: ManualCompletionScheduler())
    defer { database.close() }
    try await withDependencies {
      $0.date = .constant(fixedNow)
      $0.calendar = fixedCalendar
      $0.timeZone = fixedTimeZone
      $0.uuid = .incrementing
      $0.defaultDatabase = database
      $0.liveValueScheduler = .mainActor
    } operation: {
      try database.writeAction { try $0.loadSampleData() }
      let other = try DatabaseQueue(path: path)
      let driver = HeadlessDriver(testApp(), size: Size(width: 100, height: 30))
      driver.press("enter")  // Today
      await driver.waitForScreen { $0.contains("─ Today ") && $0.contains("○ !!! Doctor appointment") }
      try await body(driver, other)
    }
  }

  /// Runs SQL on the other connection, from the main actor (a wait in the shared task pool could
  /// be long while the rest of the suite runs).
  private func execute(_ sql: String, on other: DatabaseQueue) throws {
    try other.writeWithoutTransaction { try $0.execute(sql: sql) }
  }

  @Test func aLockHeldByAnotherProgramDoesNotFreezeTheScreen() async throws {
    try await withFileDatabase { driver, other in
      try execute("BEGIN IMMEDIATE", on: other)
      // Handled at once: the write waits for the lock off the main actor, and the screen says so.
      // (Written on the main actor, the key would wait out the busy timeout and fail.)
      driver.press("space")
      #expect(rows(driver.screenText).last?.contains("saving…") == true)
      // Other keys keep working meanwhile.
      driver.press("?")
      #expect(driver.screenText.contains("─ Keys "))
      driver.press("esc")
      try execute("COMMIT", on: other)
      await expectScreen(driver, toShow: "Completed “Doctor appointment”")
      #expect(rows(driver.screenText).last?.contains("saving…") == false)
      // The row follows once the live values after the commit arrive.
      let screen = await driver.waitForScreen { $0.contains("◉ !!! Doctor appointment") }
      #expect(screen.contains("◉ !!! Doctor appointment"))
    }
  }

  /// `q` (or Ctrl-C) while a write waits: the screen stays up and says so, and the app quits
  /// once the write has landed.
  @Test(arguments: ["q", "ctrl-c"] as [KeySequence])
  func quittingWaitsForTheWritesOnScreen(key: KeySequence) async throws {
    try await withFileDatabase { driver, other in
      try execute("BEGIN IMMEDIATE", on: other)
      driver.press("f")
      driver.press(key)
      #expect(!driver.isFinished)
      #expect(rows(driver.screenText).last?.contains("saving, then quitting…") == true)
      try execute("COMMIT", on: other)
      await driver.waitForScreen { _ in driver.isFinished }
      #expect(driver.isFinished)
      let flagged = try await other.read {
        try Reminder.where { $0.title.eq("Doctor appointment") }.select(\.isFlagged).fetchOne($0)
      }
      #expect(flagged == true)
    }
  }

  /// A second Ctrl-C while a write waits quits at once: the screen goes, and the app exits
  /// without waiting for the lock (the write still waits when it does).
  @Test func aSecondInterruptQuitsAtOnce() async throws {
    try await withFileDatabase { driver, other in
      let app = try #require(driver.host.application as? RemindersApp)
      try execute("BEGIN IMMEDIATE", on: other)
      driver.press("f")
      driver.press("ctrl-c")
      driver.press("ctrl-c")
      #expect(driver.isFinished && driver.host.wasInterrupted)
      #expect(await app.settleWrites(beforeExitingFor: .interrupted) == 1)
      #expect(app.writes.pending == 1)
      try execute("COMMIT", on: other)
      await app.writes.settle()
    }
  }

  /// `q` while a write waits, and the write fails: the app stays, saying why, rather than quit
  /// with the change lost.
  @Test func aQuitWaitingForAWriteThatFailsIsCalledOff() async throws {
    try await withFileDatabase { driver, other in
      try execute("BEGIN IMMEDIATE", on: other)
      driver.press("d")
      driver.press("y")
      driver.press("q")
      #expect(rows(driver.screenText).last?.contains("saving, then quitting…") == true)
      // Another program deletes the reminder first: the app's delete fails.
      try execute("DELETE FROM reminders WHERE title = 'Doctor appointment'; COMMIT", on: other)
      await driver.waitForScreen { $0.contains("That reminder no longer exists") || driver.isFinished }
      #expect(!driver.isFinished)
      #expect(
        driver.screenText.contains(
          "Not quitting, as the change was not saved: That reminder no longer exists"))
      #expect(rows(driver.screenText).last?.contains("quitting") == false)
    }
  }

  /// A rename that fails opens the title's line again with what was typed, to try again.
  @Test func aRenameThatFailsKeepsTheTextTyped() async throws {
    try await withFileDatabase { driver, other in
      try execute(
        "CREATE TRIGGER refuseTitles BEFORE UPDATE OF title ON reminders BEGIN SELECT RAISE(ABORT, 'titles are frozen'); END",
        on: other)
      driver.press("r")
      driver.type(" soon")
      driver.press("enter")
      await driver.waitForScreen { $0.contains("titles are frozen") }
      let screen = await driver.waitForScreen { $0.contains("Doctor appointment soon") }
      #expect(screen.contains("Doctor appointment soon"))
      // Esc leaves the title as it was.
      driver.press("esc")
      #expect(!driver.screenText.contains("Doctor appointment soon"))
    }
  }

  /// An error longer than the status line is shown whole, over more lines, until the next key.
  @Test func aLongErrorIsShownWholeUntilTheNextKey() async throws {
    try await withFileDatabase { driver, other in
      let reason =
        "flags are frozen here until the end of the quarter, ask the owner of the list to unfreeze them"
      try execute(
        "CREATE TRIGGER refuseFlags BEFORE UPDATE OF isFlagged ON reminders BEGIN SELECT RAISE(ABORT, '\(reason)'); END",
        on: other)
      driver.press("f")
      let screen = await driver.waitForScreen { $0.contains("flags are frozen") }
      // Wrapped at the screen's width: the last words are there too, and the panes gave way.
      let bottom = rows(screen).suffix(3).joined(separator: " ")
      #expect(bottom.contains("flags are frozen"))
      #expect(bottom.contains("unfreeze them"), "\(screen)")
      // The next key takes it away, and does what it does.
      driver.press("j")
      #expect(!driver.screenText.contains("flags are frozen"))
      #expect(rows(driver.screenText).last?.contains("? help") == true)
    }
  }

  @Test func writesLandInTheOrderTheyWereAskedFor() async throws {
    try await withFileDatabase { driver, other in
      try execute("BEGIN IMMEDIATE", on: other)
      // Flag, complete, and undo the completion, all while the lock is held.
      driver.press("f")
      driver.press("space")
      driver.press("u")
      try execute("COMMIT", on: other)
      await expectScreen(driver, toShow: "Undid Complete “Doctor appointment”")
      let row = await driver.waitForScreen { $0.contains("○ !!! Doctor appointment") }
      #expect(rows(row).contains { $0.contains("○ !!! Doctor appointment") && $0.hasSuffix("⚑ │") })
    }
  }

  @Test func aWriteThatFailsSaysWhyAndTheScreenFollowsTheDatabase() async throws {
    try await withFileDatabase { driver, other in
      try execute("BEGIN IMMEDIATE", on: other)
      driver.press("d")
      #expect(driver.screenText.contains("Delete “Doctor appointment”?"))
      driver.press("y")
      // Another program deletes the reminder first.
      try execute("DELETE FROM reminders WHERE title = 'Doctor appointment'; COMMIT", on: other)
      await expectScreen(driver, toShow: "That reminder no longer exists")
      let screen = await driver.waitForScreen { !$0.contains("Doctor appointment") }
      #expect(!screen.contains("Doctor appointment"))
    }
  }

  @Test func theTagsPickerWritesWithoutFreezingTheForm() async throws {
    try await withFileDatabase { driver, other in
      driver.press("N")
      driver.type("Plant tulips")
      driver.press("tab tab enter")
      #expect(driver.screenText.contains("Most used"))
      try execute("BEGIN IMMEDIATE", on: other)
      // A new tag while another program holds the lock: the picker takes keys at once.
      // (Written on the main actor, the key would wait out the busy timeout and fail.)
      driver.press("n")
      driver.type("spring")
      driver.press("enter")
      #expect(rows(driver.screenText).last?.contains("saving…") == true)
      driver.press("j")
      #expect(driver.screenText.contains("Most used"))
      try execute("COMMIT", on: other)
      let screen = await driver.waitForScreen { $0.contains("[x] #spring") }
      #expect(screen.contains("[x] #spring"))
    }
  }
}
