import CSQLite

extension Database {
  /// A statement prepared once and kept for the life of the connection, keyed by its SQL.
  public func cachedStatement(sql: String) throws -> Statement {
    if let statement = statementCache[sql] {
      recordReads(statement.region)
      return statement
    }
    let statement = try makeStatement(sql: sql)
    statementCache[sql] = statement
    return statement
  }

  /// A statement kept for the life of the connection under a key that stands for its SQL, for
  /// callers that know which statement they need more cheaply than by comparing its text (an
  /// insert of one row of a given table type, say). `sql` is called only the first time; the
  /// statement is shared with ``cachedStatement(sql:)``.
  @inlinable
  public func cachedStatement(key: StatementCacheKey, sql: () throws -> String) throws -> Statement {
    // The same key again, as in a loop of inserts: no hashing, and no call.
    if let last = lastKeyedStatement, last.key == key, recordedRegion == nil { return last.statement }
    return try cachedStatementLookingUp(key: key, sql: sql)
  }

  /// The rest of ``cachedStatement(key:sql:)``: a key other than the last, the first time, or a
  /// fetch that records what its statements read.
  @usableFromInline
  func cachedStatementLookingUp(key: StatementCacheKey, sql: () throws -> String) throws -> Statement {
    if let last = lastKeyedStatement, last.key == key {
      recordReads(last.statement.region)
      return last.statement
    }
    if let statement = keyedStatementCache[key] {
      recordReads(statement.region)
      lastKeyedStatement = (key, statement)
      return statement
    }
    let statement = try cachedStatement(sql: sql())
    keyedStatementCache[key] = statement
    lastKeyedStatement = (key, statement)
    return statement
  }

  /// While a tracked fetch runs, adds what a statement reads to what the fetch depends on.
  private func recordReads(_ region: DatabaseRegion) {
    if recordedRegion != nil { recordedRegion?.formUnion(region) }
  }

  /// Forgets every cached statement (their SQL may name tables that are gone).
  func removeCachedStatements() {
    statementCache.removeAll()
    keyedStatementCache.removeAll()
    lastKeyedStatement = nil
  }

  /// A new prepared statement. The SQL must hold exactly one statement.
  public func makeStatement(sql: String) throws -> Statement {
    var statement: Statement?
    let remainder = try sql.withCString { start -> String in
      var tail: UnsafePointer<CChar>?
      statement = try prepare(sql: sql, start: start, tail: &tail)
      return tail.map { String(cString: $0) } ?? ""
    }
    guard let statement else {
      throw DatabaseError(
        resultCode: .SQLITE_MISUSE, message: "no SQL statement to prepare", sql: sql,
        hint: "The SQL is empty or only a comment")
    }
    guard Self.isBlank(remainder) else {
      throw DatabaseError(
        resultCode: .SQLITE_MISUSE, message: "several statements in one prepared statement", sql: sql,
        hint: "Run scripts of several statements with Database.execute(sql:)")
    }
    return statement
  }

  /// Runs one or more statements. Positional arguments are consumed by the statements in order;
  /// named arguments are available to all of them. A single statement is cached. The arguments
  /// are consumed, so that a cached statement binds each value where it lies in their array.
  public func execute(sql: String, arguments: consuming StatementArguments = StatementArguments())
    throws
  {
    if let statement = statementCache[sql] {
      recordReads(statement.region)
      try statement.execute(arguments: arguments)
      return
    }
    var remaining = arguments.positional[...]
    try sql.withCString { start in
      var cursor: UnsafePointer<CChar>? = start
      var isFirst = true
      while let current = cursor, current.pointee != 0 {
        var tail: UnsafePointer<CChar>?
        let offset = current - start
        let text = offset == 0 ? sql : String(cString: current)
        guard let statement = try prepare(sql: text, start: current, tail: &tail) else {
          break  // only whitespace or comments left
        }
        let consumed = min(statement.parameterCount, remaining.count)
        var ownArguments = StatementArguments(Array(remaining.prefix(consumed)))
        if statement.parameterCount > 0 { ownArguments.named = arguments.named }
        remaining = remaining.dropFirst(consumed)
        let isWholeSQL = isFirst && tail.map { Self.isBlank(String(cString: $0)) } ?? true
        if isWholeSQL { statementCache[sql] = statement }
        try statement.execute(arguments: ownArguments)
        isFirst = false
        cursor = tail
      }
    }
    guard remaining.isEmpty else {
      throw DatabaseError(
        resultCode: .SQLITE_MISUSE,
        message: "wrong number of statement arguments: \(remaining.count) left unused", sql: sql,
        arguments: arguments)
    }
  }

  /// Prepares the statement at `start`, recording what it reads and writes. Nil when there is
  /// no statement (whitespace or comments only).
  private func prepare(
    sql: String, start: UnsafePointer<CChar>, tail: inout UnsafePointer<CChar>?
  ) throws -> Statement? {
    guard !isClosed else { throw DatabaseError.closed(path) }
    let record = AuthorizerRecord()
    authorizerRecord = record
    defer { authorizerRecord = nil }
    var handle: SQLiteStatement?
    let code = sqlite3_prepare_v3(sqliteConnection, start, -1, 0, &handle, &tail)
    guard code == SQLITE_OK else {
      throw DatabaseError.from(connection: sqliteConnection, code: code, sql: Self.firstStatement(of: sql))
    }
    guard let handle else { return nil }
    let text = String(cString: sqlite3_sql(handle))
    recordReads(record.reads)
    return Statement(database: self, handle: handle, sql: text, authorization: record)
  }

  static func isBlank(_ sql: String) -> Bool {
    var text = Substring(sql)
    while true {
      text = text.drop { $0.isWhitespace || $0 == ";" }
      if text.hasPrefix("--") {
        text = text.drop { $0 != "\n" }
      } else if text.hasPrefix("/*") {
        guard let end = text.range(of: "*/") else { return true }
        text = text[end.upperBound...]
      } else {
        return text.isEmpty
      }
    }
  }

  private static func firstStatement(of sql: String) -> String {
    sql.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

// MARK: - Fetching

extension Row {
  /// Every row of a query, copied.
  public static func fetchAll(
    _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws -> [Row] {
    try db.cachedStatement(sql: sql).fetchAll(arguments: arguments) { $0.copy() }
  }

  /// The first row of a query, copied, or nil.
  public static func fetchOne(
    _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws -> Row? {
    try db.cachedStatement(sql: sql).fetchOne(arguments: arguments) { $0.copy() }
  }

  /// A cursor over the rows of a query, on its own statement so that other queries made while
  /// iterating cannot disturb it.
  public static func fetchCursor(
    _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws -> RowCursor {
    try db.makeStatement(sql: sql).makeCursor(arguments: arguments)
  }
}

extension DatabaseValueConvertible {
  /// The first column of every row.
  public static func fetchAll(
    _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws -> [Self] {
    try db.cachedStatement(sql: sql).fetchAll(arguments: arguments) { try $0.decode(Self.self, at: 0) }
  }

  /// The first column of the first row, or nil when there is no row or the value is NULL.
  public static func fetchOne(
    _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws -> Self? {
    try db.cachedStatement(sql: sql).fetchOne(arguments: arguments) {
      try $0.decode(Self?.self, at: 0)
    } ?? nil
  }
}
