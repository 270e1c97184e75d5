import SQLiteEngine

/// Reads the columns of the current row in order, straight from SQLite.
///
/// Tables and selections decode themselves by asking for one value per column, in the order
/// their columns were selected.
public struct QueryDecoder {
  @usableFromInline
  let row: Row
  /// The next column to read (0-based).
  public var currentIndex: Int

  @inlinable
  public init(row: Row, startingAt index: Int = 0) {
    self.row = row
    self.currentIndex = index
  }

  /// Reads the next column as a value SQLite stores. Throws, naming the column, on NULL in a
  /// non-optional type or on a storage class the type cannot read.
  @inlinable
  public mutating func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self) throws -> T {
    defer { currentIndex += 1 }
    return try row.decode(T.self, at: currentIndex)
  }

  /// Whether the next column is NULL, without reading it.
  @inlinable
  public func nextIsNull() -> Bool {
    row.isNull(at: currentIndex)
  }

  /// Whether the `count` columns from the next one on are all NULL (an outer join found no row).
  public func nextAreNull(_ count: Int) -> Bool {
    (currentIndex..<min(currentIndex + count, row.count)).allSatisfy { row.isNull(at: $0) }
  }

  /// Skips columns without reading them.
  public mutating func skip(_ count: Int) { currentIndex += count }
}

/// A type made from one or more consecutive columns of a row.
///
/// Its metatype is `Sendable`: the statements' row decoders name these types, and the decoders
/// are `@Sendable`, so that statements are checked `Sendable`.
public protocol QueryDecodable: SendableMetatype {
  init(decoder: inout QueryDecoder) throws
}

/// A value that a query produces, possibly through a representation: `Date.UnixTimeRepresentation`
/// is stored as an integer and produces a `Date` (its `QueryOutput`).
public protocol QueryRepresentable<QueryOutput>: QueryDecodable {
  /// `SendableMetatype`, as a row decoder that adds columns to a selection names it.
  associatedtype QueryOutput: SendableMetatype
  init(queryOutput: QueryOutput)
  var queryOutput: QueryOutput { get }
  /// How many columns a value of this type takes: 1 for plain values, more for tables.
  static var columnWidth: Int { get }
}

extension QueryRepresentable {
  public static var columnWidth: Int { 1 }
}

extension QueryRepresentable where QueryOutput == Self {
  public init(queryOutput: QueryOutput) { self = queryOutput }
  public var queryOutput: QueryOutput { self }
}

/// A Swift value that can be bound into a query, and read back from a column.
public protocol QueryBindable: QueryRepresentable, QueryExpression, Sendable where QueryValue == Self {
  var queryBinding: QueryBinding { get }
}

extension QueryBindable {
  public var queryFragment: QueryFragment { QueryFragment(segments: [.binding(queryBinding)]) }
}

/// Plain values decode with the engine's fast column readers.
extension QueryDecodable where Self: DatabaseValueConvertible {
  @inlinable
  public init(decoder: inout QueryDecoder) throws { self = try decoder.decode(Self.self) }
}
