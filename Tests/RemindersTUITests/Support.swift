import Foundation
import SQLiteDataTestSupport
import Testing
import RemindersKit
import SQLiteData
import TerminalUI

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
  let database = try AppDatabase.inMemory()
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
    }
  }
}

/// The database the test runs on.
var testDatabase: any DatabaseWriter { DependencyValues.current.defaultDatabase }
