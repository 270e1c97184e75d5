import Foundation

/// How people name rows by id: the first characters of the id, as the command line prints them.
public enum ShortID {
  /// How many leading characters of an id are shown, and the fewest a reference may give.
  public static let length = 8
  public static let minimumPrefix = 4

  /// The short form of an id: `3f2a9c1e`.
  public static func of(_ id: UUID) -> String { String(id.uuidString.lowercased().prefix(length)) }

  /// Whether `text` could be the start of an id: hex digits and dashes, long enough.
  public static func isPrefix(_ text: String) -> Bool {
    text.count >= minimumPrefix && text.count <= 36 && text.allSatisfy { $0.isHexDigit || $0 == "-" }
  }
}
