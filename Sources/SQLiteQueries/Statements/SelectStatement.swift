import SQLiteEngine

/// A statement whose result rows decode to `QueryValue`: a select of any kind, or an insert,
/// update or delete with RETURNING.
public protocol DecodableStatement<QueryValue>: Statement {
  /// Decodes one row of the statement's results.
  func decode(_ decoder: inout QueryDecoder) throws -> QueryValue
}

/// A query whose rows decode to `QueryValue` and that can be a subquery, an operand of `union`,
/// `intersect` and `except`, or the body of a common table expression: `Select`, compound
/// selects, `Values` and `With`.
public protocol SelectStatement<QueryValue>: PartialSelectStatement, DecodableStatement {}

extension DecodableStatement {
  /// Every row.
  public func fetchAll(_ db: Database) throws -> [QueryValue] {
    try query.fetchAll(db) { try decode(&$0) }
  }

  /// The first row, or nil.
  public func fetchOne(_ db: Database) throws -> QueryValue? {
    try query.fetchOne(db) { try decode(&$0) }
  }

  /// The rows one at a time.
  public func fetchCursor(_ db: Database) throws -> QueryCursor<QueryValue> {
    try query.fetchCursor(db) { try decode(&$0) }
  }

  /// Runs the statement, ignoring its rows.
  public func execute(_ db: Database) throws { try query.execute(db) }
}

extension SelectStatement {
  /// How many rows the statement selects.
  public func fetchCount(_ db: Database) throws -> Int {
    guard !query.isEmpty else { return 0 }
    return try ("SELECT count(*) FROM " + queryFragment).fetchOne(db) { try Int(decoder: &$0) } ?? 0
  }
}

extension Select: SelectStatement {}
