/// `name(arguments…)` typed by its result.
func function<Result>(_ name: String, _ arguments: QueryFragment...) -> SQLQueryExpression<Result> {
  SQLQueryExpression(QueryFragment("\(raw: name)(") + arguments.joined(separator: ", ") + ")")
}

extension QueryExpression where QueryValue == String {
  public func length() -> SQLQueryExpression<Int> { function("length", queryFragment) }
  public func lower() -> SQLQueryExpression<String> { function("lower", queryFragment) }
  public func upper() -> SQLQueryExpression<String> { function("upper", queryFragment) }
  public func trim() -> SQLQueryExpression<String> { function("trim", queryFragment) }
  public func ltrim() -> SQLQueryExpression<String> { function("ltrim", queryFragment) }
  public func rtrim() -> SQLQueryExpression<String> { function("rtrim", queryFragment) }

  public func substr(_ offset: Int, _ length: Int? = nil) -> SQLQueryExpression<String> {
    guard let length else { return function("substr", queryFragment, "\(raw: offset)") }
    return function("substr", queryFragment, "\(raw: offset)", "\(raw: length)")
  }

  public func replace(_ pattern: String, _ replacement: String) -> SQLQueryExpression<String> {
    function("replace", queryFragment, pattern.queryFragment, replacement.queryFragment)
  }

  /// The 1-based position of `needle` in the text, 0 when absent: `"Jr".instr($0.name)`.
  public func instr(_ needle: some QueryExpression<String>) -> SQLQueryExpression<Int> {
    function("instr", queryFragment, needle.queryFragment)
  }

  /// `trim(x, characters)`, `ltrim` and `rtrim`: the characters removed from both ends, the start
  /// or the end.
  public func trim(_ characters: String) -> SQLQueryExpression<String> {
    function("trim", queryFragment, characters.queryFragment)
  }
  public func ltrim(_ characters: String) -> SQLQueryExpression<String> {
    function("ltrim", queryFragment, characters.queryFragment)
  }
  public func rtrim(_ characters: String) -> SQLQueryExpression<String> {
    function("rtrim", queryFragment, characters.queryFragment)
  }

  /// The number of bytes of the text in UTF-8 (SQLite 3.43 and later).
  public func octetLength() -> SQLQueryExpression<Int> { function("octet_length", queryFragment) }

  /// The code point of the first character.
  public func unicode() -> SQLQueryExpression<Int?> { function("unicode", queryFragment) }

  /// The bytes a hexadecimal text stands for, NULL if it is not one (SQLite 3.41 and later);
  /// `ignoring` lists separator characters to skip.
  public func unhex(_ ignoring: String? = nil) -> SQLQueryExpression<[UInt8]?> {
    guard let ignoring else { return function("unhex", queryFragment) }
    return function("unhex", queryFragment, ignoring.queryFragment)
  }

  /// `length(x)`, under the name Swift strings give it.
  public var count: SQLQueryExpression<Int> { length() }

  /// `("t"."c" LIKE 'a%')`, with an optional escape character.
  public func like(_ pattern: String, escape: Character? = nil) -> SQLQueryExpression<Bool> {
    var fragment = "(" + queryFragment + " LIKE " + pattern.queryFragment
    if let escape { fragment.append(" ESCAPE " + String(escape).queryFragment) }
    return SQLQueryExpression(fragment + ")")
  }

  /// `(x) GLOB ('a*')`.
  public func glob(_ pattern: String) -> SQLQueryExpression<Bool> { binary(self, "GLOB", pattern) }

  // Disfavored, so that a plain Swift string keeps the standard library's methods.

  /// Text starting with `prefix` (a LIKE pattern; `%` and `_` in it are wildcards).
  @_disfavoredOverload
  public func hasPrefix(_ prefix: some StringProtocol) -> SQLQueryExpression<Bool> { like("\(prefix)%") }
  @_disfavoredOverload
  public func hasSuffix(_ suffix: some StringProtocol) -> SQLQueryExpression<Bool> { like("%\(suffix)") }
  @_disfavoredOverload
  public func contains(_ other: some StringProtocol) -> SQLQueryExpression<Bool> { like("%\(other)%") }

}

extension QueryExpression where QueryValue == Bool {
  /// `likely(x)`, `unlikely(x)` and `likelihood(x, p)`: hints to the query planner of how often
  /// a condition holds; the value is unchanged.
  public func likely() -> SQLQueryExpression<Bool> { function("likely", queryFragment) }
  public func unlikely() -> SQLQueryExpression<Bool> { function("unlikely", queryFragment) }
  public func likelihood(_ probability: Double) -> SQLQueryExpression<Bool> {
    function("likelihood", queryFragment, probability.queryFragment)
  }
}

extension QueryExpression where QueryValue == Int {
  /// `randomblob(n)`: n random bytes.
  public func randomblob() -> SQLQueryExpression<[UInt8]> { function("randomblob", queryFragment) }
  /// `zeroblob(n)`: n zero bytes.
  public func zeroblob() -> SQLQueryExpression<[UInt8]> { function("zeroblob", queryFragment) }
}

extension QueryExpression {
  /// `quote(x)`: the value as an SQL literal.
  public func quote() -> SQLQueryExpression<String> { function("quote", queryFragment) }
  /// `hex(x)`: the value's bytes in upper-case hexadecimal.
  public func hex() -> SQLQueryExpression<String> { function("hex", queryFragment) }
}

extension QueryExpression where QueryValue: _Numeric {
  public func abs() -> SQLQueryExpression<QueryValue> { function("abs", queryFragment) }
  /// `sign(x)`: -1, 0 or 1.
  public func sign() -> SQLQueryExpression<Int> { function("sign", queryFragment) }
  public func round(_ digits: Int? = nil) -> SQLQueryExpression<Double> {
    guard let digits else { return function("round", queryFragment) }
    return function("round", queryFragment, "\(raw: digits)")
  }
}

extension QueryExpression {
  /// `CAST(x AS INTEGER)` and friends.
  public func cast<Target: QueryBindable>(as type: Target.Type = Target.self) -> SQLQueryExpression<Target> {
    return SQLQueryExpression(
      QueryFragment("CAST(") + queryFragment + " AS \(raw: Self.affinity(of: Target.self)))")
  }

  /// The type SQLite casts to for a Swift type (optionals cast as their wrapped type).
  static func affinity(of type: Any.Type) -> String {
    switch type {
    case is Int.Type, is Int64.Type, is Int32.Type, is Bool.Type, is Int?.Type, is Int64?.Type, is Bool?.Type:
      return "INTEGER"
    case is Double.Type, is Float.Type, is Double?.Type: return "REAL"
    case is [UInt8].Type, is [UInt8]?.Type: return "BLOB"
    default: return "TEXT"
    }
  }

  /// `ifnull(x, other)`.
  public func ifnull(_ other: some QueryExpression) -> SQLQueryExpression<QueryValue> {
    function("ifnull", queryFragment, other.queryFragment)
  }
}

/// `a ?? b ?? c` → `coalesce(a, b, c)`.
@_disfavoredOverload
public func ?? <Value>(
  lhs: some QueryExpression<Value?>, rhs: some QueryExpression<Value>
) -> SQLQueryExpression<Value> {
  SQLQueryExpression(coalescing: coalesceArguments(lhs) + coalesceArguments(rhs))
}

/// `a ?? b` where both may be NULL.
@_disfavoredOverload
public func ?? <Value>(
  lhs: some QueryExpression<Value?>, rhs: some QueryExpression<Value?>
) -> SQLQueryExpression<Value?> {
  SQLQueryExpression(coalescing: coalesceArguments(lhs) + coalesceArguments(rhs))
}

/// An operand's arguments in one flat `coalesce(…)`: those of a `??` it already is, or itself.
/// (`??` groups to the right, so `a ?? b ?? c` is `a ?? (b ?? c)`.)
func coalesceArguments(_ expression: some QueryExpression) -> [QueryFragment] {
  (expression as? any CoalescedExpression)?.coalescedArguments ?? [expression.queryFragment]
}
