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

  /// A short window keeps every part of the pane: a line of figures, the chart in the three rows
  /// the lists leave it, the lists, and the tags, with nothing cut at the bottom, no count of lists
  /// it could show and no row left empty below.
  @Test(.fixedSample()) func short() async {
    let driver = await stats(Size(width: 60, height: 16))
    let screen = driver.screenText
    expectSnapshot(screen, named: "stats-60x16")
    for part in ["1 overdue", "Personal", "Family", "Business", "Most-used tags"] {
      #expect(screen.contains(part), "\(part) missing:\n\(screen)")
    }
    #expect(!screen.contains("more"), "\(screen)")
  }

  /// At the app's smallest size, the gaps go too, the lists still show, and the figures take
  /// shorter captions rather than be cut.
  @Test(.fixedSample()) func smallest() async {
    let driver = await stats(RemindersApp.minimumSize)
    let screen = driver.screenText
    expectSnapshot(screen, named: "stats-40x12")
    for part in ["1 overdue", "2 today", "7 sched", "2 flagged", "Personal", "Business", "Most-used"] {
      #expect(screen.contains(part), "\(part) missing:\n\(screen)")
    }
  }

  @Test func layoutGivesUpBigFiguresThenGapsBeforeLists() {
    // 80x24: big figures, gaps, and a chart of bars.
    #expect(StatsPane.layout(height: 21, lists: 3) == .init(figures: 4, gaps: true, chart: 8, lists: 3))
    // 60x16: a line of figures keeps all three lists, and the chart its bars.
    #expect(StatsPane.layout(height: 13, lists: 3) == .init(figures: 1, gaps: true, chart: 3, lists: 3))
    // 40x12: no gaps either.
    #expect(StatsPane.layout(height: 9, lists: 3) == .init(figures: 1, gaps: false, chart: 1, lists: 3))
    // Many lists at 60x16: the gaps go before the bars; four lists, and a line counting the rest.
    #expect(StatsPane.layout(height: 13, lists: 9) == .init(figures: 1, gaps: false, chart: 4, lists: 4))
    // No room for a list row: the line says so rather than "and 9 more" under nothing.
    #expect(StatsPane.rows(available: 2, lists: 9) == (1, 0))
  }

  /// From the smallest screen up, the chart is bars wherever a bar chart fits, and no row is left
  /// empty: at every height, with few lists and with many.
  @Test(arguments: [1, 3, 9]) func everyHeightUsesItsRows(lists count: Int) {
    for height in 10...40 {
      let layout = StatsPane.layout(height: height, lists: count)
      let used =
        layout.figures + 3 + (layout.gaps ? 3 : 0) + layout.chart + layout.lists
        + (layout.lists < count ? 1 : 0)
      #expect(layout.chart >= BarChart.minimumHeight, "height \(height): \(layout)")
      #expect(used == height, "height \(height): \(layout) uses \(used) rows")
    }
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
    #expect(screen.contains("and 20 more (j/k scroll)"), "\(screen)")
    // The counts stay in the pane: nothing is cut at the bottom.
    #expect(screen.contains("Most-used tags"))
    // j and k scroll the lists, no further than the last.
    driver.press("j j j")
    #expect(driver.screenText.contains("4–21 of 38 (j/k scroll)"), "\(driver.screenText)")
    #expect(!rows(driver.screenText).contains { $0.contains("││ ● Personal") })
    #expect(rows(driver.screenText).contains { $0.contains("││ ● Extra 1 ") })
    for _ in 1...30 { driver.press("j") }
    #expect(driver.screenText.contains("21–38 of 38"), "\(driver.screenText)")
    #expect(driver.screenText.contains("Extra 35"))
    driver.press("k")
    #expect(driver.screenText.contains("20–37 of 38"), "\(driver.screenText)")
    // The rows are split the same way whatever came before.
    #expect(StatsPane.rows(available: 27, lists: 38) == (8, 18))
    #expect(StatsPane.rows(available: 27, lists: 5) == (22, 5))
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
