import Foundation
import RemindersKit
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// The app makes parsers and formatters with no arguments: they read the clock, calendar and time
/// zone that tests (and the command line's `TZ`) fix.
@Suite(
  .dependencies {
    $0.date = .constant(FixedClock.tokyo.now)
    $0.calendar = Calendar(identifier: .gregorian)
    $0.timeZone = TimeZone(identifier: "Asia/Tokyo")!
  })
struct ParsingDependencyTests {
  @Test func theParserReadsTheDependencies() throws {
    let parser = DueDateParser()
    #expect(parser.now == FixedClock.tokyo.now)
    #expect(parser.calendar.timeZone.identifier == "Asia/Tokyo")
    #expect(try parser.parse("today") == utc("2026-03-11 00:00:00"))
    #expect(try QuickAdd(parsing: "Call mom tomorrow 5pm").dueDate == utc("2026-03-12 08:00:00"))
  }

  @Test func theFormatterReadsTheDependencies() {
    #expect(DueDateFormatter().label(for: utc("2026-03-11 08:00:00")) == "Today 5:00 PM")
    #expect(DueDateFormatter().preciseString(from: utc("2026-03-11 08:00:00")) == "2026-03-11 17:00")
  }

  @Test func exportsAreStampedWithTheClock() {
    let reminder = Reminder(id: AwkwardArchive.reminderID(1), remindersListID: AwkwardArchive.personal)
    #expect(RemindersArchive(reminders: [reminder]).iCalendar().contains("DTSTAMP:20260310T180000Z"))
  }
}
