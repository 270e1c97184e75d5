import RemindersKit
import TerminalUI

/// A line on its way to the terminal. The program's own words and styles are kept as written;
/// every value interpolated into it is made safe for a terminal first (control characters shown
/// as U+FFFD, as the full-screen app draws them), so that a title holding `ESC ]0;…` or `ESC [2J`
/// can neither retitle the window nor clear the screen. Commands can only print this type, so a
/// value from the database cannot reach the terminal unescaped by accident.
///
///     Console.print("Deleted list \(list.title)")   // the title escaped, the words as written
struct ConsoleText: ExpressibleByStringInterpolation, Sendable {
  /// The bytes as they go to the terminal, styles included.
  private(set) var rendered: String

  init(stringLiteral literal: String) { rendered = literal }

  init(stringInterpolation: Interpolation) { rendered = stringInterpolation.rendered }

  /// Already-safe text wrapped in a style's escape sequences.
  fileprivate init(styled text: ConsoleText, on: String, off: String) {
    rendered = on + text.rendered + off
  }

  struct Interpolation: StringInterpolationProtocol {
    var rendered = ""

    init(literalCapacity: Int, interpolationCount: Int) {
      rendered.reserveCapacity(literalCapacity + 16 * interpolationCount)
    }

    mutating func appendLiteral(_ literal: String) { rendered += literal }

    /// Text that is already safe (a styled value, a formatted line) goes in as it is.
    mutating func appendInterpolation(_ text: ConsoleText) { rendered += text.rendered }

    /// A number and the program's noun agreeing with it: `\(count: 1, "list")`.
    mutating func appendInterpolation(count number: Int, _ noun: String, plural: String? = nil) {
      rendered += "\(count: number, noun, plural: plural)"
    }

    /// Any other value is escaped.
    mutating func appendInterpolation(_ value: some CustomStringConvertible) {
      rendered += value.description.sanitizedForTerminal
    }
  }

  static func + (lhs: ConsoleText, rhs: ConsoleText) -> ConsoleText {
    var result = lhs
    result.rendered += rhs.rendered
    return result
  }

  static func += (lhs: inout ConsoleText, rhs: ConsoleText) { lhs.rendered += rhs.rendered }

  /// `text` in a style, when standard output takes styles (`Console.isStyled`).
  static func styled(_ text: ConsoleText, sgr on: String, _ off: String) -> ConsoleText {
    Console.isStyled ? ConsoleText(styled: text, on: "\u{1B}[\(on)m", off: "\u{1B}[\(off)m") : text
  }
}

extension Sequence<ConsoleText> {
  func joined(separator: ConsoleText) -> ConsoleText {
    var result: ConsoleText = ""
    for (index, text) in enumerated() {
      if index > 0 { result += separator }
      result += text
    }
    return result
  }
}
