import Foundation
import SQLiteEngine

/// A collating sequence a query names: SQLite's own (`.nocase`, `.binary`, `.rtrim`) or one
/// written in Swift with `@DatabaseCollation`.
///
///     Reminder.order { $0.title.collate(.nocase) }   // ORDER BY "reminders"."title" COLLATE "NOCASE"
public protocol Collation: Sendable {
  /// The name SQL knows the collation by.
  var name: String { get }
}

/// A collation by its name alone.
public struct NamedCollation: Collation {
  public let name: String

  public init(_ name: String) { self.name = name }

  /// The name of another collation: `static var caseInsensitive: Self { NamedCollation($caseInsensitive) }`
  /// makes `.caseInsensitive` spell a `@DatabaseCollation` in `collate(_:)`.
  public init(_ collation: some Collation) { name = collation.name }
}

extension Collation where Self == NamedCollation {
  /// Bytes as they are (SQLite's default).
  public static var binary: Self { NamedCollation("BINARY") }
  /// ASCII letters without regard to case.
  public static var nocase: Self { NamedCollation("NOCASE") }
  /// As `binary`, ignoring trailing spaces.
  public static var rtrim: Self { NamedCollation("RTRIM") }
}

extension QueryExpression where QueryValue == String {
  /// `"t"."c" COLLATE "NOCASE"`.
  public func collate(_ collation: some Collation) -> SQLQueryExpression<String> {
    SQLQueryExpression(queryFragment + " COLLATE " + QueryFragment(quote: collation.name))
  }
}

extension QueryExpression where QueryValue == String? {
  /// `"t"."c" COLLATE "NOCASE"` of optional text, as of an outer-joined table's column.
  public func collate(_ collation: some Collation) -> SQLQueryExpression<String?> {
    SQLQueryExpression(queryFragment + " COLLATE " + QueryFragment(quote: collation.name))
  }
}

/// How a collation orders two values: the first before, with, or after the second.
public enum CollationOrder: Int32, Sendable, Hashable {
  case ascending = -1
  case same = 0
  case descending = 1

  /// The order of two comparable values.
  public init<Value: Comparable>(_ lhs: Value, _ rhs: Value) {
    self = lhs < rhs ? .ascending : lhs == rhs ? .same : .descending
  }

  /// The order Foundation's comparisons give.
  public init(_ result: ComparisonResult) {
    switch result {
    case .orderedAscending: self = .ascending
    case .orderedSame: self = .same
    case .orderedDescending: self = .descending
    }
  }
}

/// A collating sequence written in Swift, added to a connection with `add(collation:)`: what
/// `@DatabaseCollation` makes of a function, as its `$name`.
///
///     @DatabaseCollation
///     func byLength(_ lhs: String, _ rhs: String) -> CollationOrder { CollationOrder(lhs.count, rhs.count) }
///
///     try db.add(collation: $byLength)
///     try Tag.order { $0.title.collate($byLength) }.fetchAll(db)
public protocol DatabaseCollationFunction: Collation {
  /// Orders two texts, given as their UTF-8 bytes.
  func compare(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> CollationOrder
}

extension Database {
  /// Makes a `@DatabaseCollation` nameable in SQL on this connection.
  public func add(collation: some DatabaseCollationFunction) throws {
    try add(collation: DatabaseCollation(collation.name) { collation.compare($0, $1).rawValue })
  }
}

/// Text of a collation's argument, as `@DatabaseCollation` functions of `String` read it.
public func _collationText(_ bytes: UnsafeRawBufferPointer) -> String {
  String(decoding: bytes, as: UTF8.self)
}

/// The order of two byte strings, for text a collation of `UTF8Span`s cannot read.
public func _collationByteOrder(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer)
  -> CollationOrder
{
  lhs.elementsEqual(rhs) ? .same : lhs.lexicographicallyPrecedes(rhs) ? .ascending : .descending
}
