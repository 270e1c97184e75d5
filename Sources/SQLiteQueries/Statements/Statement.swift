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
      case .sql(let text): result.append(.sql(Self.indenting(text, by: indentation)))
      case .binding: result.append(segment)
      }
    }
    return result
  }

  /// `text` with `indentation` after each line break. Plain Swift over the UTF-8 bytes: every
  /// subquery of every statement built goes through here.
  static func indenting(_ text: String, by indentation: String) -> String {
    let newline = UInt8(ascii: "\n")
    let utf8 = text.utf8
    guard utf8.contains(newline) else { return text }
    var result = ""
    result.reserveCapacity(utf8.count + 8 * indentation.utf8.count)
    var lineStart = utf8.startIndex
    var index = lineStart
    while index != utf8.endIndex {
      let next = utf8.index(after: index)
      if utf8[index] == newline {
        // A line break is one byte, so its bounds are character bounds too.
        result += text[lineStart..<next]
        result += indentation
        lineStart = next
      }
      index = next
    }
    result += text[lineStart...]
    return result
  }
}

extension Statement {
  /// The SQL as executed, with a `?` for each binding.
  public var sql: String { query.prepare().sql }
}
