/// SQL written by hand, usually with `#sql`, typed by the value it produces.
///
///     try #sql("CREATE TABLE items (id INTEGER PRIMARY KEY)").execute(db)
///     let count = try #sql("SELECT count(*) FROM items", as: Int.self).fetchOne(db)
public struct SQLQueryExpression<QueryValue>: QueryExpression {
  public let queryFragment: QueryFragment

  public init(_ queryFragment: QueryFragment, as queryValueType: QueryValue.Type = QueryValue.self) {
    self.queryFragment = queryFragment
  }

  /// The statement's SQL. Raw SQL is never wrapped in parentheses.
  public var query: QueryFragment { queryFragment }
}
