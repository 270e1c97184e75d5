import Foundation
import SQLiteData

/// Writes due dates for people: short labels for rows, relative to now in the user's time zone,
/// and a precise form for the reminder form that `DueDateParser` reads back. English, with fixed
/// formats (no locale), like the words the parser reads.
public struct DueDateFormatter: Sendable {
  public let now: Date
  /// The user's calendar, set to the user's time zone.
  public let calendar: Calendar

  static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The day of `now`, worked out once: every row's label is measured from it.
  private let today: CivilDay

  public init(now: Date, calendar: Calendar, timeZone: TimeZone) {
    var calendar = calendar
    calendar.timeZone = timeZone
    self.now = now
    self.calendar = calendar
    today = Self.civilDay(of: now, in: calendar)
  }

  /// A formatter for the current `date.now`, `calendar` and `timeZone` dependencies.
  public init() {
    let dependencies = DependencyValues.current
    self.init(now: dependencies.date.now, calendar: dependencies.calendar, timeZone: dependencies.timeZone)
  }

  /// `Today 5:00 PM`, `Tomorrow 9:00 AM`, `Yesterday`, `Fri 3:00 PM` (two to six days ahead),
  /// `Mar 14` (this year), `Mar 14, 2027` (another year). Today, tomorrow and the coming weekdays
  /// show the time, unless it is exactly midnight, which marks a date that has no time of its own
  /// (`Today`); other days show none.
  public func label(for date: Date) -> String {
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
    let day = CivilDay(year: parts.year ?? 1, month: parts.month ?? 1, day: parts.day ?? 1)
    let hasTime = parts.hour != 0 || parts.minute != 0 || parts.second != 0
    let time = hasTime ? " " + timeString(hour: parts.hour ?? 0, minute: parts.minute ?? 0) : ""
    switch day.dayNumber - today.dayNumber {
    case 0: return "Today" + time
    case 1: return "Tomorrow" + time
    case -1: return "Yesterday"
    case 2...6: return Self.weekdayNames[((parts.weekday ?? 1) - 1) % 7] + time
    default:
      let monthDay = "\(Self.monthNames[day.month - 1]) \(day.day)"
      return day.year == today.year ? monthDay : "\(monthDay), \(day.year)"
    }
  }

  /// `label(for:)` with the time of day always (`Mar 14, 2027 9:00 AM`, `Today 12:00 AM`): for
  /// saying exactly what a typed date was read as.
  public func labelWithTime(for date: Date) -> String {
    let label = label(for: date)
    let time = timeString(from: date)
    return label.hasSuffix(time) ? label : label + " " + time
  }

  /// `5:00 PM`, `12:30 AM`.
  public func timeString(from date: Date) -> String {
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    return timeString(hour: parts.hour ?? 0, minute: parts.minute ?? 0)
  }

  /// Whether a due date is past due: on a day before today, as the app's "past due" counts it (a
  /// reminder due earlier today is due today, not past due).
  public func isPastDue(_ date: Date) -> Bool {
    Self.civilDay(of: date, in: calendar) < today
  }

  /// Whether a reminder is past due: not completed and due before today.
  public func isPastDue(_ reminder: Reminder) -> Bool {
    guard !reminder.isCompleted, let dueDate = reminder.dueDate else { return false }
    return isPastDue(dueDate)
  }

  /// `2026-03-14 17:00`, in the user's time zone, to the minute: the form the reminder form shows
  /// and `DueDateParser.parse` reads back to the same minute.
  public func preciseString(from date: Date) -> String {
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    let date = [padded(parts.year ?? 0, to: 4), padded(parts.month ?? 0), padded(parts.day ?? 0)]
    return date.joined(separator: "-") + " " + padded(parts.hour ?? 0) + ":" + padded(parts.minute ?? 0)
  }

  // Numbers are written by hand, not with `String(format:)`: a list row's label is made on
  // every frame, and Foundation's formatting cost more than the rest of the row.
  private func timeString(hour: Int, minute: Int) -> String {
    let twelveHour = hour % 12 == 0 ? 12 : hour % 12
    return String(twelveHour) + ":" + padded(minute) + (hour < 12 ? " AM" : " PM")
  }

  /// `7` as `07` (`width` 2), `2026` as `2026`.
  private func padded(_ number: Int, to width: Int = 2) -> String {
    let digits = String(number)
    return digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
  }

  private static func civilDay(of date: Date, in calendar: Calendar) -> CivilDay {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return CivilDay(year: parts.year ?? 1, month: parts.month ?? 1, day: parts.day ?? 1)
  }
}
