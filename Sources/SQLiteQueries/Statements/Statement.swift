import SQLiteEngine

/// A SQL statement whose rows decode to `QueryValue`.
public protocol Statement<QueryValue>: QueryExpression {
  /// The statement's SQL, clauses on separate lines, without surrounding parentheses.
  var query: QueryFragment { get }
}

extension Statement {
  /// A statement used as a value (a subquery) is parenthesized, its lines indented:
  /// `(⏎  SELECT …⏎)`.
  public var queryFragment: QueryFragment {
    guard !query.isEmpty else { return "(SELECT NULL WHERE 0)" }
    return "(\n" + query.indented() + "\n)"
  }
}

/// A statement that can be a subquery, a compound operand or a CTE body.
public protocol PartialSelectStatement<QueryValue>: Statement {}

extension QueryFragment {
  /// Each line indented by two spaces (bindings are unaffected).
  public func indented(by indentation: String = "  ") -> QueryFragment {
    var result: QueryFragment = QueryFragment(indentation)
    for segment in segments {
      switch segment {
      case .sql(let text):
        result.append(.sql(text.replacingOccurrences(of: "\n", with: "\n" + indentation)))
      case .binding:
        result.append(segment)
      }
    }
    return result
  }
}

extension Statement {
  /// The SQL as executed, with a `?` for each binding.
  public var sql: String { query.prepare().sql }
}
