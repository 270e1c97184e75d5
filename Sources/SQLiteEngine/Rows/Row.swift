import CSQLite

/// A row of results.
///
/// Rows handed to `fetchAll`/`fetchOne` closures and by cursors read straight from the
/// statement's current row with `sqlite3_column_*`, and are valid until the statement moves on;
/// ``copy()`` keeps one for later.
public struct Row {
  @usableFromInline
  enum Storage {
    case statement(Statement)
    case copied(columns: [String], values: [DatabaseValue], sql: String)
  }

  @usableFromInline
  let storage: Storage
  /// The handle of the statement whose current row this is, nil for a copied row. Kept apart from
  /// `storage` so that decoding a value reads a plain pointer, with no reference counting.
  @usableFromInline
  let sqliteStatement: SQLiteStatement?

  @usableFromInline
  init(statement: Statement) {
    storage = .statement(statement)
    sqliteStatement = statement.sqliteStatement
  }

  /// A detached row, for tests and for building rows by hand.
  public init(columns: [String], values: [DatabaseValue]) {
    precondition(columns.count == values.count, "a row needs one value per column")
    self.init(storage: .copied(columns: columns, values: values, sql: ""))
  }

  public var count: Int {
    switch storage {
    case .statement(let statement): statement.columnCount
    case .copied(let columns, _, _): columns.count
    }
  }

  public var columnNames: [String] {
    switch storage {
    case .statement(let statement): statement.columnNames
    case .copied(let columns, _, _): columns
    }
  }

  /// The value of a column (0-based).
  public subscript(_ index: Int) -> DatabaseValue {
    switch storage {
    case .statement(let statement): DatabaseValue(statement: statement.sqliteStatement, column: Int32(index))
    case .copied(_, let values, _): values[index]
    }
  }

  /// Whether a column (0-based) is NULL: its storage class alone, with no copy of its value.
  @inlinable
  public func isNull(at index: Int) -> Bool {
    if let sqliteStatement { return sqlite3_column_type(sqliteStatement, Int32(index)) == SQLITE_NULL }
    return self[index].isNull
  }

  /// The value of the first column of this name (case-insensitive), or nil when there is none.
  public subscript(_ name: String) -> DatabaseValue? {
    index(of: name).map { self[$0] }
  }

  public func index(of name: String) -> Int? {
    columnNames.firstIndex { $0.caseInsensitiveCompare(name) == .orderedSame }
  }

  /// Decodes a column (0-based) straight from SQLite. Throws, naming the column, when the
  /// value is NULL and `T` is not optional, or has a storage class `T` cannot read.
  /// Inlinable so that callers get a version specialized for `T`, with no generic dispatch per value.
  @inlinable
  public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, at index: Int) throws -> T {
    if let sqliteStatement {
      if let value = T.decode(from: sqliteStatement, at: Int32(index)) { return value }
    } else if case .copied(_, let values, _) = storage, let value = T.fromDatabaseValue(values[index]) {
      return value
    }
    try failDecoding(T.self, at: index)
  }

  /// The error of `decode`, out of line so that `decode` stays small enough to inline.
  @usableFromInline @inline(never)
  func failDecoding<T>(_ type: T.Type, at index: Int) throws -> Never {
    throw RowDecodingError(row: self, column: index, type: T.self)
  }

  /// Decodes the first column of this name (case-insensitive).
  public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, column name: String) throws -> T {
    guard let index = index(of: name) else {
      throw RowDecodingError(
        message: "No column named \"\(name)\" in a row of columns \(columnNames)", sql: sql)
    }
    return try decode(T.self, at: index)
  }

  /// A copy that stays valid after the statement moves on.
  public func copy() -> Row {
    switch storage {
    case .statement(let statement):
      let values = (0..<statement.columnCount).map { self[$0] }
      return Row(storage: .copied(columns: statement.columnNames, values: values, sql: statement.sql))
    case .copied:
      return self
    }
  }

  private init(storage: Storage) {
    self.storage = storage
    sqliteStatement = nil
  }

  var sql: String {
    switch storage {
    case .statement(let statement): statement.sql
    case .copied(_, _, let sql): sql
    }
  }
}

extension Row: Equatable {
  public static func == (lhs: Row, rhs: Row) -> Bool {
    lhs.columnNames == rhs.columnNames && (0..<lhs.count).allSatisfy { lhs[$0] == rhs[$0] }
  }
}

extension Row: CustomStringConvertible {
  /// `[id: 1, title: 'Milk']`
  public var description: String {
    "[" + zip(columnNames, (0..<count).map { self[$0] }).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
  }
}

/// A column that could not be decoded into the type asked for.
public struct RowDecodingError: Error, CustomStringConvertible, Sendable {
  public let message: String
  public let sql: String

  init(message: String, sql: String) {
    self.message = message
    self.sql = sql
  }

  @usableFromInline
  init<T>(row: Row, column index: Int, type: T.Type) {
    let name = index < row.count ? row.columnNames[index] : "?"
    let value = index < row.count ? row[index] : .null
    if value.isNull {
      message = "Expected column \(index) (\"\(name)\") to not be NULL"
    } else {
      message =
        "Expected column \(index) (\"\(name)\") to decode \(T.self), but found \(value.storageClass): \(value)"
    }
    sql = row.sql
  }

  public var description: String { sql.isEmpty ? message : "\(message) - in `\(sql)`" }
}
