import Foundation

// SQLite's date and time functions on date columns and values: `date`, `time`, `datetime`,
// `julianday`, `unixepoch` and `strftime`, each with modifiers.
//
//     Reminder.where { $0.dueDate.date().eq(Date().date()) }            // due today (UTC)
//     Reminder.where { $0.dueDate.lt(CurrentTime.now(.days(-7))) }      // due over a week ago
//     Event.select { ($0.startsAt.year, $0.startsAt.strftime("%H:%M")) }
//
// Dates are stored as UTC text, `yyyy-MM-dd HH:mm:ss.SSS`; SQLite reads that text, and reads
// `Date.UnixTimeRepresentation` columns once told they are Unix times. A date shifted by
// modifiers (`$0.dueDate(.days(1))`) keeps its column's storage, so it compares with the column.

/// Modifiers of SQLite's date and time functions: a shift (`'1 days'`), a snap to the start of a
/// period (`'start of month'`), or a change of time zone; chained, several in order
/// (`.startOfMonth.months(1).days(-1)`, the last day of the month).
public struct DateModifier: Hashable, Sendable {
  /// The modifiers as SQLite reads them, in order.
  public let texts: [String]

  /// A modifier SQLite knows that has no name here.
  public init(_ text: String) { texts = [text] }

  init(texts: [String]) { self.texts = texts }

  /// The modifiers as SQLite reads them, comma-separated.
  public var text: String { texts.joined(separator: ", ") }

  public static func years(_ count: Int) -> Self { Self("\(count) years") }
  public static func months(_ count: Int) -> Self { Self("\(count) months") }
  public static func days(_ count: Int) -> Self { Self("\(count) days") }
  public static func hours(_ count: Int) -> Self { Self("\(count) hours") }
  public static func minutes(_ count: Int) -> Self { Self("\(count) minutes") }
  public static func seconds(_ count: Double) -> Self { Self("\(count) seconds") }

  public static let startOfDay = Self("start of day")
  public static let startOfMonth = Self("start of month")
  public static let startOfYear = Self("start of year")

  /// The next day that is the given weekday (0 is Sunday), or the same day if it is one.
  public static func weekday(_ day: Int) -> Self { Self("weekday \(day)") }

  /// From UTC to the local time zone (the `TZ` of the process), and back.
  public static let localtime = Self("localtime")
  public static let utc = Self("utc")

  // The same, after these modifiers.
  public func years(_ count: Int) -> Self { then(.years(count)) }
  public func months(_ count: Int) -> Self { then(.months(count)) }
  public func days(_ count: Int) -> Self { then(.days(count)) }
  public func hours(_ count: Int) -> Self { then(.hours(count)) }
  public func minutes(_ count: Int) -> Self { then(.minutes(count)) }
  public func seconds(_ count: Double) -> Self { then(.seconds(count)) }
  public var startOfDay: Self { then(.startOfDay) }
  public var startOfMonth: Self { then(.startOfMonth) }
  public var startOfYear: Self { then(.startOfYear) }
  public func weekday(_ day: Int) -> Self { then(.weekday(day)) }
  public var localtime: Self { then(.localtime) }
  public var utc: Self { then(.utc) }

  /// These modifiers, then `next`.
  public func then(_ next: DateModifier) -> Self { Self(texts: texts + next.texts) }
}

/// A date shifted by modifiers, `$0.startsAt(.startOfMonth)`: shifting it again or reading a
/// part of it adds to the same call (`unixepoch("events"."startsAt", 'unixepoch', 'start of
/// month', '1 days')`) rather than nesting calls.
public struct ShiftedDate<QueryValue>: QueryExpression {
  /// The date before any modifier.
  let base: QueryFragment
  let reading: [String]
  let modifiers: [DateModifier]
  public let queryFragment: QueryFragment
}

/// How a date is stored, as SQLite's date functions need to know it.
public protocol _DateStorage: QueryBindable {
  /// Modifiers SQLite needs first to read the stored value (`'unixepoch'` for Unix times).
  static var _readingModifiers: [String] { get }
  /// The function that gives a value of the same storage back.
  static func _storing(_ arguments: QueryFragment) -> QueryFragment
}

extension Date: _DateStorage {
  public static var _readingModifiers: [String] { [] }
  /// The storage text itself, with milliseconds (`datetime` would drop them).
  public static func _storing(_ arguments: QueryFragment) -> QueryFragment {
    "strftime('%Y-%m-%d %H:%M:%f', " + arguments + ")"
  }
}

extension Date.UnixTimeRepresentation: _DateStorage {
  public static var _readingModifiers: [String] { ["unixepoch"] }
  public static func _storing(_ arguments: QueryFragment) -> QueryFragment { "unixepoch(" + arguments + ")" }
}

extension Date.JulianDayRepresentation: _DateStorage {
  public static var _readingModifiers: [String] { [] }
  public static func _storing(_ arguments: QueryFragment) -> QueryFragment { "julianday(" + arguments + ")" }
}

/// SQLite's current time, `'now'`, read when the statement runs: `CurrentTime.now.date()`, or
/// shifted, `CurrentTime.now(.days(-7))`. On its own it is the current time in date columns'
/// storage, and compares with them.
public struct CurrentTime: QueryExpression, Sendable {
  public typealias QueryValue = Date

  public var queryFragment: QueryFragment { Date._storing("'now'") }
}

extension QueryExpression where Self == CurrentTime {
  /// SQLite's current time: `CurrentTime.now`, or `.now` where a date is expected,
  /// as in `$0.dueDate.lt(.now)`.
  public static var now: CurrentTime { CurrentTime() }
}

/// `name(x, 'reading', 'modifier', …)`, or `name('format', x, …)` for `strftime`.
func dateFunction<Result>(
  _ name: String, _ expression: some QueryExpression, reading: [String], _ modifiers: [DateModifier],
  format: String? = nil
) -> SQLQueryExpression<Result> {
  SQLQueryExpression(
    "\(raw: name)(" + dateArguments(expression, reading: reading, modifiers, format: format) + ")")
}

/// The arguments of a date function: the value (`'now'` for the current time), the modifiers
/// SQLite needs to read its storage, then the modifiers as text.
func dateArguments(
  _ expression: some QueryExpression, reading: [String], _ modifiers: [DateModifier], format: String? = nil
) -> QueryFragment {
  DateSource(expression, reading: reading).arguments(then: modifiers, format: format)
}

/// What a date function reads: the current time, a date already shifted (whose call it extends),
/// or any other expression of a date in the given storage.
private struct DateSource {
  let base: QueryFragment
  let reading: [String]
  let modifiers: [DateModifier]

  /// The arguments of a call on this date: the format, the date, then the modifiers.
  func arguments(then more: [DateModifier], format: String? = nil) -> QueryFragment {
    var arguments: [QueryFragment] = []
    if let format { arguments.append(format.queryFragment) }
    arguments.append(base)
    arguments += reading.map { QueryFragment(quote: $0, delimiter: .text) }
    arguments += (modifiers + more).flatMap(\.texts).map { $0.queryFragment }
    return arguments.joined(separator: ", ")
  }

  init(_ expression: some QueryExpression, reading: [String]) {
    if expression is CurrentTime {
      (base, self.reading, modifiers) = ("'now'", [], [])
    } else if let shifted = expression as? any _ShiftedDate {
      (base, self.reading, modifiers) = shifted._source
    } else {
      (base, self.reading, modifiers) = (expression.queryFragment, reading, [])
    }
  }
}

/// Reads a `ShiftedDate` whatever its value type.
protocol _ShiftedDate {
  var _source: (QueryFragment, [String], [DateModifier]) { get }
}

extension ShiftedDate: _ShiftedDate {
  var _source: (QueryFragment, [String], [DateModifier]) { (base, reading, modifiers) }
}

/// `$0.date(modifiers)`: the date shifted, stored as `storing` stores it.
func shiftedDate<Value>(
  _ expression: some QueryExpression, reading: [String], _ modifiers: [DateModifier],
  storing: (QueryFragment) -> QueryFragment
) -> ShiftedDate<Value> {
  let source = DateSource(expression, reading: reading)
  return ShiftedDate(
    base: source.base, reading: source.reading, modifiers: source.modifiers + modifiers,
    queryFragment: storing(source.arguments(then: modifiers)))
}

extension ShiftedDate where QueryValue: _DateStorage {
  /// The current time in this storage, `unixepoch('now')` for Unix times.
  static var currentTime: Self {
    ShiftedDate(base: "'now'", reading: [], modifiers: [], queryFragment: QueryValue._storing("'now'"))
  }
}

extension QueryExpression where Self == ShiftedDate<Date.UnixTimeRepresentation> {
  /// SQLite's current time where a Unix time is expected: `$0.startsAt < .now(.days(7))` is
  /// `("events"."startsAt") < (unixepoch('now', '7 days'))`.
  public static var now: Self { .currentTime }

  /// SQLite's current time, shifted: `.now(.days(7))`.
  public static func now(_ modifiers: DateModifier...) -> Self {
    shiftedDate(Self.currentTime, reading: [], modifiers, storing: QueryValue._storing)
  }
}

extension QueryExpression where Self == ShiftedDate<Date.JulianDayRepresentation> {
  /// SQLite's current time where a Julian day is expected: `julianday('now')`.
  public static var now: Self { .currentTime }

  /// SQLite's current time, shifted.
  public static func now(_ modifiers: DateModifier...) -> Self {
    shiftedDate(Self.currentTime, reading: [], modifiers, storing: QueryValue._storing)
  }
}

extension QueryExpression where QueryValue: _DateStorage {
  /// `date(x, …)`: the day, `YYYY-MM-DD`.
  public func date(_ modifiers: DateModifier...) -> SQLQueryExpression<String> {
    dateFunction("date", self, reading: QueryValue._readingModifiers, modifiers)
  }

  /// `time(x, …)`: the time of day, `HH:MM:SS`.
  public func time(_ modifiers: DateModifier...) -> SQLQueryExpression<String> {
    dateFunction("time", self, reading: QueryValue._readingModifiers, modifiers)
  }

  /// `datetime(x, …)`: `YYYY-MM-DD HH:MM:SS`, to the second.
  public func datetime(_ modifiers: DateModifier...) -> SQLQueryExpression<String> {
    dateFunction("datetime", self, reading: QueryValue._readingModifiers, modifiers)
  }

  /// `julianday(x, …)`: days since noon in Greenwich on November 24, 4714 B.C., with fractions.
  public func julianday(_ modifiers: DateModifier...) -> SQLQueryExpression<Double> {
    dateFunction("julianday", self, reading: QueryValue._readingModifiers, modifiers)
  }

  /// `unixepoch(x, …)`: whole seconds since 1970.
  public func unixepoch(_ modifiers: DateModifier...) -> SQLQueryExpression<Int> {
    dateFunction("unixepoch", self, reading: QueryValue._readingModifiers, modifiers)
  }

  /// `strftime(format, x, …)`: the date formatted (`%Y`, `%m`, `%d`, `%H`, `%M`, `%S`, `%f`, `%w`, `%j`, …).
  public func strftime(_ format: String, _ modifiers: DateModifier...) -> SQLQueryExpression<String> {
    dateFunction("strftime", self, reading: QueryValue._readingModifiers, modifiers, format: format)
  }

  /// The date shifted or snapped by modifiers, stored as this one is: `$0.dueDate(.days(1))`.
  public func callAsFunction(_ modifiers: DateModifier...) -> ShiftedDate<QueryValue> {
    shiftedDate(self, reading: QueryValue._readingModifiers, modifiers, storing: QueryValue._storing)
  }

  /// The year, `CAST(strftime('%Y', x) AS INTEGER)`.
  public var year: SQLQueryExpression<Int> { datePart("%Y") }
  /// The month, 1 to 12.
  public var month: SQLQueryExpression<Int> { datePart("%m") }
  /// The day of the month, 1 to 31.
  public var day: SQLQueryExpression<Int> { datePart("%d") }
  /// The hour, 0 to 23.
  public var hour: SQLQueryExpression<Int> { datePart("%H") }
  /// The minute, 0 to 59.
  public var minute: SQLQueryExpression<Int> { datePart("%M") }
  /// The day of the week, 0 (Sunday) to 6.
  public var weekday: SQLQueryExpression<Int> { datePart("%w") }
  /// The day of the year, 1 to 366.
  public var dayOfYear: SQLQueryExpression<Int> { datePart("%j") }

  private func datePart(_ format: String) -> SQLQueryExpression<Int> {
    SQLQueryExpression(
      "CAST(" + dateArguments(self, reading: QueryValue._readingModifiers, [], format: format).strftime
        + " AS INTEGER)")
  }
}

extension QueryExpression where QueryValue: _OptionalProtocol, QueryValue.Wrapped: _DateStorage {
  /// `date(x, …)`: the day, `YYYY-MM-DD`; NULL for NULL.
  public func date(_ modifiers: DateModifier...) -> SQLQueryExpression<String?> {
    dateFunction("date", self, reading: QueryValue.Wrapped._readingModifiers, modifiers)
  }

  /// `time(x, …)`: the time of day, `HH:MM:SS`; NULL for NULL.
  public func time(_ modifiers: DateModifier...) -> SQLQueryExpression<String?> {
    dateFunction("time", self, reading: QueryValue.Wrapped._readingModifiers, modifiers)
  }

  /// `datetime(x, …)`: `YYYY-MM-DD HH:MM:SS`, to the second; NULL for NULL.
  public func datetime(_ modifiers: DateModifier...) -> SQLQueryExpression<String?> {
    dateFunction("datetime", self, reading: QueryValue.Wrapped._readingModifiers, modifiers)
  }

  /// `julianday(x, …)`; NULL for NULL.
  public func julianday(_ modifiers: DateModifier...) -> SQLQueryExpression<Double?> {
    dateFunction("julianday", self, reading: QueryValue.Wrapped._readingModifiers, modifiers)
  }

  /// `unixepoch(x, …)`: whole seconds since 1970; NULL for NULL.
  public func unixepoch(_ modifiers: DateModifier...) -> SQLQueryExpression<Int?> {
    dateFunction("unixepoch", self, reading: QueryValue.Wrapped._readingModifiers, modifiers)
  }

  /// `strftime(format, x, …)`; NULL for NULL.
  public func strftime(_ format: String, _ modifiers: DateModifier...) -> SQLQueryExpression<String?> {
    dateFunction("strftime", self, reading: QueryValue.Wrapped._readingModifiers, modifiers, format: format)
  }

  /// The date shifted or snapped by modifiers, stored as this one is; NULL for NULL.
  public func callAsFunction(_ modifiers: DateModifier...) -> ShiftedDate<QueryValue> {
    shiftedDate(
      self, reading: QueryValue.Wrapped._readingModifiers, modifiers, storing: QueryValue.Wrapped._storing)
  }

  /// The year; NULL for NULL.
  public var year: SQLQueryExpression<Int?> { datePart("%Y") }
  /// The month, 1 to 12; NULL for NULL.
  public var month: SQLQueryExpression<Int?> { datePart("%m") }
  /// The day of the month; NULL for NULL.
  public var day: SQLQueryExpression<Int?> { datePart("%d") }
  /// The hour; NULL for NULL.
  public var hour: SQLQueryExpression<Int?> { datePart("%H") }
  /// The minute; NULL for NULL.
  public var minute: SQLQueryExpression<Int?> { datePart("%M") }
  /// The day of the week, 0 (Sunday) to 6; NULL for NULL.
  public var weekday: SQLQueryExpression<Int?> { datePart("%w") }
  /// The day of the year, 1 to 366; NULL for NULL.
  public var dayOfYear: SQLQueryExpression<Int?> { datePart("%j") }

  private func datePart(_ format: String) -> SQLQueryExpression<Int?> {
    SQLQueryExpression(
      "CAST("
        + dateArguments(self, reading: QueryValue.Wrapped._readingModifiers, [], format: format).strftime
        + " AS INTEGER)")
  }
}

extension QueryFragment {
  /// `strftime(<self>)`.
  fileprivate var strftime: QueryFragment { "strftime(" + self + ")" }
}
