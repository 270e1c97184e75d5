import SQLiteEngine

/// A statement whose rows can be fetched: what live queries (`@FetchAll`, `@FetchOne`) observe.
public protocol FetchableStatement<Row>: Sendable {
  associatedtype Row
  func fetchAll(_ db: Database) throws -> [Row]
  func fetchOne(_ db: Database) throws -> Row?
  /// The statement's SQL, with bindings as literals: identifies identical queries.
  var fetchKey: String { get }
}

extension Select: FetchableStatement {
  public typealias Row = Columns
  public var fetchKey: String { query.inlinedSQL }
}

extension CompoundSelect: FetchableStatement {
  public typealias Row = QueryValue
  public var fetchKey: String { query.inlinedSQL }
}

extension SQLQueryExpression: FetchableStatement where QueryValue: QueryRepresentable {
  public typealias Row = QueryValue.QueryOutput
  public var fetchKey: String { queryFragment.inlinedSQL }
}
