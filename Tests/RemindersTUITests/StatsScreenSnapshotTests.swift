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
