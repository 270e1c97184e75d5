import Foundation
import RemindersKit
import SQLiteData
import SQLiteDataTestSupport
import TerminalUI
import Testing

@testable import RemindersTUI

/// The fixed moment the screen tests are drawn at: Tuesday 3 March 2026, 10:00 in Paris.
let fixedNow = Date(timeIntervalSince1970: 1_772_528_400)
let fixedTimeZone = TimeZone(identifier: "Europe/Paris")!

var fixedCalendar: Calendar {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = fixedTimeZone
  return calendar
}

/// A prepared database in memory with the sample data loaded at the fixed date.
func sampleDatabase(empty: Bool = false) throws -> any DatabaseWriter {
  // Completions wait for a clock the tests never move, so that a slow test still sees a ticked
  // reminder "completing", however long it takes.
  let database = try AppDatabase.inMemory(scheduler: ManualCompletionScheduler())
  if !empty {
    try withDependencies {
      $0.date = .constant(fixedNow)
      $0.calendar = fixedCalendar
      $0.timeZone = fixedTimeZone
      $0.uuid = .incrementing
    } operation: {
      try database.writeAction { try $0.loadSampleData() }
    }
  }
  return database
}

extension Trait where Self == DependencyTrait {
  /// The fixed date, calendar and time zone, and a fresh database with the sample data (or an
  /// empty one) for each test.
  static func fixedSample(empty: Bool = false) -> Self {
    .dependencies {
      $0.date = .constant(fixedNow)
      $0.calendar = fixedCalendar
      $0.timeZone = fixedTimeZone
      $0.defaultDatabase = try sampleDatabase(empty: empty)
      $0.liveValueScheduler = .mainActor
    }
  }
}

/// The database the test runs on.
var testDatabase: any DatabaseWriter { DependencyValues.current.defaultDatabase }

/// The app as the tests drive it: its messages stay as long as a test may take to look at them
/// (the main actor is shared with other tests, which can hold it for seconds).
@MainActor
func testApp() -> RemindersApp {
  RemindersApp(messageLifetime: .seconds(600))
}

/// The sidebar row of an entry (a smart list, a list, a tag) with its count, as drawn.
func sidebarRow(_ screen: String, _ title: String) -> String {
  sidebarRow(rows(screen), title)
}

/// The sidebar row of an entry, from the screen's rows.
func sidebarRow(_ rows: [String], _ title: String) -> String {
  rows.first { $0.hasPrefix("│ ") && $0.dropFirst(4).hasPrefix(title) }.map { String($0.prefix(32)) } ?? ""
}

/// The screen's rows.
func rows(_ screen: String) -> [String] {
  screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// Waits for the screen to show `text`, as a write's message does once the write is done (writes
/// run off the main actor); records a failure with the last screen if it never does.
@MainActor
func expectScreen(
  _ driver: HeadlessDriver, toShow text: String, sourceLocation: SourceLocation = #_sourceLocation
) async {
  let screen = await driver.waitForScreen { $0.contains(text) }
  #expect(screen.contains(text), "\(screen)", sourceLocation: sourceLocation)
}
