import SQLiteEngine

extension QueryFragment {
  /// The executed form on the connection's statement cache, with its arguments; nil for empty SQL.
  func cachedStatement(_ db: Database) throws -> (Statement, StatementArguments)? {
    let (sql, bindings) = prepare()
    guard !sql.isEmpty else { return nil }
    let arguments = StatementArguments(try bindings.map { try $0.databaseValue() })
    return (try db.cachedStatement(sql: sql), arguments)
  }
}

extension SQLQueryExpression {
  /// Runs the statement. Empty SQL does nothing.
  public func execute(_ db: Database) throws {
    guard let (statement, arguments) = try queryFragment.cachedStatement(db) else { return }
    try statement.execute(arguments: arguments)
  }
}

extension SQLQueryExpression where QueryValue: DatabaseValueConvertible {
  /// The first column of every row.
  public func fetchAll(_ db: Database) throws -> [QueryValue] {
    guard let (statement, arguments) = try queryFragment.cachedStatement(db) else { return [] }
    return try statement.fetchAll(arguments: arguments) { try $0.decode(QueryValue.self, at: 0) }
  }

  /// The first column of the first row, or nil when there is no row.
  public func fetchOne(_ db: Database) throws -> QueryValue? {
    guard let (statement, arguments) = try queryFragment.cachedStatement(db) else { return nil }
    return try statement.fetchOne(arguments: arguments) { try $0.decode(QueryValue.self, at: 0) }
  }
}
