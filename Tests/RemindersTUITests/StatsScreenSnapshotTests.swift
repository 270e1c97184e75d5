import Foundation
import RemindersKit
import SQLiteData
import TerminalUI
import Testing

@testable import RemindersTUI

/// The stats screen over the sample data at the fixed moment, compared with `Snapshots/`: in
/// colour at two sizes, and under `NO_COLOR` (a monochrome terminal) in plain glyphs.
@MainActor
@Suite("Stats screen")
struct StatsScreenSnapshotTests {
  private func stats(_ size: Size, depth: ColorDepth = .indexed256) async -> HeadlessDriver {
    let driver = HeadlessDriver(testApp(), size: size, colorDepth: depth)
    await driver.waitForScreen { $0.contains("Personal") }
    driver.press("%")
    await driver.waitForScreen { $0.contains("─ Stats ") && $0.contains("#social 3") }
    return driver
  }

  @Test(.fixedSample()) func wide() async {
    let driver = await stats(Size(width: 120, height: 40))
    expectSnapshot(driver.screenText, named: "stats-120x40")
  }

  @Test(.fixedSample()) func standard() async {
    let driver = await stats(Size(width: 80, height: 24))
    expectSnapshot(driver.screenText, named: "stats-80x24")
  }

  @Test(.fixedSample()) func withoutColour() async {
    let driver = await stats(Size(width: 120, height: 40), depth: .monochrome)
    let screen = driver.screenText
    expectSnapshot(screen, named: "stats-120x40-no-color")
    #expect(!screen.contains("█") && !screen.contains("▄"))
  }

  /// Many lists do not squeeze the chart to a line: it keeps its bars and day letters, and the
  /// lists that do not fit are counted.
  @Test(.fixedSample()) func manyListsLeaveTheChartItsBars() async throws {
    try await testDatabase.write { db in
      for number in 1...35 {
        try db.execute(
          sql: #"INSERT INTO "remindersLists" ("title", "position") VALUES (?, ?)"#,
          arguments: ["Extra \(number)", 100 + number])
      }
    }
    let driver = await stats(Size(width: 120, height: 40))
    let screen = await driver.waitForScreen { $0.contains("more") }
    let lines = rows(screen)
    let heading = try #require(lines.firstIndex { $0.contains("Completed, last 14 days") })
    let listsHeading = try #require(lines.firstIndex { $0.contains("Completion by list") })
    #expect(listsHeading - heading >= 9, "\(screen)")
    #expect(screen.contains("and 21 more"), "\(screen)")
    // The counts stay in the pane: nothing is cut at the bottom.
    #expect(screen.contains("Most-used tags"))
    // The rows are split the same way whatever came before.
    #expect(StatsPane.rows(available: 27, lists: 38) == (8, 18))
    #expect(StatsPane.rows(available: 27, lists: 5) == (12, 5))
    #expect(StatsPane.rows(available: 11, lists: 5) == (6, 5))
    #expect(StatsPane.rows(available: 11, lists: 9) == (5, 5))
    #expect(StatsPane.rows(available: 5, lists: 9) == (1, 3))
  }

  @Test(.fixedSample()) func aCompletionRedrawsItAndEscCloses() async throws {
    let driver = await stats(Size(width: 120, height: 40))
    #expect(driver.screenText.contains("2 in all"))
    try await testDatabase.write { db in
      // As another program or device would, dated now (the trigger dates it by the real clock).
      try db.execute(
        sql: #"UPDATE "reminders" SET "status" = 1, "completedAt" = ? WHERE "title" = 'Haircut'"#,
        arguments: [DatabaseDateFormat.string(from: fixedNow)])
    }
    let screen = await driver.waitForScreen { $0.contains("3 in all") }
    #expect(screen.contains("3 in all"))
    driver.press("esc")
    #expect(!driver.screenText.contains("─ Stats "))
  }
}
