import Foundation
import RemindersKit
import SQLiteData
import SQLiteDataTestSupport
import TerminalUI
import Testing

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
      try database.loadSampleData()
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

/// Draws frames until the screen satisfies `condition` (live values arrive from the database's
/// threads, through the main actor, which the other screen tests share), for at most `timeout`;
/// returns the last screen either way. The timeout only stops a test that would hang: under a
/// loaded machine the main actor can be busy for seconds.
@MainActor
@discardableResult
func waitForScreen(
  _ driver: HeadlessDriver, timeout: Duration = .seconds(30), _ condition: (String) -> Bool
) async -> String {
  let deadline = ContinuousClock.now + timeout
  driver.renderIfNeeded()
  while !condition(driver.screenText), ContinuousClock.now < deadline {
    try? await Task.sleep(for: .milliseconds(5))
    driver.renderIfNeeded()
  }
  return driver.screenText
}

/// The screen's rows.
func rows(_ screen: String) -> [String] {
  screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}
