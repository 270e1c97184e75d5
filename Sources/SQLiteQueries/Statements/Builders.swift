/// Builds ordering or grouping terms: one expression, a tuple of them, or `if`/`else` choices.
@resultBuilder
public enum OrderBuilder {
  public static func buildExpression(_ expression: some QueryExpression) -> [QueryFragment] {
    [expression.queryFragment]
  }

  /// A term of SQL whose type nothing tells (`.group { #sql("\($0.isCompleted)") }`): its type
  /// does not matter to the order or group it is part of.
  public static func buildExpression(_ expression: SQLQueryExpression<()>) -> [QueryFragment] {
    [expression.queryFragment]
  }

  public static func buildExpression<each Term: QueryExpression>(_ terms: (repeat each Term))
    -> [QueryFragment]
  {
    var fragments: [QueryFragment] = []
    for term in repeat each terms { fragments.append(term.queryFragment) }
    return fragments
  }

  public static func buildBlock(_ components: [QueryFragment]...) -> [QueryFragment] {
    components.flatMap { $0 }
  }

  public static func buildOptional(_ component: [QueryFragment]?) -> [QueryFragment] { component ?? [] }
  public static func buildEither(first component: [QueryFragment]) -> [QueryFragment] { component }
  public static func buildEither(second component: [QueryFragment]) -> [QueryFragment] { component }
  public static func buildArray(_ components: [[QueryFragment]]) -> [QueryFragment] {
    components.flatMap { $0 }
  }
}

/// Builds a condition from parts that may depend on Swift values: `if`, `for` and optional
/// parts; the parts are joined with AND.
@resultBuilder
public enum ConditionBuilder {
  public static func buildExpression(_ expression: some QueryExpression<Bool>) -> [QueryFragment] {
    [expression.queryFragment]
  }

  public static func buildBlock(_ components: [QueryFragment]...) -> [QueryFragment] {
    components.flatMap { $0 }
  }

  public static func buildOptional(_ component: [QueryFragment]?) -> [QueryFragment] { component ?? [] }
  public static func buildEither(first component: [QueryFragment]) -> [QueryFragment] { component }
  public static func buildEither(second component: [QueryFragment]) -> [QueryFragment] { component }
  public static func buildArray(_ components: [[QueryFragment]]) -> [QueryFragment] {
    components.flatMap { $0 }
  }
}
