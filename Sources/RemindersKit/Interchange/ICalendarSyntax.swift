import Foundation
import SQLiteData

/// One property of an iCalendar component after unfolding: `DUE;TZID=Europe/Paris:20260314T090000`.
struct ICalendarContentLine: Equatable {
  /// Uppercased: names are case-insensitive.
  var name: String
  /// Parameter names uppercased; values unquoted.
  var parameters: [String: String]
  var value: String
  /// The physical line the property starts on, counting from 1, for messages.
  var lineNumber: Int
}

/// The text level of RFC 5545: escaping, folding at 75 octets, unfolding, content lines and
/// date-times.
enum ICalendarSyntax {
  static let lineBreak = "\r\n"
  static let maximumLineOctets = 75

  // The functions below work on Unicode scalars, not characters: a combining mark after `\`, `;`,
  // `:` or a folding space would otherwise join it into one character and hide it.

  // MARK: - Text values

  /// Escapes `\`, `;`, `,` and line breaks (a CR LF pair or a lone CR becomes one `\n`). Other
  /// control characters are not allowed in a text value (RFC 5545 §3.3.11), and would reach the
  /// terminal of whoever reads the file, as would bidirectional overrides: they become U+FFFD, as
  /// the app draws them.
  static func escape(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var previousWasCarriageReturn = false
    for scalar in text.unicodeScalars {
      defer { previousWasCarriageReturn = scalar == "\r" }
      switch scalar {
      case "\\": result.append(contentsOf: "\\\\".unicodeScalars)
      case ";": result.append(contentsOf: "\\;".unicodeScalars)
      case ",": result.append(contentsOf: "\\,".unicodeScalars)
      case "\r": result.append(contentsOf: "\\n".unicodeScalars)
      case "\n" where previousWasCarriageReturn: break
      case "\n": result.append(contentsOf: "\\n".unicodeScalars)
      case "\t": result.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.isUnsafeInExportedText:
        result.append("\u{FFFD}")
      default: result.append(scalar)
      }
    }
    return String(result)
  }

  /// Undoes `escape`; `\N` is a line break too, and an unknown escape keeps its character.
  static func unescape(_ scalars: Substring.UnicodeScalarView) -> String {
    var result = String.UnicodeScalarView()
    var escaping = false
    for scalar in scalars {
      if escaping {
        result.append(scalar == "n" || scalar == "N" ? "\n" : scalar)
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else {
        result.append(scalar)
      }
    }
    if escaping { result.append("\\") }
    return String(result)
  }

  /// The items of a list value (`CATEGORIES:a,b\,c`), split at unescaped commas and unescaped.
  static func unescapeList(_ text: String) -> [String] {
    var items: [String] = []
    let scalars = text.unicodeScalars
    var start = scalars.startIndex
    var escaping = false
    for index in scalars.indices {
      let scalar = scalars[index]
      if escaping {
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else if scalar == "," {
        items.append(unescape(scalars[start..<index]))
        start = scalars.index(after: index)
      }
    }
    items.append(unescape(scalars[start...]))
    return items
  }

  // MARK: - Lines

  /// Splits a content line into physical lines of at most 75 octets, continuation lines starting
  /// with a space, never inside a UTF-8 sequence.
  static func fold(_ line: String) -> String {
    guard line.utf8.count > maximumLineOctets else { return line + lineBreak }
    var result = String.UnicodeScalarView()
    var octets = 0
    for scalar in line.unicodeScalars {
      let size = UTF8.width(scalar)
      if octets + size > maximumLineOctets {
        result.append(contentsOf: "\r\n ".unicodeScalars)
        octets = 1
      }
      result.append(scalar)
      octets += size
    }
    return String(result) + lineBreak
  }

  /// The logical lines of a text: folded lines joined (a line break followed by a space or a tab
  /// continues the line), CR LF or LF line ends, blank lines dropped. Each comes with the number
  /// of the physical line it starts on.
  static func unfold(_ text: String) -> [(line: String, number: Int)] {
    var lines: [(line: String.UnicodeScalarView, number: Int)] = []
    var number = 0
    for physical in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      var physical = physical
      if physical.last == "\r" { physical = physical.dropLast() }
      if let first = physical.first, first == " " || first == "\t", !lines.isEmpty {
        lines[lines.count - 1].line.append(contentsOf: physical.dropFirst())
      } else if !physical.isEmpty {
        lines.append((String.UnicodeScalarView(physical), number))
      }
    }
    return lines.map { (String($0.line), $0.number) }
  }

  /// `NAME;PARAM=value;PARAM="quoted:value":the value`.
  static func contentLine(_ line: String, number: Int) throws(ICalendarError) -> ICalendarContentLine {
    let scalars = line.unicodeScalars
    var index = scalars.startIndex
    func readName() -> String {
      let start = index
      while index < scalars.endIndex,
        scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index])
          || scalars[index] == "-"
      {
        index = scalars.index(after: index)
      }
      return String(scalars[start..<index]).uppercased()
    }
    let name = readName()
    guard !name.isEmpty else {
      throw ICalendarError(
        line: number, message: "“\(line.prefix(40))” is not a property: expected NAME:value")
    }
    var parameters: [String: String] = [:]
    while index < scalars.endIndex, scalars[index] == ";" {
      index = scalars.index(after: index)
      let parameter = readName()
      guard index < scalars.endIndex, scalars[index] == "=", !parameter.isEmpty else {
        throw ICalendarError(line: number, message: "a parameter of \(name) is not NAME=value")
      }
      index = scalars.index(after: index)
      var value = String.UnicodeScalarView()
      var quoted = false
      while index < scalars.endIndex {
        let scalar = scalars[index]
        if scalar == "\"" {
          quoted.toggle()
        } else if !quoted, scalar == ";" || scalar == ":" {
          break
        } else {
          value.append(scalar)
        }
        index = scalars.index(after: index)
      }
      guard !quoted else {
        throw ICalendarError(
          line: number, message: "the parameter \(parameter) of \(name) has no closing quote")
      }
      parameters[parameter] = String(value)
    }
    guard index < scalars.endIndex, scalars[index] == ":" else {
      throw ICalendarError(line: number, message: "\(name) has no “:” before its value")
    }
    return ICalendarContentLine(
      name: name, parameters: parameters, value: String(scalars[scalars.index(after: index)...]),
      lineNumber: number)
  }

  // MARK: - Date-times

  /// `20260314T170000Z`.
  static func utcDateTime(_ date: Date) -> String {
    // The storage format is UTC already: `2026-03-14 17:00:00.000`.
    let storage = DatabaseDateFormat.string(from: date)
    let digits = storage.prefix(19).filter { $0 != "-" && $0 != ":" }
    return digits.replacingOccurrences(of: " ", with: "T") + "Z"
  }

  /// A DATE-TIME (`20260314T170000Z` in UTC, `20260314T170000` on the clock of `timeZone`) or a
  /// DATE (`20260314`, at `DueDateParser.defaultTime` in `timeZone`). Nil when it is neither.
  static func date(_ text: String, timeZone: TimeZone) -> Date? {
    let characters = Array(text.uppercased())
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= characters.count else { return nil }
      let digits = characters[range]
      guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
      return Int(String(digits))
    }
    guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8) else { return nil }
    var components = DateComponents(year: year, month: month, day: day)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    switch characters.count {
    case 8:
      components.hour = DueDateParser.defaultTime.hour
      components.minute = DueDateParser.defaultTime.minute
    case 15, 16:
      guard characters[8] == "T", let hour = number(9..<11), let minute = number(11..<13),
        let second = number(13..<15), hour < 24, minute < 60, second < 61
      else { return nil }
      (components.hour, components.minute, components.second) = (hour, minute, second)
      if characters.count == 16 {
        guard characters[15] == "Z" else { return nil }
        // In UTC, read as the storage format reads dates, in the proleptic Gregorian calendar that
        // `utcDateTime` writes: Foundation's calendar is Julian before October 1582, which moved
        // such a date by days at every export and import.
        if second < 60 {
          let storage = String(
            format: "%04d-%02d-%02d %02d:%02d:%02d.000", year, month, day, hour, minute, second)
          // A day the month does not have would roll over into the next month: refused.
          guard let date = DatabaseDateFormat.date(from: storage),
            DatabaseDateFormat.string(from: date) == storage
          else { return nil }
          return date
        }
        calendar.timeZone = .gmt
      }
    default:
      return nil
    }
    guard (1...12).contains(month), let date = calendar.date(from: components),
      calendar.component(.day, from: date) == day
    else { return nil }
    return date
  }
}
