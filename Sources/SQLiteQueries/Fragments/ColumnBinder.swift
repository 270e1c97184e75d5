import SQLiteEngine

/// Binds the column values of rows straight into a prepared statement's parameters, in order,
/// with no fragment per value: how an insert of `@Table` rows and drafts runs. `@Table` writes
/// `bindColumnValues(to:)` with one `bind` per column.
public struct ColumnBinder {
  @usableFromInline
  let statement: SQLiteStatement
  /// The next parameter (1-based).
  @usableFromInline
  var index: Int32 = 1

  @inlinable
  init(statement: SQLiteStatement) { self.statement = statement }

  /// The number of values bound so far.
  @inlinable
  var count: Int { Int(index) - 1 }

  /// Binds a value that is one binding.
  @inlinable
  public mutating func bind(_ value: some QueryBindable) throws {
    try value.queryBinding.bind(to: statement, at: index)
    index += 1
  }

  /// Binds a value the engine binds itself (strings, numbers, dates, UUIDs, data, optionals of
  /// them): the same storage as its `queryBinding`, with no binding made on the way.
  @inlinable
  public mutating func bind(_ value: some QueryBindable & DatabaseValueConvertible) throws {
    try value.bind(to: statement, at: index)
    index += 1
  }

  /// A value that is not one binding (a column group, an expression): the insert renders its
  /// SQL with fragments instead.
  @inlinable
  public mutating func bind(_ value: some QueryExpression) throws {
    throw NotBindable()
  }

  /// Thrown to give up binding row by row: the statement's SQL is rendered instead.
  public struct NotBindable: Error {
    @inlinable public init() {}
  }
}
