import Foundation
import RemindersKit
import SQLiteData
import SQLiteDataTestSupport
import TerminalUI
import Testing

@testable import RemindersTUI

/// The screens drawn on the headless terminal over the sample data, at Tuesday 3 March 2026,
/// 10:00 in Paris, compared with the text in `Snapshots/`.
@MainActor
@Suite("Screens")
struct ScreenSnapshotTests {
  static let wide = Size(width: 100, height: 30)
  static let narrow = Size(width: 40, height: 12)

  /// The app on the sample data, once its first rows are drawn.
  private func start(_ size: Size) async -> HeadlessDriver {
    let driver = HeadlessDriver(testApp(), size: size)
    await driver.waitForScreen { $0.contains("Doctor appointment") || $0.contains("Personal") }
    return driver
  }

  @Test(.fixedSample()) func homeWithTodayBeside() async {
    let driver = await start(Self.wide)
    expectSnapshot(driver.screenText, named: "home-100x30")
  }

  @Test(.fixedSample()) func aListWithNotesFlagsAndPastDueDates() async throws {
    let driver = await start(Self.wide)
    driver.press("j j j j j")
    driver.press("enter")
    let screen = await driver.waitForScreen { $0.contains("─ Personal ") && $0.contains("Haircut") }
    expectSnapshot(screen, named: "personal-100x30")
    // The past-due date (two days ago) is drawn in the error colour, the flag in the warning one.
    let haircut = try #require(rows(screen).firstIndex { $0.contains("Haircut") })
    let styles = Array(rows(driver.screenStyles)[haircut])
    let text = Array(rows(screen)[haircut])
    let date = try #require(text.indices.first { String(text[$0...].prefix(5)) == "Mar 1" })
    #expect(String(styles[date..<date + 5]) == "eeeee")
    let flag = try #require(text.lastIndex(of: "⚑"))
    #expect(styles[flag] == "w")
  }

  @Test(.fixedSample()) func narrowSidebarAndDetailTakeTurns() async {
    let driver = await start(Self.narrow)
    expectSnapshot(driver.screenText, named: "home-40x12")
    driver.press("enter")
    let detail = await driver.waitForScreen { $0.contains("─ Today ") }
    expectSnapshot(detail, named: "today-40x12")
    driver.press("tab")
    #expect(driver.screenText.contains("─ Reminders "))
  }

  @Test(.fixedSample()) func resizingKeepsTheLayoutWhole() async {
    let driver = await start(Self.wide)
    let before = driver.screenText
    driver.resize(to: Self.narrow)
    #expect(rows(driver.screenText).count == 12)
    #expect(rows(driver.screenText).allSatisfy { $0.count <= 40 })
    driver.resize(to: Size(width: 30, height: 10))
    #expect(driver.screenText.contains("Terminal too small: 30×10,"))
    driver.resize(to: Self.wide)
    #expect(driver.screenText == before)
  }

  /// While the screen only asks to be made larger, keys do nothing: a deletion confirmed, a
  /// reminder completed or flagged, blind, would change data nobody saw. `q` still quits.
  @Test(.fixedSample()) func keysOnATooSmallScreenChangeNothing() async throws {
    let driver = await start(Self.wide)
    let before = driver.screenText
    func counts() async throws -> [Int] {
      try await testDatabase.read { db in
        [
          try RemindersList.fetchCount(db), try Reminder.fetchCount(db),
          try Reminder.where(\.isFlagged).fetchCount(db), try Reminder.where(\.isCompleted).fetchCount(db),
        ]
      }
    }
    let stored = try await counts()
    driver.resize(to: Size(width: 30, height: 10))
    for key: KeySequence in ["d", "left", "enter", "y", "tab", "space", "f", "x", "d", "y", "u"] {
      driver.press(key)
    }
    driver.resize(to: Self.wide)
    #expect(driver.screenText == before)
    #expect(try await counts() == stored)
    driver.resize(to: Size(width: 30, height: 10))
    driver.press("q")
    #expect(driver.isFinished)
  }

  @Test(.fixedSample()) func helpComesFromTheKeymap() async {
    let driver = await start(Self.wide)
    driver.press("enter")
    driver.press("?")
    expectSnapshot(driver.screenText, named: "help-100x30")
    driver.press("j")
    #expect(!driver.screenText.contains("│ Reminders "))
    driver.press("esc")
    #expect(!driver.screenText.contains("─ Keys "))
  }

  @Test(.fixedSample()) func theReminderForm() async {
    let driver = await start(Self.wide)
    driver.press("j j j j j enter")
    await driver.waitForScreen { $0.contains("Groceries") }
    driver.press("e")
    expectSnapshot(driver.screenText, named: "form-100x30")
  }

  @Test(.fixedSample()) func search() async {
    let driver = await start(Self.wide)
    driver.press("/")
    driver.type("ticket")
    driver.press("enter")
    let screen = await driver.waitForScreen { $0.contains("1 found") }
    expectSnapshot(screen, named: "search-100x30")
    // A completed match shows once completed reminders are shown.
    driver.press("i")
    driver.press("ctrl-u")
    driver.type("walk")
    driver.press("enter")
    await driver.waitForScreen { $0.contains("0 found · 1 Completed") }
    driver.press("c")
    let withCompleted = await driver.waitForScreen { $0.contains("Take a walk") }
    #expect(withCompleted.contains("● Take a walk"))
  }

  @Test(.fixedSample(empty: true)) func anEmptyDatabaseOffersTheSampleData() async {
    let driver = HeadlessDriver(testApp(), size: Self.wide)
    expectSnapshot(driver.screenText, named: "empty-100x30")
    driver.resize(to: Self.narrow)
    expectSnapshot(driver.screenText, named: "empty-40x12")
    driver.press("S")
    await expectScreen(driver, toShow: "Loaded the sample data")
    let loaded = await driver.waitForScreen { $0.contains("Personal") }
    #expect(loaded.contains("● Personal"))
  }
}
