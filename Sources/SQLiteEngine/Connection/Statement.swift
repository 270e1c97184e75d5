import CSQLite

/// A prepared statement.
///
/// Get one from ``Database/cachedStatement(sql:)`` (reused across calls) or
/// ``Database/makeStatement(sql:)``. Statements belong to their connection's thread.
public final class Statement {
  /// The SQL text, as prepared.
  public let sql: String
  /// The SQLite handle.
  public let sqliteStatement: SQLiteStatement
  unowned let database: Database
  /// What the statement reads, writes and does to transactions, recorded while it was prepared.
  let authorization: AuthorizerRecord
  /// The arguments of the last bind, for error messages.
  public private(set) var arguments = StatementArguments()
  /// The change-tracking generation in which this statement's written tables were last recorded.
  var recordedWritesGeneration = -1

  init(database: Database, handle: SQLiteStatement, sql: String, authorization: AuthorizerRecord) {
    self.database = database
    self.sqliteStatement = handle
    self.sql = sql
    self.authorization = authorization
  }

  deinit { sqlite3_finalize(sqliteStatement) }

  /// The tables and columns this statement reads, as SQLite reported them while preparing it.
  public var region: DatabaseRegion { authorization.reads }

  /// The table this statement inserts into, updates or deletes from, if any.
  public var writtenTable: String? { authorization.target }

  /// Whether the statement leaves the database unchanged.
  public var isReadOnly: Bool { sqlite3_stmt_readonly(sqliteStatement) != 0 }

  public var columnCount: Int { Int(sqlite3_column_count(sqliteStatement)) }

  public private(set) lazy var columnNames: [String] = (0..<Int32(columnCount)).map {
    String(cString: sqlite3_column_name(sqliteStatement, $0))
  }

  public var parameterCount: Int { Int(sqlite3_bind_parameter_count(sqliteStatement)) }

  // MARK: - Binding

  /// Resets the statement and binds new arguments (missing ones are NULL).
  public func setArguments(_ arguments: StatementArguments) throws {
    sqlite3_reset(sqliteStatement)
    sqlite3_clear_bindings(sqliteStatement)
    self.arguments = arguments
    let count = Int32(parameterCount)
    guard count > 0 else {
      guard arguments.values.isEmpty else { throw wrongArgumentCount(expected: 0) }
      return
    }
    var position = 0
    for index in 1...count {
      // Named parameters (`:name`, `@name`, `$name`) take their named value when there is one;
      // every other parameter takes the next positional value.
      if let name = sqlite3_bind_parameter_name(sqliteStatement, index),
        name.pointee != CChar(UInt8(ascii: "?")),
        let value = arguments.namedValues[String(cString: name + 1)]
      {
        try value.bind(to: sqliteStatement, at: index)
        continue
      }
      guard position < arguments.values.count else {
        let name = sqlite3_bind_parameter_name(sqliteStatement, index).map { String(cString: $0) }
        throw DatabaseError(
          resultCode: .SQLITE_MISUSE,
          message:
            "missing value for parameter \(name ?? "?\(index)") (statement has \(count), got \(arguments.values.count) positional and \(arguments.namedValues.count) named)",
          sql: sql, arguments: arguments)
      }
      try arguments.values[position].bind(to: sqliteStatement, at: index)
      position += 1
    }
    guard position == arguments.values.count else { throw wrongArgumentCount(expected: position) }
  }

  /// Resets the statement and binds values by position, with no intermediate array of
  /// ``DatabaseValue``: the fast path for repeated inserts.
  public func bind<each Value: DatabaseValueConvertible>(_ values: repeat each Value) throws {
    sqlite3_reset(sqliteStatement)
    var index: Int32 = 0
    for value in repeat each values {
      index += 1
      try value.bind(to: sqliteStatement, at: index)
    }
    guard index == Int32(parameterCount) else { throw wrongArgumentCount(expected: parameterCount) }
    arguments = StatementArguments()
  }

  private func wrongArgumentCount(expected: Int) -> DatabaseError {
    DatabaseError(
      resultCode: .SQLITE_MISUSE,
      message:
        "wrong number of statement arguments: expected \(parameterCount), got \(arguments.values.count)",
      sql: sql, arguments: arguments)
  }

  // MARK: - Running

  /// Resets the statement so it can run again, keeping its bindings.
  public func reset() { sqlite3_reset(sqliteStatement) }

  /// Advances to the next row: true when a row is available, false when the statement is done.
  @inline(__always)
  public func step() throws -> Bool {
    let code = sqlite3_step(sqliteStatement)
    switch code {
    case SQLITE_ROW:
      return true
    case SQLITE_DONE:
      database.statementDidFinish(self, succeeded: true)
      return false
    default:
      database.statementDidFinish(self, succeeded: false)
      throw DatabaseError.from(
        connection: database.sqliteConnection, code: code, sql: sql, arguments: arguments)
    }
  }

  /// Binds the arguments and runs the statement to completion.
  public func execute(arguments: StatementArguments = StatementArguments()) throws {
    try setArguments(arguments)
    try run()
  }

  /// Runs the statement, with its current bindings, to completion.
  public func run() throws {
    while try step() {}
    sqlite3_reset(sqliteStatement)
  }

  /// Binds the arguments and returns a cursor over the rows.
  public func makeCursor(arguments: StatementArguments = StatementArguments()) throws -> RowCursor {
    try setArguments(arguments)
    return RowCursor(statement: self)
  }

  /// Every row, each turned into a value by `decode` while it is current.
  public func fetchAll<T>(
    arguments: StatementArguments = StatementArguments(), _ decode: (Row) throws -> T
  ) throws -> [T] {
    try setArguments(arguments)
    return try fetchAllWithCurrentBindings(decode)
  }

  /// Every row, with the statement's current bindings.
  public func fetchAllWithCurrentBindings<T>(_ decode: (Row) throws -> T) throws -> [T] {
    defer { sqlite3_reset(sqliteStatement) }
    var results: [T] = []
    let row = Row(statement: self)
    while try step() { results.append(try decode(row)) }
    return results
  }

  /// The first row, turned into a value, or nil when there is none.
  public func fetchOne<T>(
    arguments: StatementArguments = StatementArguments(), _ decode: (Row) throws -> T
  ) throws -> T? {
    try setArguments(arguments)
    defer { sqlite3_reset(sqliteStatement) }
    guard try step() else { return nil }
    return try decode(Row(statement: self))
  }

  /// The SQL with the current bindings written in, as SQLite expands it.
  public var expandedSQL: String {
    guard let text = sqlite3_expanded_sql(sqliteStatement) else { return sql }
    defer { sqlite3_free(text) }
    return String(cString: text)
  }
}
