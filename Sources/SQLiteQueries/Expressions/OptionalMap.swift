/// `map` and `flatMap` on an optional expression: the transform applies where the value is not
/// NULL, and NULL stays NULL, as Swift's `Optional.map` does:
///
///     $0.dueDate.map { $0 < Date() }   // CASE ("reminders"."dueDate") IS (NULL) WHEN 1 THEN NULL ELSE … END
///
/// A column group is NULL where all of its columns are.
extension QueryExpression where QueryValue: _OptionalProtocol {
  public func map<Result: QueryExpression>(
    _ transform: (SQLQueryExpression<QueryValue.Wrapped>) -> Result
  ) -> SQLQueryExpression<Result.QueryValue?> {
    SQLQueryExpression(nullOr(transform(SQLQueryExpression(queryFragment)).queryFragment))
  }

  /// A transform that itself gives NULL, applied as it is, as upstream renders it: SQL's
  /// functions give NULL for NULL, and an aggregate (`$0.priority.flatMap { $0.max() }`, `max(…)`)
  /// must not be wrapped in a condition on the rows it aggregates. The result is optional once.
  public func flatMap<Result: QueryExpression>(
    _ transform: (SQLQueryExpression<QueryValue.Wrapped>) -> Result
  ) -> SQLQueryExpression<Result.QueryValue> where Result.QueryValue: _OptionalProtocol {
    SQLQueryExpression(transform(SQLQueryExpression(queryFragment)).queryFragment)
  }

  private func nullOr(_ transformed: QueryFragment) -> QueryFragment {
    "CASE " + self.is(nil).queryFragment + " WHEN 1 THEN NULL ELSE " + transformed + " END"
  }
}

extension QueryExpression {
  /// `nullif(x, other)`: NULL where the value equals `other`, the value elsewhere.
  public func nullif(_ other: some QueryExpression<QueryValue>) -> SQLQueryExpression<QueryValue?> {
    function("nullif", queryFragment, other.queryFragment)
  }
}
