import CSQLite
import Foundation

/// A prepared statement handle, as SQLite's C API knows it.
public typealias SQLiteStatement = OpaquePointer
/// A connection handle, as SQLite's C API knows it.
public typealias SQLiteConnection = OpaquePointer

/// A Swift type that is stored in one SQLite column.
///
/// Conforming types bind straight into a statement and decode straight from the current row with
/// `sqlite3_column_*`; ``DatabaseValue`` is only the slow, general path.
public protocol DatabaseValueConvertible: Sendable {
  /// The value as SQLite stores it.
  var databaseValue: DatabaseValue { get }

  /// Makes a value from a stored one, or nil when the storage class does not fit this type.
  static func fromDatabaseValue(_ value: DatabaseValue) -> Self?

  /// Binds the value to a statement parameter (1-based).
  func bind(to statement: SQLiteStatement, at index: Int32) throws

  /// Reads the value from a column (0-based) of the current row, or nil when the column's storage
  /// class does not fit this type (NULL included, except for optionals).
  static func decode(from statement: SQLiteStatement, at index: Int32) -> Self?
}

extension DatabaseValueConvertible {
  public func bind(to statement: SQLiteStatement, at index: Int32) throws {
    try databaseValue.bindValue(to: statement, at: index)
  }

  /// Binds the value, reached through a mutable access so that an existential holding it is
  /// opened where it lies rather than copied first (see `Statement.bindInPlace(positional:)`).
  @inlinable @inline(__always)
  mutating func bindInPlace(to statement: SQLiteStatement, at index: Int32) throws {
    try bind(to: statement, at: index)
  }

  public static func decode(from statement: SQLiteStatement, at index: Int32) -> Self? {
    fromDatabaseValue(DatabaseValue(statement: statement, column: index))
  }
}

extension DatabaseValue: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { self }
  public static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseValue? { value }

  /// Reads a column of the current row.
  public init(statement: SQLiteStatement, column index: Int32) {
    // One column call; the sqlite3_value_* calls that follow cost less.
    let value = sqlite3_column_value(statement, index)
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER: self = .integer(sqlite3_value_int64(value))
    case SQLITE_FLOAT: self = .real(sqlite3_value_double(value))
    case SQLITE_TEXT: self = .text(String(sqliteText: value))
    case SQLITE_BLOB: self = .blob(Data(sqliteBlob: value))
    default: self = .null
    }
  }

  public func bind(to statement: SQLiteStatement, at index: Int32) throws {
    try bindValue(to: statement, at: index)
  }

  public static func decode(from statement: SQLiteStatement, at index: Int32) -> DatabaseValue? {
    DatabaseValue(statement: statement, column: index)
  }

  func bindValue(to statement: SQLiteStatement, at index: Int32) throws {
    switch self {
    case .null: try check(sqlite3_bind_null(statement, index), statement)
    case .integer(let value): try check(sqlite3_bind_int64(statement, index, value), statement)
    case .real(let value): try check(sqlite3_bind_double(statement, index, value), statement)
    case .text(let value): try value.bind(to: statement, at: index)
    case .blob(let value): try value.bind(to: statement, at: index)
    }
  }
}

/// Turns a bind result code into an error.
@inlinable
func check(_ code: Int32, _ statement: SQLiteStatement) throws {
  guard code == SQLITE_OK else { throw bindError(code, statement) }
}

@usableFromInline
func bindError(_ code: Int32, _ statement: SQLiteStatement) -> DatabaseError {
  DatabaseError.from(connection: sqlite3_db_handle(statement), code: code)
}

// MARK: - Optional

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }

  public static func fromDatabaseValue(_ value: DatabaseValue) -> Self? {
    if case .null = value { return .some(.none) }
    return Wrapped.fromDatabaseValue(value).map { .some($0) }
  }

  @inlinable
  public func bind(to statement: SQLiteStatement, at index: Int32) throws {
    if let self {
      try self.bind(to: statement, at: index)
    } else {
      try check(sqlite3_bind_null(statement, index), statement)
    }
  }

  @inlinable
  public static func decode(from statement: SQLiteStatement, at index: Int32) -> Self? {
    // One column call; the sqlite3_value_* calls that follow cost less.
    let value = sqlite3_column_value(statement, index)
    if sqlite3_value_type(value) == SQLITE_NULL { return .some(.none) }
    return Wrapped.decode(from: statement, at: index).map { .some($0) }
  }
}
