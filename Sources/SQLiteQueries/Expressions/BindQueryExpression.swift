/// A Swift value bound as a parameter, typed by `QueryValue` (a representation may store it
/// differently): what `#bind(value)` makes.
public struct BindQueryExpression<QueryValue: QueryRepresentable & QueryExpression>: QueryExpression, Sendable
{
  public let queryFragment: QueryFragment

  public init(_ value: QueryValue.QueryOutput, as queryValueType: QueryValue.Type = QueryValue.self) {
    queryFragment = QueryValue(queryOutput: value).queryFragment
  }
}

/// `expression AS "name", …`: how a `@Selection`'s columns are selected. A whole table (several
/// columns) is selected as its columns, unaliased.
public func aliased(_ expressions: [(name: String, fragment: QueryFragment, isColumn: Bool)]) -> QueryFragment
{
  expressions.map { $0.isColumn ? $0.fragment + " AS " + QueryFragment(quote: $0.name) : $0.fragment }
    .joined(separator: ", ")
}
