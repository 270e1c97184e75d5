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

/// Short forms of ids that each name one row: the first ``ShortID/length`` characters, or more
/// where another id of the same table starts with the same ones (as `git` shortens hashes), so
/// that what is printed can be given back.
public struct ShortIDs: Sendable {
  /// The ids that need more characters than the usual length, with how many.
  private var longer: [UUID: Int] = [:]

  /// The short form of `id`.
  public func of(_ id: UUID) -> String {
    String(id.uuidString.lowercased().prefix(longer[id] ?? ShortID.length))
  }

  /// Short forms for `ids`, among the reminders' ids.
  public static func reminders(_ ids: some Collection<UUID>, in db: Database) throws -> ShortIDs {
    try forms(
      of: ids, all: { try Reminder.select(\.id).fetchAll(db) },
      startingWith: { try Reminder.withID(startingWith: $0).select(\.id).fetchAll(db) })
  }

  /// Short forms for `ids`, among the lists' ids.
  public static func lists(_ ids: some Collection<UUID>, in db: Database) throws -> ShortIDs {
    try forms(
      of: ids, all: { try RemindersList.select(\.id).fetchAll(db) },
      startingWith: { prefix in
        try RemindersList.where { ShortID.condition($0.id, startsWith: prefix) }.select(\.id).fetchAll(db)
      })
  }

  /// A few ids look up the ids that start as each does (an index range each); many read every id
  /// once, in order, and compare neighbours.
  static func forms(
    of ids: some Collection<UUID>, all: () throws -> [UUID], startingWith: (String) throws -> [UUID]
  ) throws -> ShortIDs {
    var forms = ShortIDs()
    if ids.count <= 64 {
      for id in ids {
        for other in try startingWith(ShortID.of(id)) where other != id { forms.tellApart(id, other) }
      }
      return forms
    }
    // `uuidString` is in one case: its order is the order of the forms.
    let sorted = try all().map { (text: $0.uuidString, id: $0) }.sorted { $0.text < $1.text }.map(\.id)
    for (first, second) in zip(sorted, sorted.dropFirst()) { forms.tellApart(first, second) }
    return forms
  }

  /// Lengthens the forms of two ids that share their first characters until they differ.
  private mutating func tellApart(_ first: UUID, _ second: UUID) {
    let shared = zip(first.uuidString, second.uuidString).prefix { $0 == $1 }.count
    guard shared >= ShortID.length else { return }
    for id in [first, second] { longer[id] = max(longer[id] ?? 0, shared + 1) }
  }
}
