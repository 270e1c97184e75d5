/// `name([DISTINCT ]x)[ FILTER (WHERE …)]`.
func aggregate<Result>(
  _ name: String, _ argument: QueryFragment, distinct: Bool, filter: (any QueryExpression<Bool>)?,
  extra: QueryFragment? = nil
) -> SQLQueryExpression<Result> {
  var fragment = QueryFragment("\(raw: name)(") + (distinct ? "DISTINCT " : "") + argument
  if let extra { fragment.append(", " + extra) }
  fragment.append(")")
  if let filter { fragment.append(" FILTER (WHERE " + filter.queryFragment + ")") }
  return SQLQueryExpression(fragment)
}

extension QueryExpression {
  /// `count(x)`: the rows where `x` is not NULL.
  public func count(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none)
    -> SQLQueryExpression<Int>
  {
    aggregate("count", queryFragment, distinct: distinct, filter: filter)
  }

  /// The largest value, or NULL when there are no rows.
  public func max() -> SQLQueryExpression<QueryValue?> { function("max", queryFragment) }
  /// The smallest value, or NULL when there are no rows.
  public func min() -> SQLQueryExpression<QueryValue?> { function("min", queryFragment) }

  /// `group_concat(x[, separator])`.
  public func groupConcat(
    _ separator: String? = nil, distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none
  ) -> SQLQueryExpression<String?> {
    aggregate(
      "group_concat", queryFragment, distinct: distinct, filter: filter, extra: separator?.queryFragment)
  }

  /// `group_concat(x, separator)` with a separator read from the row: `$0.name.groupConcat($0.id)`.
  @_disfavoredOverload
  public func groupConcat(
    _ separator: some QueryExpression, distinct: Bool = false,
    filter: (some QueryExpression<Bool>)? = Bool?.none
  ) -> SQLQueryExpression<String?> {
    aggregate(
      "group_concat", queryFragment, distinct: distinct, filter: filter, extra: separator.queryFragment)
  }
}

extension QueryExpression where Self == SQLQueryExpression<Int> {
  /// `count(*)`, written where a selection's type is known: `Row.select { _ in .count() }`.
  public static func count(filter: (some QueryExpression<Bool>)? = Bool?.none) -> Self {
    var fragment: QueryFragment = "count(*)"
    if let filter { fragment.append(" FILTER (WHERE " + filter.queryFragment + ")") }
    return SQLQueryExpression(fragment)
  }
}

extension QueryExpression where QueryValue: _Numeric {
  /// `sum(x)`: NULL when there are no rows.
  public func sum(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none)
    -> SQLQueryExpression<QueryValue?>
  {
    aggregate("sum", queryFragment, distinct: distinct, filter: filter)
  }

  /// `total(x)`: 0.0 when there are no rows.
  public func total(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none)
    -> SQLQueryExpression<Double>
  {
    aggregate("total", queryFragment, distinct: distinct, filter: filter)
  }

  /// `avg(x)`.
  public func avg(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none)
    -> SQLQueryExpression<Double?>
  {
    aggregate("avg", queryFragment, distinct: distinct, filter: filter)
  }
}

extension TableDefinition where QueryValue: PrimaryKeyedTable {
  /// `count("table"."id")`, optionally filtered: the rows of this table (not NULL from an outer join).
  public func count(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none)
    -> SQLQueryExpression<Int>
  {
    aggregate("count", Self.allColumns[0].queryFragment, distinct: distinct, filter: filter)
  }
}
