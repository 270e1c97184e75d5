import Foundation
import RemindersKit

/// A fixed clock in a fixed place, for the parsing and formatting tests.
struct FixedClock {
  let timeZone: TimeZone
  let calendar: Calendar
  let now: Date

  /// `firstWeekday` 1 is Sunday (as in the US), 2 is Monday.
  init(_ zone: String, firstWeekday: Int = 1, now: (Int, Int, Int, Int, Int)) {
    timeZone = TimeZone(identifier: zone)!
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    calendar.firstWeekday = firstWeekday
    self.calendar = calendar
    self.now = Self.date(now, in: calendar)
  }

  /// Tuesday 2026-03-10 14:00 in New York (EDT, two days after the spring change).
  static let newYork = FixedClock("America/New_York", now: (2026, 3, 10, 14, 0))
  /// The same instant in Tokyo: Wednesday 2026-03-11 03:00, weeks starting on Monday.
  static let tokyo = FixedClock("Asia/Tokyo", firstWeekday: 2, now: (2026, 3, 11, 3, 0))

  var parser: DueDateParser { DueDateParser(now: now, calendar: calendar, timeZone: timeZone) }
  var formatter: DueDateFormatter { DueDateFormatter(now: now, calendar: calendar, timeZone: timeZone) }

  /// A wall-clock time in this zone.
  func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 9, _ minute: Int = 0) -> Date {
    Self.date((year, month, day, hour, minute), in: calendar)
  }

  private static func date(_ parts: (Int, Int, Int, Int, Int), in calendar: Calendar) -> Date {
    calendar.date(
      from: DateComponents(year: parts.0, month: parts.1, day: parts.2, hour: parts.3, minute: parts.4))!
  }
}

/// A UTC date from its storage text, `2026-03-08 13:00:00.000`, made as the database makes it
/// (whole milliseconds since 1970, divided once), so that it survives the storage format exactly.
func utc(_ text: String) -> Date {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: "UTC")!
  let parts = text.split(whereSeparator: { "- :.".contains($0) }).map { Int($0)! }
  let seconds = calendar.date(
    from: DateComponents(
      year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5]))!
  // Counted from the reference date, as Foundation's own dates are.
  let milliseconds = Int(seconds.timeIntervalSinceReferenceDate) * 1000 + (parts.count > 6 ? parts[6] : 0)
  return Date(timeIntervalSinceReferenceDate: Double(milliseconds) / 1000)
}
