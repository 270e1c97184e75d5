/// An ordering term: an expression with a direction and where NULLs go.
public struct OrderingTerm: QueryExpression, Sendable {
  public typealias QueryValue = Void
  public let queryFragment: QueryFragment
  /// The expression ordered by, without its direction (what a section of rows is named by).
  public let expression: QueryFragment

  public enum Nulls: String, Sendable {
    case first = "NULLS FIRST"
    case last = "NULLS LAST"
  }
}

extension QueryExpression {
  /// Ascending: `"t"."c" ASC`, optionally `NULLS FIRST`/`NULLS LAST`.
  public func asc(nulls: OrderingTerm.Nulls? = nil) -> OrderingTerm {
    OrderingTerm(
      queryFragment: queryFragment + QueryFragment(" ASC" + (nulls.map { " \($0.rawValue)" } ?? "")),
      expression: queryFragment)
  }

  /// Descending: `"t"."c" DESC`.
  public func desc(nulls: OrderingTerm.Nulls? = nil) -> OrderingTerm {
    OrderingTerm(
      queryFragment: queryFragment + QueryFragment(" DESC" + (nulls.map { " \($0.rawValue)" } ?? "")),
      expression: queryFragment)
  }
}
