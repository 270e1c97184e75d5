import Foundation
import SQLiteData
import Synchronization

/// A day of the user's calendar as an interval of absolute time: what "today" means.
///
/// Due dates are stored as UTC text (`yyyy-MM-dd HH:mm:ss.SSS`), which sorts like the dates it
/// holds, so comparing a due date with the day's bounds uses the `(status, dueDate)` index; asking
/// SQLite for `date(dueDate)` would read every row and use UTC's day instead of the user's.
public struct LocalDay: Hashable, Sendable {
  /// The first instant of the day.
  public var start: Date
  /// The first instant of the next day.
  public var end: Date

  /// The day containing `date` in `calendar`, in `timeZone`.
  public init(containing date: Date, calendar: Calendar, timeZone: TimeZone) {
    var calendar = calendar
    calendar.timeZone = timeZone
    start = calendar.startOfDay(for: date)
    end =
      calendar.date(byAdding: .day, value: 1, to: start)
      ?? start.addingTimeInterval(24 * 60 * 60)
  }

  /// Today for the user: `@Dependency(\.date.now)` in `@Dependency(\.calendar)` and
  /// `@Dependency(\.timeZone)`.
  public static var today: LocalDay {
    @Dependency(\.date.now) var now
    @Dependency(\.calendar) var calendar
    @Dependency(\.timeZone) var timeZone
    return lastToday.withLock { last in
      // Every query of a screen asks, on every fetch: the calendar's arithmetic is worked out
      // again only when the day (or the calendar or time zone) is no longer the one found last.
      if let day = last, day.calendar == calendar, day.timeZone == timeZone, day.day.contains(now) {
        return day.day
      }
      let day = LocalDay(containing: now, calendar: calendar, timeZone: timeZone)
      last = (day, calendar, timeZone)
      return day
    }
  }

  private static let lastToday = Mutex<(day: LocalDay, calendar: Calendar, timeZone: TimeZone)?>(nil)

  /// Whether `date` falls within the day.
  func contains(_ date: Date) -> Bool { start <= date && date < end }
}
