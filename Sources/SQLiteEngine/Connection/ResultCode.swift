import CSQLite

/// A SQLite result code, primary (`SQLITE_BUSY`) or extended (`SQLITE_BUSY_SNAPSHOT`).
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: Int32

  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The primary code of an extended one (`SQLITE_CONSTRAINT_UNIQUE` → `SQLITE_CONSTRAINT`).
  public var primaryResultCode: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

  /// SQLite's own English text for the code.
  public var description: String { String(cString: sqlite3_errstr(rawValue)) }

  public static let SQLITE_OK = ResultCode(rawValue: 0)
  public static let SQLITE_ERROR = ResultCode(rawValue: 1)
  public static let SQLITE_INTERNAL = ResultCode(rawValue: 2)
  public static let SQLITE_PERM = ResultCode(rawValue: 3)
  public static let SQLITE_ABORT = ResultCode(rawValue: 4)
  public static let SQLITE_BUSY = ResultCode(rawValue: 5)
  public static let SQLITE_LOCKED = ResultCode(rawValue: 6)
  public static let SQLITE_NOMEM = ResultCode(rawValue: 7)
  public static let SQLITE_READONLY = ResultCode(rawValue: 8)
  public static let SQLITE_INTERRUPT = ResultCode(rawValue: 9)
  public static let SQLITE_IOERR = ResultCode(rawValue: 10)
  public static let SQLITE_CORRUPT = ResultCode(rawValue: 11)
  public static let SQLITE_NOTFOUND = ResultCode(rawValue: 12)
  public static let SQLITE_FULL = ResultCode(rawValue: 13)
  public static let SQLITE_CANTOPEN = ResultCode(rawValue: 14)
  public static let SQLITE_PROTOCOL = ResultCode(rawValue: 15)
  public static let SQLITE_SCHEMA = ResultCode(rawValue: 17)
  public static let SQLITE_TOOBIG = ResultCode(rawValue: 18)
  public static let SQLITE_CONSTRAINT = ResultCode(rawValue: 19)
  public static let SQLITE_MISMATCH = ResultCode(rawValue: 20)
  public static let SQLITE_MISUSE = ResultCode(rawValue: 21)
  public static let SQLITE_RANGE = ResultCode(rawValue: 25)
  public static let SQLITE_NOTADB = ResultCode(rawValue: 26)
  public static let SQLITE_ROW = ResultCode(rawValue: 100)
  public static let SQLITE_DONE = ResultCode(rawValue: 101)

  public static let SQLITE_CONSTRAINT_FOREIGNKEY = ResultCode(rawValue: 787)
  public static let SQLITE_CONSTRAINT_NOTNULL = ResultCode(rawValue: 1299)
  public static let SQLITE_CONSTRAINT_PRIMARYKEY = ResultCode(rawValue: 1555)
  public static let SQLITE_CONSTRAINT_UNIQUE = ResultCode(rawValue: 2067)
  public static let SQLITE_READONLY_DBMOVED = ResultCode(rawValue: 1032)

  /// Pattern matching an extended code against its primary code: `case .SQLITE_CONSTRAINT:`
  /// matches `SQLITE_CONSTRAINT_UNIQUE`.
  public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
    pattern == code || (pattern.rawValue & 0xFF == pattern.rawValue && code.primaryResultCode == pattern)
  }
}
