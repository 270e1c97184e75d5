/// SQL written by hand, checked at compile time for unbalanced quotes, brackets and parentheses,
/// with values interpolated as bindings (`\(bind: value)`), never spliced into the text.
@freestanding(expression)
public macro sql(_ queryFragment: QueryFragment) -> SQLQueryExpression<()> =
  #externalMacro(module: "SQLiteQueriesMacros", type: "SQLMacro")

/// SQL written by hand, typed by the value it produces.
@freestanding(expression)
public macro sql<QueryValue>(
  _ queryFragment: QueryFragment, as queryValueType: QueryValue.Type = QueryValue.self
) -> SQLQueryExpression<QueryValue> = #externalMacro(module: "SQLiteQueriesMacros", type: "SQLMacro")
