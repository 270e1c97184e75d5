/// Operators here are disfavored overloads: on plain Swift values the standard library's win, and only
/// query expressions (columns, `SQLQueryExpression`s) pick these.
// Comparison, logic and arithmetic. Each operand is parenthesized, as the seeds' library renders:
// `("reminders"."id") = (1)`, `NOT ("reminders"."isCompleted")`.

/// `(lhs) op (rhs)`, typed by its result.
func binary<Result>(_ lhs: some QueryExpression, _ op: String, _ rhs: some QueryExpression)
  -> SQLQueryExpression<Result>
{
  SQLQueryExpression("(" + lhs.queryFragment + ") \(raw: op) (" + rhs.queryFragment + ")")
}

extension QueryExpression {
  /// `=`: equal (NULL compares as unknown; use `is` to match NULL).
  public func eq(_ other: some QueryExpression<QueryValue>) -> SQLQueryExpression<Bool> {
    binary(self, "=", other)
  }

  /// `<>`: not equal.
  public func neq(_ other: some QueryExpression<QueryValue>) -> SQLQueryExpression<Bool> {
    binary(self, "<>", other)
  }

  /// `IS`: equal, with NULL equal to NULL.
  public func `is`(_ other: some QueryExpression<QueryValue>) -> SQLQueryExpression<Bool> {
    binary(self, "IS", other)
  }

  /// `IS NOT`.
  public func isNot(_ other: some QueryExpression<QueryValue>) -> SQLQueryExpression<Bool> {
    binary(self, "IS NOT", other)
  }

  /// `IS NULL`, as `(x) IS (NULL)`; a column group is NULL when all of its columns are,
  /// `("a", "b") IS (NULL, NULL)`.
  public func `is`(_ null: _Null?) -> SQLQueryExpression<Bool> {
    SQLQueryExpression("(" + queryFragment + ") IS (" + nulls + ")")
  }

  /// `IS NOT NULL`, as `(x) IS NOT (NULL)`; a column group is not NULL when one of its columns
  /// is not, `("a", "b") IS NOT (NULL, NULL)`.
  public func isNot(_ null: _Null?) -> SQLQueryExpression<Bool> {
    SQLQueryExpression("(" + queryFragment + ") IS NOT (" + nulls + ")")
  }

  /// NULL, once per column this expression stands for.
  private var nulls: QueryFragment {
    let width = (self as? any TableColumnExpression)?.flattenedColumns.count ?? 1
    return Array(repeating: QueryFragment("NULL"), count: Swift.max(width, 1)).joined(separator: ", ")
  }

  public func lt(_ other: some QueryExpression<QueryValue>) -> SQLQueryExpression<Bool> {
    binary(self, "<", other)
  }
  public func gt(_ other: some QueryExpression<QueryValue>) -> SQLQueryExpression<Bool> {
    binary(self, ">", other)
  }
  public func lte(_ other: some QueryExpression<QueryValue>) -> SQLQueryExpression<Bool> {
    binary(self, "<=", other)
  }
  public func gte(_ other: some QueryExpression<QueryValue>) -> SQLQueryExpression<Bool> {
    binary(self, ">=", other)
  }

  /// `=`, as upstream writes `==`: `IS` where the left side is optional or the right is a `nil`,
  /// so that NULL equals NULL.
  @_disfavoredOverload
  public static func == (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<Bool> {
    binary(lhs, comparesNulls(lhs, rhs) ? "IS" : "=", rhs)
  }
  /// `<>`, or `IS NOT` where the left side is optional or the right is a `nil`.
  @_disfavoredOverload
  public static func != (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<Bool> {
    binary(lhs, comparesNulls(lhs, rhs) ? "IS NOT" : "<>", rhs)
  }
  /// A plain column compared with an optional value: `("t"."c") = ("t"."a")`, `IS (NULL)` for nil.
  @_disfavoredOverload
  public static func == (lhs: Self, rhs: some QueryExpression<QueryValue?>) -> SQLQueryExpression<Bool> {
    binary(lhs, comparesNulls(lhs, rhs) ? "IS" : "=", rhs)
  }
  @_disfavoredOverload
  public static func != (lhs: Self, rhs: some QueryExpression<QueryValue?>) -> SQLQueryExpression<Bool> {
    binary(lhs, comparesNulls(lhs, rhs) ? "IS NOT" : "<>", rhs)
  }
  /// `IS NULL`: `$0.dueDate == nil`. Preferred over the standard library's comparison of an
  /// optional with nil, which would make the condition a constant `false`.
  public static func == (lhs: Self, rhs: _Null?) -> SQLQueryExpression<Bool> { lhs.is(rhs) }
  /// `IS NOT NULL`: `$0.dueDate != nil`.
  public static func != (lhs: Self, rhs: _Null?) -> SQLQueryExpression<Bool> { lhs.isNot(rhs) }

  @_disfavoredOverload
  public static func < (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<Bool> {
    lhs.lt(rhs)
  }
  @_disfavoredOverload
  public static func > (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<Bool> {
    lhs.gt(rhs)
  }
  @_disfavoredOverload
  public static func <= (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<Bool> {
    lhs.lte(rhs)
  }
  @_disfavoredOverload
  public static func >= (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<Bool> {
    lhs.gte(rhs)
  }
}

/// The `nil` of `is(nil)` and `isNot(nil)`.
public enum _Null {}

extension Optional where Wrapped: QueryBindable {
  /// An optional value on the left of a column: `nil as Int? == $0.c` is `(NULL) IS ("t"."c")`.
  /// Disfavored, so that comparing two optionals in plain Swift keeps the standard library's.
  @_disfavoredOverload
  public static func == (lhs: Self, rhs: some QueryExpression<Wrapped>) -> SQLQueryExpression<Bool> {
    binary(lhs, "IS", rhs)
  }
  @_disfavoredOverload
  public static func == (lhs: Self, rhs: some QueryExpression<Wrapped?>) -> SQLQueryExpression<Bool> {
    binary(lhs, "IS", rhs)
  }
  @_disfavoredOverload
  public static func != (lhs: Self, rhs: some QueryExpression<Wrapped>) -> SQLQueryExpression<Bool> {
    binary(lhs, "IS NOT", rhs)
  }
  @_disfavoredOverload
  public static func != (lhs: Self, rhs: some QueryExpression<Wrapped?>) -> SQLQueryExpression<Bool> {
    binary(lhs, "IS NOT", rhs)
  }
}

/// Whether `==` compares with `IS`: the left side's values may be NULL, or the right side is `nil`.
func comparesNulls<Left: QueryExpression>(_ lhs: Left, _ rhs: some QueryExpression) -> Bool {
  if Left.QueryValue.self is any _OptionalProtocol.Type { return true }
  if let optional = rhs as? any _OptionalProtocol, isNone(optional) { return true }
  return false
}

private func isNone<T: _OptionalProtocol>(_ value: T) -> Bool { value._wrapped == nil }

// MARK: - Optional columns compared with plain values

extension QueryExpression where QueryValue: _OptionalProtocol {
  public func eq(_ other: some QueryExpression<QueryValue.Wrapped>) -> SQLQueryExpression<Bool> {
    binary(self, "=", other)
  }
  public func neq(_ other: some QueryExpression<QueryValue.Wrapped>) -> SQLQueryExpression<Bool> {
    binary(self, "<>", other)
  }
  public func `is`(_ other: some QueryExpression<QueryValue.Wrapped>) -> SQLQueryExpression<Bool> {
    binary(self, "IS", other)
  }
  public func isNot(_ other: some QueryExpression<QueryValue.Wrapped>) -> SQLQueryExpression<Bool> {
    binary(self, "IS NOT", other)
  }
  public func lt(_ other: some QueryExpression<QueryValue.Wrapped>) -> SQLQueryExpression<Bool> {
    binary(self, "<", other)
  }
  public func gt(_ other: some QueryExpression<QueryValue.Wrapped>) -> SQLQueryExpression<Bool> {
    binary(self, ">", other)
  }
  public func lte(_ other: some QueryExpression<QueryValue.Wrapped>) -> SQLQueryExpression<Bool> {
    binary(self, "<=", other)
  }
  public func gte(_ other: some QueryExpression<QueryValue.Wrapped>) -> SQLQueryExpression<Bool> {
    binary(self, ">=", other)
  }
  /// An optional column compared with a plain value: `IS`, as upstream writes it.
  @_disfavoredOverload
  public static func == (lhs: Self, rhs: some QueryExpression<QueryValue.Wrapped>) -> SQLQueryExpression<Bool>
  {
    lhs.is(rhs)
  }
  @_disfavoredOverload
  public static func != (lhs: Self, rhs: some QueryExpression<QueryValue.Wrapped>) -> SQLQueryExpression<Bool>
  {
    lhs.isNot(rhs)
  }
}

// MARK: - Plain columns compared with optional ones

extension QueryExpression {
  @_disfavoredOverload
  public func eq(_ other: some QueryExpression<QueryValue?>) -> SQLQueryExpression<Bool> {
    binary(self, "=", other)
  }
  @_disfavoredOverload
  public func neq(_ other: some QueryExpression<QueryValue?>) -> SQLQueryExpression<Bool> {
    binary(self, "<>", other)
  }
  @_disfavoredOverload
  public func `is`(_ other: some QueryExpression<QueryValue?>) -> SQLQueryExpression<Bool> {
    binary(self, "IS", other)
  }
  @_disfavoredOverload
  public func isNot(_ other: some QueryExpression<QueryValue?>) -> SQLQueryExpression<Bool> {
    binary(self, "IS NOT", other)
  }
}

// MARK: - Logic

extension QueryExpression where QueryValue == Bool {
  @_disfavoredOverload
  public static func && (lhs: Self, rhs: some QueryExpression<Bool>) -> SQLQueryExpression<Bool> {
    binary(lhs, "AND", rhs)
  }

  @_disfavoredOverload

  public static func || (lhs: Self, rhs: some QueryExpression<Bool>) -> SQLQueryExpression<Bool> {
    binary(lhs, "OR", rhs)
  }

  @_disfavoredOverload

  public static prefix func ! (expression: Self) -> SQLQueryExpression<Bool> { expression.not() }

  public func and(_ other: some QueryExpression<Bool>) -> SQLQueryExpression<Bool> {
    binary(self, "AND", other)
  }
  public func or(_ other: some QueryExpression<Bool>) -> SQLQueryExpression<Bool> {
    binary(self, "OR", other)
  }
  public func not() -> SQLQueryExpression<Bool> { SQLQueryExpression("NOT (" + queryFragment + ")") }
}

// MARK: - Arithmetic

/// Values SQL can do arithmetic on.
public protocol _Numeric {}
extension Int: _Numeric {}
extension Int64: _Numeric {}
extension Int32: _Numeric {}
extension Double: _Numeric {}
extension Float: _Numeric {}
extension Optional: _Numeric where Wrapped: _Numeric {}

extension QueryExpression where QueryValue: _Numeric {
  @_disfavoredOverload
  public static func + (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<QueryValue> {
    binary(lhs, "+", rhs)
  }
  @_disfavoredOverload
  public static func - (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<QueryValue> {
    binary(lhs, "-", rhs)
  }
  @_disfavoredOverload
  public static func * (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<QueryValue> {
    binary(lhs, "*", rhs)
  }
  @_disfavoredOverload
  public static func / (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<QueryValue> {
    binary(lhs, "/", rhs)
  }
  @_disfavoredOverload
  public static prefix func - (expression: Self) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("-(" + expression.queryFragment + ")")
  }
  @_disfavoredOverload
  public static prefix func + (expression: Self) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("+(" + expression.queryFragment + ")")
  }
}

/// Integers, and optional integers: the operands of `%` and the bitwise operators.
public protocol _Integer: _Numeric {}
extension Int: _Integer {}
extension Int64: _Integer {}
extension Int32: _Integer {}
extension Optional: _Integer where Wrapped: _Integer {}

extension QueryExpression where QueryValue: _Integer {
  /// `%`: the remainder, NULL when dividing by zero.
  @_disfavoredOverload
  public static func % (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<QueryValue?> {
    binary(lhs, "%", rhs)
  }
  @_disfavoredOverload
  public static func & (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<QueryValue> {
    binary(lhs, "&", rhs)
  }
  @_disfavoredOverload
  public static func | (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<QueryValue> {
    binary(lhs, "|", rhs)
  }
  @_disfavoredOverload
  public static func << (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<QueryValue> {
    binary(lhs, "<<", rhs)
  }
  @_disfavoredOverload
  public static func >> (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<QueryValue> {
    binary(lhs, ">>", rhs)
  }
  @_disfavoredOverload
  public static prefix func ~ (expression: Self) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("~(" + expression.queryFragment + ")")
  }
}

// MARK: - Text

extension QueryExpression where QueryValue == String {
  /// `||`: concatenation.
  @_disfavoredOverload
  public static func + (lhs: Self, rhs: some QueryExpression<String>) -> SQLQueryExpression<String> {
    binary(lhs, "||", rhs)
  }
}

// MARK: - Collections and ranges

extension Sequence where Element: QueryExpression, Element.QueryValue: QueryBindable {
  /// Whether an expression's value is one of these: `[1, 2].contains($0.id)` is
  /// `("t"."id") IN ((1), (2))`.
  public func contains(_ expression: some QueryExpression<Element.QueryValue>) -> SQLQueryExpression<Bool> {
    expression.in(self)
  }
}

extension ClosedRange where Bound: QueryExpression, Bound.QueryValue == Bound, Bound: QueryBindable {
  /// Whether an expression's value is in the range: `(0...10).contains($0.c)` is
  /// `"t"."c" BETWEEN 0 AND 10`.
  public func contains(_ expression: some QueryExpression<Bound>) -> SQLQueryExpression<Bool> {
    expression.between(lowerBound, and: upperBound)
  }
}

extension PartialSelectStatement {
  /// Whether an expression's value is one of the rows this statement selects: `IN (SELECT …)`.
  @_disfavoredOverload
  public func contains(_ expression: some QueryExpression<QueryValue>) -> SQLQueryExpression<Bool> {
    expression.in(self)
  }
}

extension QueryExpression where QueryValue: QueryBindable {
  /// `IN ((1), (2), (3))`.
  public func `in`<S: Sequence>(_ values: S) -> SQLQueryExpression<Bool>
  where S.Element: QueryExpression<QueryValue> {
    let list = values.map { "(" + $0.queryFragment + ")" }.joined(separator: ", ")
    return SQLQueryExpression("(" + queryFragment + ") IN (" + list + ")")
  }

  /// `NOT IN ((1), (2))`.
  public func notIn<S: Sequence>(_ values: S) -> SQLQueryExpression<Bool>
  where S.Element: QueryExpression<QueryValue> {
    let list = values.map { "(" + $0.queryFragment + ")" }.joined(separator: ", ")
    return SQLQueryExpression("(" + queryFragment + ") NOT IN (" + list + ")")
  }

  /// `BETWEEN lower AND upper`.
  public func between(
    _ lower: some QueryExpression<QueryValue>, and upper: some QueryExpression<QueryValue>
  ) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(queryFragment + " BETWEEN " + lower.queryFragment + " AND " + upper.queryFragment)
  }
}

extension QueryExpression {
  /// `IN (SELECT …)`, the subquery inside the parentheses as written, as upstream renders it
  /// (other subqueries are indented on lines of their own).
  public func `in`(_ subquery: some PartialSelectStatement) -> SQLQueryExpression<Bool> {
    SQLQueryExpression("(" + queryFragment + ") IN (" + Self.body(of: subquery) + ")")
  }

  /// `NOT IN (SELECT …)`.
  public func notIn(_ subquery: some PartialSelectStatement) -> SQLQueryExpression<Bool> {
    SQLQueryExpression("(" + queryFragment + ") NOT IN (" + Self.body(of: subquery) + ")")
  }

  /// A query that selects nothing (a select on `.none`) still makes valid SQL.
  private static func body(of subquery: some PartialSelectStatement) -> QueryFragment {
    subquery.query.isEmpty ? "SELECT NULL WHERE 0" : subquery.query
  }
}
