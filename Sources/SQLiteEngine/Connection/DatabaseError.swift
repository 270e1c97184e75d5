import CSQLite

/// An error reported by SQLite, or by the engine on SQLite's behalf.
///
/// Its description is one line that says what failed, on which file or statement, and, where there
/// is an obvious remedy, what to do:
///
///     SQLite error 1: no such table: items - while executing `SELECT * FROM items WHERE id = ?` with arguments [1]
public struct DatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`), or the primary one when SQLite gave no more.
  public let extendedResultCode: ResultCode
  /// SQLite's message, such as `no such table: items`.
  public let message: String
  /// The statement that failed, if any.
  public let sql: String?
  /// The arguments bound to that statement, if any.
  public let arguments: StatementArguments?
  /// The database file involved, when the error is about the file rather than a statement.
  public let path: String?
  /// What the user can do about it, when there is something obvious.
  public let hint: String?

  /// The primary result code (`SQLITE_CONSTRAINT`).
  public var resultCode: ResultCode { extendedResultCode.primaryResultCode }

  public init(
    resultCode: ResultCode = .SQLITE_ERROR, message: String? = nil, sql: String? = nil,
    arguments: StatementArguments? = nil, path: String? = nil, hint: String? = nil
  ) {
    self.extendedResultCode = resultCode
    self.message = message ?? resultCode.description
    self.sql = sql
    self.arguments = arguments
    self.path = path
    self.hint = hint
  }

  public var description: String {
    var text = "SQLite error \(resultCode.rawValue): \(message)"
    if let path { text += " (database file '\(path)')" }
    if let sql {
      text += " - while executing `\(sql)`"
      if let arguments, !arguments.isEmpty { text += " with arguments \(arguments)" }
    }
    if let hint { text += ". \(hint)" }
    return text
  }
}

extension DatabaseError {
  /// The same error, naming the arguments of its statement if it named none.
  @usableFromInline
  func naming(_ arguments: StatementArguments) -> DatabaseError {
    guard sql != nil, self.arguments?.isEmpty ?? true else { return self }
    return DatabaseError(
      resultCode: extendedResultCode, message: message, sql: sql, arguments: arguments, path: path, hint: hint
    )
  }

  /// Reads the current error of a connection.
  static func from(
    connection: OpaquePointer?, code: Int32, sql: String? = nil, arguments: StatementArguments? = nil,
    path: String? = nil
  ) -> DatabaseError {
    let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
    let resultCode = ResultCode(rawValue: (extended & 0xFF) == code ? extended : code)
    let message = connection.flatMap { sqlite3_errmsg($0).map { String(cString: $0) } }
    return DatabaseError(
      resultCode: resultCode, message: message, sql: sql, arguments: arguments, path: path,
      hint: hint(for: resultCode, path: path))
  }

  /// Remedies for the errors a user can act on.
  static func hint(for code: ResultCode, path: String?) -> String? {
    switch code.primaryResultCode {
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      return "Another connection or process holds a lock on the database: let it finish, "
        + "or raise Configuration.busyTimeout"
    case .SQLITE_READONLY:
      return "The database is read-only: open it with Configuration.readonly = true, "
        + "or give this user write permission on the file and its folder"
    case .SQLITE_NOTADB:
      return "The file exists but is not a SQLite database: check the path, "
        + "or move the file aside to start a new database"
    case .SQLITE_CORRUPT:
      return "The database file is damaged: restore it from a backup, "
        + "or recover it with the sqlite3 shell's .recover command"
    case .SQLITE_CANTOPEN:
      return "Check that the path names a file (not a folder) in a folder that exists "
        + "and that this user may read and write"
    case .SQLITE_FULL:
      return "The disk is full: free some space and try again"
    default:
      return nil
    }
  }
}
