/// A piece of SQL: text, and the values bound into it.
///
/// Fragments are built by interpolation, which keeps values out of the SQL text:
///
///     let fragment: QueryFragment = "SELECT * FROM items WHERE title = \(bind: title)"
///
/// `debugDescription` is the display form, with bindings written as SQL literals; `inlinedSQL`
/// the same with literals that read back exactly; ``prepare(_:)`` gives the executed form, with a
/// `?` parameter where each binding goes.
public struct QueryFragment: Hashable, Sendable {
  public enum Segment: Hashable, Sendable {
    case sql(String)
    case binding(QueryBinding)
  }

  public private(set) var segments: [Segment] = []

  public init() {}

  public init(_ sql: String) {
    if !sql.isEmpty { segments = [.sql(sql)] }
  }

  public init(segments: [Segment]) {
    for segment in segments { append(segment) }
  }

  /// The same fragment with the quoted identifier `name` replaced by `replacement`, quoted, in
  /// its SQL text (bindings are left alone).
  public func replacingIdentifier(_ name: String, with replacement: String) -> QueryFragment {
    let target = Self.quoted(name, delimiter: .identifier)
    let quotedReplacement = Self.quoted(replacement, delimiter: .identifier)
    return QueryFragment(
      segments: segments.map {
        guard case .sql(let text) = $0 else { return $0 }
        return .sql(text.replacingOccurrences(of: target, with: quotedReplacement))
      })
  }

  /// The same fragment with the first occurrence of `target` in its SQL text replaced.
  func replacingFirst(_ target: String, with replacement: String) -> QueryFragment {
    var replaced = false
    return QueryFragment(
      segments: segments.map {
        guard !replaced, case .sql(let text) = $0, let range = text.range(of: target) else { return $0 }
        replaced = true
        return .sql(text.replacingCharacters(in: range, with: replacement))
      })
  }

  /// A quoted identifier (`"it""s"`) or text literal (`'it''s'`).
  public init(quote string: String, delimiter: QuoteDelimiter = .identifier) {
    self.init(Self.quoted(string, delimiter: delimiter))
  }

  /// Doubles the delimiter inside the string and surrounds it with it. Plain Swift, because this
  /// runs for every identifier of every statement built.
  static func quoted(_ string: String, delimiter: QuoteDelimiter) -> String {
    let mark: Character = delimiter == .identifier ? "\"" : "'"
    let markByte = delimiter == .identifier ? UInt8(ascii: "\"") : UInt8(ascii: "'")
    // Bytes, not Characters: a grapheme-by-grapheme scan would cost more than the rest.
    guard string.utf8.contains(markByte) else {
      var result = ""
      result.reserveCapacity(string.utf8.count + 2)
      result.append(mark)
      result += string
      result.append(mark)
      return result
    }
    // Doubled byte by byte: a mark followed by a combining character is one Character, and a
    // Character-wise scan would leave it single.
    var bytes: [UInt8] = [markByte]
    bytes.reserveCapacity(string.utf8.count + 4)
    for byte in string.utf8 {
      if byte == markByte { bytes.append(markByte) }
      bytes.append(byte)
    }
    bytes.append(markByte)
    return String(decoding: bytes, as: UTF8.self)
  }

  public enum QuoteDelimiter: String, Sendable {
    case identifier = "\""
    case text = "'"
  }

  public var isEmpty: Bool { segments.isEmpty }

  public mutating func append(_ other: QueryFragment) {
    for segment in other.segments { append(segment) }
  }

  public mutating func append(_ segment: Segment) {
    if case .sql(let text) = segment {
      guard !text.isEmpty else { return }
      if case .sql(let previous) = segments.last {
        segments[segments.count - 1] = .sql(previous + text)
        return
      }
    }
    segments.append(segment)
  }

  public static func + (lhs: QueryFragment, rhs: QueryFragment) -> QueryFragment {
    var fragment = lhs
    fragment.append(rhs)
    return fragment
  }

  public static func += (lhs: inout QueryFragment, rhs: QueryFragment) { lhs.append(rhs) }

  /// The executed form: SQL with a placeholder for each binding, made by `template` from the
  /// binding's 1-based position, and the bindings in order.
  public func prepare(_ template: (Int) -> String = { _ in "?" }) -> (sql: String, bindings: [QueryBinding]) {
    var sql = ""
    var bindings: [QueryBinding] = []
    for segment in segments {
      switch segment {
      case .sql(let text): sql += text
      case .binding(let binding):
        bindings.append(binding)
        sql += template(bindings.count)
      }
    }
    return (sql, bindings)
  }
}

extension QueryFragment: CustomDebugStringConvertible {
  /// The display form: bindings written inline as upstream's debug builds show them (see
  /// `QueryBinding.displayLiteral`).
  public var debugDescription: String {
    segments.map { segment in
      switch segment {
      case .sql(let text): text
      case .binding(let binding): binding.displayLiteral
      }
    }.joined()
  }

  /// The SQL with each binding written inline as a literal that reads back the same value: for
  /// statements that cannot take parameters, and as a key that tells any two queries apart.
  public var inlinedSQL: String {
    segments.map { segment in
      switch segment {
      case .sql(let text): text
      case .binding(let binding): binding.literal
      }
    }.joined()
  }
}

extension Sequence<QueryFragment> {
  public func joined(separator: QueryFragment = QueryFragment()) -> QueryFragment {
    var result = QueryFragment()
    for (index, fragment) in enumerated() {
      if index > 0 { result.append(separator) }
      result.append(fragment)
    }
    return result
  }
}

// MARK: - Interpolation

extension QueryFragment: ExpressibleByStringInterpolation {
  public init(stringLiteral value: String) { self.init(value) }

  public init(stringInterpolation: StringInterpolation) { self = stringInterpolation.fragment }

  public struct StringInterpolation: StringInterpolationProtocol {
    var fragment = QueryFragment()

    public init(literalCapacity: Int, interpolationCount: Int) {}

    public mutating func appendLiteral(_ literal: String) { fragment.append(.sql(literal)) }

    /// An expression: a column, a computed expression, a bound value.
    public mutating func appendInterpolation(_ expression: some QueryExpression) {
      fragment.append(expression.queryFragment)
    }

    /// A value bound as a parameter, never spliced into the SQL text.
    public mutating func appendInterpolation(bind value: some QueryBindable) {
      fragment.append(.binding(value.queryBinding))
    }

    /// An optional value, bound as NULL when nil.
    public mutating func appendInterpolation<Value: QueryBindable>(bind value: Value?) {
      fragment.append(.binding(value?.queryBinding ?? .null))
    }

    /// A binding made by hand.
    public mutating func appendInterpolation(_ binding: QueryBinding) {
      fragment.append(.binding(binding))
    }

    /// Text spliced into the SQL as it is: only for SQL you wrote, never for user input.
    public mutating func appendInterpolation(raw sql: String) { fragment.append(.sql(sql)) }

    /// A number or other value spliced into the SQL as its description.
    public mutating func appendInterpolation(raw value: some LosslessStringConvertible) {
      fragment.append(.sql(value.description))
    }

    /// A quoted identifier or text literal.
    public mutating func appendInterpolation(quote string: String, delimiter: QuoteDelimiter = .identifier) {
      fragment.append(QueryFragment(quote: string, delimiter: delimiter))
    }

    /// A table's name, as FROM names it: `\(Reminder.self)` is `"reminders"`.
    public mutating func appendInterpolation<T: Table>(_ table: T.Type) {
      fragment.append(T.tableFragment)
    }

    /// A statement, as it is (no parentheses).
    public mutating func appendInterpolation(_ statement: some Statement) {
      fragment.append(statement.query)
    }

    /// Another fragment, as it is.
    public mutating func appendInterpolation(_ other: QueryFragment) { fragment.append(other) }
  }
}

extension String {
  /// The string quoted for SQL: an identifier (`"it""s"`), or a text literal (`'it''s'`).
  public func quoted(_ delimiter: QueryFragment.QuoteDelimiter = .identifier) -> String {
    QueryFragment.quoted(self, delimiter: delimiter)
  }
}
