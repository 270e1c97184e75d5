import Foundation
import SQLiteData

/// How people name rows by id: the first characters of the id, as the command line prints them.
public enum ShortID {
  /// How many leading characters of an id are shown, and the fewest a reference may give.
  public static let length = 8
  public static let minimumPrefix = 4

  /// The short form of an id: `3f2a9c1e`.
  public static func of(_ id: UUID) -> String { String(id.uuidString.lowercased().prefix(length)) }

  /// Whether `text` could be the start of an id: hex digits and dashes, long enough.
  public static func isPrefix(_ text: String) -> Bool {
    text.count >= minimumPrefix && isIDText(text)
  }

  /// Whether `text` looks like the start of an id but is shorter than one may be given: said so,
  /// rather than "not found", where it names nothing.
  public static func isTooShortPrefix(_ text: String) -> Bool {
    !text.isEmpty && text.count < minimumPrefix && isIDText(text)
  }

  /// Hex digits and dashes, no longer than a whole id.
  private static func isIDText(_ text: String) -> Bool {
    text.count <= 36 && text.allSatisfy { $0.isHexDigit || $0 == "-" }
  }

  /// The condition that the id in `column` starts with `prefix` (text that ``isPrefix(_:)``
  /// accepts), in any case: two ranges of the column, which its index finds at once. A `LIKE`
  /// pattern ignores case, so SQLite cannot use the index for it and reads every row. Ids are
  /// stored in lowercase; the uppercase range finds those another program wrote so.
  public static func condition(_ column: some QueryExpression, startsWith prefix: String)
    -> SQLQueryExpression<Bool>
  {
    let lower = prefix.lowercased()
    let upper = prefix.uppercased()
    // A start of digits and dashes has no case: one range.
    guard upper != lower else { return startsWith(column, lower) }
    return #sql("(\(startsWith(column, lower)) OR \(startsWith(column, upper)))")
  }

  /// Every character of an id sorts below "~": the ids from `start` up to `start~` are those that
  /// begin with `start`.
  private static func startsWith(_ column: some QueryExpression, _ start: String) -> SQLQueryExpression<Bool>
  {
    #sql("(\(column) >= \(start) AND \(column) < \(start + "~"))")
  }
}
