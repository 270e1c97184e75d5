/// `CASE … END`: `Case().when(condition, then: value).else(other)`, or with a base value,
/// `Case(column).when(value, then: result)`.
public struct Case<Base, Result>: QueryExpression {
  public typealias QueryValue = Result?

  let base: QueryFragment?
  let cases: [QueryFragment]

  public var queryFragment: QueryFragment { render(else: nil) }

  func render(else otherwise: QueryFragment?) -> QueryFragment {
    var fragment: QueryFragment = "CASE"
    if let base { fragment.append(" " + base) }
    for item in cases { fragment.append(" " + item) }
    if let otherwise { fragment.append(" ELSE " + otherwise) }
    return fragment + " END"
  }

  /// Adds `WHEN condition THEN value`.
  public func when(_ condition: some QueryExpression, then value: some QueryExpression<Result>) -> Self {
    Case(base: base, cases: cases + ["WHEN " + condition.queryFragment + " THEN " + value.queryFragment])
  }

  /// Ends with `ELSE value`: the result is no longer optional.
  public func `else`(_ value: some QueryExpression<Result>) -> SQLQueryExpression<Result> {
    SQLQueryExpression(render(else: value.queryFragment))
  }
}

extension Case where Base == Bool {
  /// `CASE WHEN …`: each `when` is a condition.
  public init(_ resultType: Result.Type = Result.self) {
    self.init(base: nil, cases: [])
  }
}

extension Case {
  /// `CASE base WHEN …`: each `when` is a value compared with `base`.
  public init(_ base: some QueryExpression<Base>, as resultType: Result.Type = Result.self) {
    self.init(base: base.queryFragment, cases: [])
  }
}
