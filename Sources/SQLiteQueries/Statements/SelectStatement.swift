import SQLiteEngine

/// A statement whose result rows decode to `QueryValue`: a select of any kind, or an insert,
/// update or delete with RETURNING.
public protocol DecodableStatement<QueryValue>: Statement, Sendable {
  /// Decodes one row of the statement's results.
  func decode(_ decoder: inout QueryDecoder) throws -> QueryValue
}

/// A query whose rows decode to `QueryValue` and that can be a subquery, an operand of `union`,
/// `intersect` and `except`, or the body of a common table expression: `Select`, compound
/// selects, `Values` and `With`.
///
/// Each statement type declares its own `fetchAll`, `fetchOne` and friends: defaults here would
/// compete with `Select`'s in overload resolution, and make closures that build selects
/// ambiguous.
public protocol SelectStatement<QueryValue>: PartialSelectStatement, DecodableStatement {}

extension Select: SelectStatement {}

extension QueryFragment {
  /// `SELECT count(*) FROM (…)`: how many rows a query selects.
  func fetchCount(_ db: Database) throws -> Int {
    guard !isEmpty else { return 0 }
    return try ("SELECT count(*) FROM (\n" + indented() + "\n)").fetchOne(db) { try Int(decoder: &$0) } ?? 0
  }
}

extension Table {
  /// The query of a common table expression or a view named after this table. One that selects
  /// nothing (`Table.none`) still has to name the columns: `SELECT NULL AS "a", … WHERE 0`.
  static func definingQuery(_ statement: some PartialSelectStatement) -> QueryFragment {
    let query = statement.query
    guard query.isEmpty else { return query }
    let columns = ColumnNames.all(TableColumns.self).map { "NULL AS " + QueryFragment(quote: $0) }
    return "SELECT " + columns.joined(separator: ", ") + " WHERE 0"
  }
}
