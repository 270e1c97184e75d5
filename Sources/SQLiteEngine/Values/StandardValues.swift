import CSQLite
import Foundation

// MARK: - Integers

extension Int64: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(self) }

  public static func fromDatabaseValue(_ value: DatabaseValue) -> Int64? {
    switch value {
    case .integer(let value): value
    case .real(let value): Int64(exactly: value)
    default: nil
    }
  }

  @inlinable
  public func bind(to statement: SQLiteStatement, at index: Int32) throws {
    try check(sqlite3_bind_int64(statement, index, self), statement)
  }

  @inlinable
  public static func decode(from statement: SQLiteStatement, at index: Int32) -> Int64? {
    // One column call; the sqlite3_value_* calls that follow cost less.
    let value = sqlite3_column_value(statement, index)
    return switch sqlite3_value_type(value) {
    case SQLITE_INTEGER: sqlite3_value_int64(value)
    case SQLITE_FLOAT: Int64(exactly: sqlite3_value_double(value))
    default: nil
    }
  }
}

/// Fixed-width integers other than Int64 go through Int64 and check the range.
public protocol DatabaseInteger: FixedWidthInteger, DatabaseValueConvertible {}

extension DatabaseInteger {
  public var databaseValue: DatabaseValue { .integer(Int64(self)) }

  public static func fromDatabaseValue(_ value: DatabaseValue) -> Self? {
    Int64.fromDatabaseValue(value).flatMap { Self(exactly: $0) }
  }

  @inlinable
  public func bind(to statement: SQLiteStatement, at index: Int32) throws {
    try check(sqlite3_bind_int64(statement, index, Int64(self)), statement)
  }

  @inlinable
  public static func decode(from statement: SQLiteStatement, at index: Int32) -> Self? {
    Int64.decode(from: statement, at: index).flatMap { Self(exactly: $0) }
  }
}

extension Int: DatabaseInteger {}
extension Int32: DatabaseInteger {}
extension Int16: DatabaseInteger {}
extension Int8: DatabaseInteger {}
extension UInt32: DatabaseInteger {}
extension UInt16: DatabaseInteger {}
extension UInt8: DatabaseInteger {}

extension UInt64: DatabaseValueConvertible {
  /// Values above `Int64.max` have no SQLite integer: binding one throws. Its ``databaseValue``
  /// (used to describe it) is decimal text, and decimal text reads back as a UInt64.
  public var databaseValue: DatabaseValue {
    Int64(exactly: self).map { .integer($0) } ?? .text(String(self))
  }

  public static func fromDatabaseValue(_ value: DatabaseValue) -> UInt64? {
    if case .text(let text) = value { return UInt64(text) }
    return Int64.fromDatabaseValue(value).flatMap { UInt64(exactly: $0) }
  }

  public func bind(to statement: SQLiteStatement, at index: Int32) throws {
    guard let value = Int64(exactly: self) else {
      throw DatabaseError(
        resultCode: .SQLITE_MISMATCH,
        message: "UInt64 value \(self) is larger than the largest SQLite integer (\(Int64.max))",
        hint: "Store such values as text or split them")
    }
    try check(sqlite3_bind_int64(statement, index, value), statement)
  }

  public static func decode(from statement: SQLiteStatement, at index: Int32) -> UInt64? {
    // One column call; the sqlite3_value_* calls that follow cost less.
    let value = sqlite3_column_value(statement, index)
    if sqlite3_value_type(value) == SQLITE_TEXT {
      return UInt64(String(sqliteText: value))
    }
    return Int64.decode(from: statement, at: index).flatMap { UInt64(exactly: $0) }
  }
}

// MARK: - Bool

/// Bool is stored as INTEGER 0 or 1, and any non-zero number reads as true.
extension Bool: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }

  public static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
    switch value {
    case .integer(let value): value != 0
    case .real(let value): value != 0
    default: nil
    }
  }

  @inlinable
  public func bind(to statement: SQLiteStatement, at index: Int32) throws {
    try check(sqlite3_bind_int64(statement, index, self ? 1 : 0), statement)
  }

  @inlinable
  public static func decode(from statement: SQLiteStatement, at index: Int32) -> Bool? {
    // One column call; the sqlite3_value_* calls that follow cost less.
    let value = sqlite3_column_value(statement, index)
    return switch sqlite3_value_type(value) {
    case SQLITE_INTEGER: sqlite3_value_int64(value) != 0
    case SQLITE_FLOAT: sqlite3_value_double(value) != 0
    default: nil
    }
  }
}

// MARK: - Floating point

extension Double: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .real(self) }

  public static func fromDatabaseValue(_ value: DatabaseValue) -> Double? {
    switch value {
    case .integer(let value): Double(value)
    case .real(let value): value
    default: nil
    }
  }

  @inlinable
  public func bind(to statement: SQLiteStatement, at index: Int32) throws {
    try check(sqlite3_bind_double(statement, index, self), statement)
  }

  @inlinable
  public static func decode(from statement: SQLiteStatement, at index: Int32) -> Double? {
    // One column call; the sqlite3_value_* calls that follow cost less.
    let value = sqlite3_column_value(statement, index)
    return switch sqlite3_value_type(value) {
    case SQLITE_INTEGER, SQLITE_FLOAT: sqlite3_value_double(value)
    default: nil
    }
  }
}

extension Float: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .real(Double(self)) }
  public static func fromDatabaseValue(_ value: DatabaseValue) -> Float? {
    Double.fromDatabaseValue(value).map { Float($0) }
  }
}

// MARK: - Text

extension String: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .text(self) }

  public static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
    if case .text(let value) = value { return value }
    return nil
  }

  /// Binds the UTF-8 bytes with their explicit length, so NUL characters survive.
  @inlinable @inline(__always)
  public func bind(to statement: SQLiteStatement, at index: Int32) throws {
    func bindText(_ buffer: UnsafeBufferPointer<UInt8>) -> Int32 {
      sqlite3_bind_text64(
        statement, index, SQLiteEngine.cString(buffer), UInt64(buffer.count), csqlite_transient(),
        UInt8(SQLITE_UTF8))
    }
    // A native string lends its bytes as they are, with no copy of the string to make them
    // contiguous.
    let code =
      utf8.withContiguousStorageIfAvailable(bindText)
      ?? {
        var string = self
        return string.withUTF8(bindText)
      }()
    try check(code, statement)
  }

  @inlinable
  public static func decode(from statement: SQLiteStatement, at index: Int32) -> String? {
    // One column call; the sqlite3_value_* calls that follow cost less.
    let value = sqlite3_column_value(statement, index)
    guard sqlite3_value_type(value) == SQLITE_TEXT else { return nil }
    return String(sqliteText: value)
  }

  /// Reads a TEXT value (from `sqlite3_column_value`) with its explicit byte length, NULs
  /// included. Bytes that are not valid UTF-8 become U+FFFD rather than failing; read the column
  /// as `Data` for the exact bytes.
  @inlinable
  init(sqliteText value: OpaquePointer?) {
    guard let text = sqlite3_value_text(value) else {
      self = ""
      return
    }
    let count = Int(sqlite3_value_bytes(value))
    self = String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }
}

/// The bytes of a UTF-8 buffer as SQLite's `const char *`; an empty buffer may have no address,
/// and SQLite must not read NULL as "no text".
@inlinable
func cString(_ buffer: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar> {
  guard let base = buffer.baseAddress else { return emptyCString }
  return UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
}

@usableFromInline
let emptyCStringStorage: StaticString = ""
@usableFromInline
nonisolated(unsafe) let emptyCString = UnsafeRawPointer(emptyCStringStorage.utf8Start)
  .assumingMemoryBound(to: CChar.self)

// MARK: - Blobs

extension Data: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .blob(self) }

  public static func fromDatabaseValue(_ value: DatabaseValue) -> Data? {
    switch value {
    case .blob(let data): data
    case .text(let text): Data(text.utf8)
    default: nil
    }
  }

  /// An empty Data is an empty blob (`zeroblob(0)`), never NULL.
  public func bind(to statement: SQLiteStatement, at index: Int32) throws {
    let code =
      isEmpty
      ? sqlite3_bind_zeroblob(statement, index, 0)
      : withUnsafeBytes { buffer in
        sqlite3_bind_blob64(statement, index, buffer.baseAddress, UInt64(buffer.count), csqlite_transient())
      }
    try check(code, statement)
  }

  public static func decode(from statement: SQLiteStatement, at index: Int32) -> Data? {
    // One column call; the sqlite3_value_* calls that follow cost less.
    let value = sqlite3_column_value(statement, index)
    return switch sqlite3_value_type(value) {
    case SQLITE_BLOB: Data(sqliteBlob: value)
    case SQLITE_TEXT:
      Data(
        bytes: sqlite3_value_text(value),
        count: Int(sqlite3_value_bytes(value)))
    default: nil
    }
  }

  init(sqliteBlob value: OpaquePointer?) {
    // sqlite3_value_blob returns NULL for an empty blob: that is an empty Data.
    guard let bytes = sqlite3_value_blob(value) else {
      self = Data()
      return
    }
    self = Data(bytes: bytes, count: Int(sqlite3_value_bytes(value)))
  }
}

extension Array: DatabaseValueConvertible where Element == UInt8 {
  public var databaseValue: DatabaseValue { .blob(Data(self)) }

  public static func fromDatabaseValue(_ value: DatabaseValue) -> [UInt8]? {
    Data.fromDatabaseValue(value).map { [UInt8]($0) }
  }

  public func bind(to statement: SQLiteStatement, at index: Int32) throws {
    let code =
      isEmpty
      ? sqlite3_bind_zeroblob(statement, index, 0)
      : withUnsafeBytes { buffer in
        sqlite3_bind_blob64(statement, index, buffer.baseAddress, UInt64(buffer.count), csqlite_transient())
      }
    try check(code, statement)
  }

  public static func decode(from statement: SQLiteStatement, at index: Int32) -> [UInt8]? {
    Data.decode(from: statement, at: index).map { [UInt8]($0) }
  }
}

// MARK: - URL

/// A URL is stored as its absolute string.
extension URL: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .text(absoluteString) }

  public static func fromDatabaseValue(_ value: DatabaseValue) -> URL? {
    String.fromDatabaseValue(value).flatMap { URL(string: $0) }
  }
}
