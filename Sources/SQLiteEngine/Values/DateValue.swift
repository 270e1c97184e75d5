import CSQLite
import Foundation

/// Dates are stored as UTC text `yyyy-MM-dd HH:mm:ss.SSS`, the storage the seeds' library uses, so
/// files stay compatible and SQLite's date functions read them. Reading also accepts no fraction,
/// a `T` separator, no seconds, a bare day, and a trailing `Z` or `±HH:MM` offset.
extension Date: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .text(DatabaseDateFormat.string(from: self)) }

  public static func fromDatabaseValue(_ value: DatabaseValue) -> Date? {
    guard case .text(let text) = value else { return nil }
    return DatabaseDateFormat.date(from: text)
  }

  @inline(__always)
  public func bind(to statement: SQLiteStatement, at index: Int32) throws {
    let code = DatabaseDateFormat.withText(of: self) { buffer in
      sqlite3_bind_text(
        statement, index, UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self),
        Int32(buffer.count), csqlite_transient())
    }
    try check(code, statement)
  }

  @inline(__always)
  public static func decode(from statement: SQLiteStatement, at index: Int32) -> Date? {
    // One column call; the sqlite3_value_* calls that follow cost less.
    let value = sqlite3_column_value(statement, index)
    guard sqlite3_value_type(value) == SQLITE_TEXT,
      let text = sqlite3_value_text(value)
    else { return nil }
    let count = Int(sqlite3_value_bytes(value))
    return DatabaseDateFormat.date(from: UnsafeBufferPointer(start: text, count: count))
  }
}

/// Fast, allocation-free formatting and parsing of the storage format (no DateFormatter).
public enum DatabaseDateFormat {
  /// `2001-01-01 00:00:00.000`
  public static func string(from date: Date) -> String {
    withText(of: date) { String(decoding: $0, as: UTF8.self) }
  }

  public static func date(from string: String) -> Date? {
    var string = string
    return string.withUTF8 { date(from: $0) }
  }

  /// Milliseconds since 1970, truncated as SQLite truncates. The small nudge absorbs the binary
  /// rounding of `Date`'s Double, so that a date read from `…​.123` writes back `…​.123`.
  static func milliseconds(of date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000 + 0.002).rounded(.down))
  }

  static func withText<R>(of date: Date, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let total = milliseconds(of: date)
    let millisecondsPerDay: Int64 = 86_400_000
    var days = total / millisecondsPerDay
    var rest = total % millisecondsPerDay
    if rest < 0 {
      rest += millisecondsPerDay
      days -= 1
    }
    let (year, month, day) = civilDate(fromDays: days)
    let hour = rest / 3_600_000
    let minute = rest / 60_000 % 60
    let second = rest / 1000 % 60
    let millisecond = rest % 1000
    guard (0...9999).contains(year) else {
      let text = String(
        format: "%04lld-%02lld-%02lld %02lld:%02lld:%02lld.%03lld", year, month, day, hour, minute,
        second, millisecond)
      return Array(text.utf8).withUnsafeBufferPointer(body)
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 23) { buffer in
      func put(_ value: Int64, digits: Int, at offset: Int) {
        var value = value
        for position in stride(from: offset + digits - 1, through: offset, by: -1) {
          buffer[position] = UInt8(truncatingIfNeeded: 48 + value % 10)
          value /= 10
        }
      }
      put(year, digits: 4, at: 0)
      buffer[4] = UInt8(ascii: "-")
      put(month, digits: 2, at: 5)
      buffer[7] = UInt8(ascii: "-")
      put(day, digits: 2, at: 8)
      buffer[10] = UInt8(ascii: " ")
      put(hour, digits: 2, at: 11)
      buffer[13] = UInt8(ascii: ":")
      put(minute, digits: 2, at: 14)
      buffer[16] = UInt8(ascii: ":")
      put(second, digits: 2, at: 17)
      buffer[19] = UInt8(ascii: ".")
      put(millisecond, digits: 3, at: 20)
      return body(UnsafeBufferPointer(buffer))
    }
  }

  static func date(from bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    var reader = ASCIIReader(bytes: bytes)
    reader.skipSpaces()
    guard let year = reader.number(digits: 4), reader.consume("-"),
      let month = reader.number(digits: 2), reader.consume("-"),
      let day = reader.number(digits: 2),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    var hour: Int64 = 0
    var minute: Int64 = 0
    var second: Int64 = 0
    var millisecond: Int64 = 0
    var offsetMinutes: Int64 = 0
    if reader.consume(" ") || reader.consume("T") || reader.consume("t") {
      guard let h = reader.number(digits: 2), reader.consume(":"), let m = reader.number(digits: 2),
        h < 24, m < 60
      else { return nil }
      (hour, minute) = (h, m)
      if reader.consume(":") {
        guard let s = reader.number(digits: 2), s < 61 else { return nil }
        second = s
        if reader.consume(".") {
          var scale: Int64 = 100
          var digits = 0
          while let digit = reader.digit() {
            millisecond += digit * scale
            scale /= 10
            digits += 1
          }
          guard digits > 0 else { return nil }
        }
      }
      reader.skipSpaces()
      if reader.consume("Z") || reader.consume("z") {
      } else if let sign = reader.sign() {
        guard let h = reader.number(digits: 2) else { return nil }
        _ = reader.consume(":")
        guard let m = reader.number(digits: 2) else { return nil }
        offsetMinutes = sign * (h * 60 + m)
      }
    }
    reader.skipSpaces()
    guard reader.isAtEnd else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let total =
      ((days * 24 + hour) * 60 + minute - offsetMinutes) * 60_000 + second * 1000 + millisecond
    // From the reference date, which `Date` counts from: a whole number of milliseconds divided
    // once is the nearest Double to the instant, the same Double a `Date` made from the same
    // milliseconds holds; counting from 1970 and converting rounds twice, and can miss it by one.
    return Date(timeIntervalSinceReferenceDate: Double(total - millisecondsFrom1970ToReferenceDate) / 1000)
  }

  /// 2001-01-01 00:00:00 UTC, in milliseconds since 1970.
  static let millisecondsFrom1970ToReferenceDate: Int64 = 978_307_200_000

  /// Days since 1970-01-01 to a proleptic Gregorian date.
  static func civilDate(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let year = month <= 2 ? year - 1 : year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

/// A cursor over ASCII bytes, for the hand-written parsers of the storage formats.
struct ASCIIReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  var isAtEnd: Bool { position == bytes.count }

  mutating func consume(_ character: Unicode.Scalar) -> Bool {
    guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
    position += 1
    return true
  }

  mutating func digit() -> Int64? {
    guard position < bytes.count, (48...57).contains(bytes[position]) else { return nil }
    defer { position += 1 }
    return Int64(bytes[position] - 48)
  }

  mutating func number(digits: Int) -> Int64? {
    var value: Int64 = 0
    for _ in 0..<digits {
      guard let digit = digit() else { return nil }
      value = value * 10 + digit
    }
    return value
  }

  mutating func sign() -> Int64? {
    if consume("+") { return 1 }
    if consume("-") { return -1 }
    return nil
  }

  mutating func skipSpaces() {
    while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
  }
}
