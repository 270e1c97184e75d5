/// SQL written by hand, usually with `#sql`, typed by the value it produces.
///
///     try #sql("CREATE TABLE items (id INTEGER PRIMARY KEY)").execute(db)
///     let count = try #sql("SELECT count(*) FROM items", as: Int.self).fetchOne(db)
public struct SQLQueryExpression<QueryValue>: QueryExpression, Sendable {
  public let queryFragment: QueryFragment
  /// The arguments of the `coalesce(…)` this expression is, when `??` made it: another `??`
  /// adds its operand to them rather than nesting one call in another.
  let coalescedArguments: [QueryFragment]?

  public init(_ queryFragment: QueryFragment, as queryValueType: QueryValue.Type = QueryValue.self) {
    self.queryFragment = queryFragment
    coalescedArguments = nil
  }

  /// `coalesce(a, b, …)`.
  init(coalescing arguments: [QueryFragment]) {
    queryFragment = "coalesce(" + arguments.joined(separator: ", ") + ")"
    coalescedArguments = arguments
  }

  /// The statement's SQL. Raw SQL is never wrapped in parentheses.
  public var query: QueryFragment { queryFragment }
}

/// Expressions that are a `coalesce(…)` call of `??`, whatever their type.
protocol CoalescedExpression {
  var coalescedArguments: [QueryFragment]? { get }
}

extension SQLQueryExpression: CoalescedExpression {}
