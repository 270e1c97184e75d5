/// Values bound to a statement's parameters: by position (`?`), by name (`:name`, `@name`,
/// `$name`), or both.
///
/// The values are kept as they were given and bound straight into the statement, with no
/// intermediate ``DatabaseValue``.
public struct StatementArguments: Sendable {
  @usableFromInline var positional: [(any DatabaseValueConvertible)?]
  @usableFromInline var named: [String: (any DatabaseValueConvertible)?]

  /// No arguments.
  @inlinable
  public init() {
    positional = []
    named = [:]
  }

  @inlinable
  public init(_ values: [(any DatabaseValueConvertible)?]) {
    positional = values
    named = [:]
  }

  public init(_ values: [DatabaseValue], named namedValues: [String: DatabaseValue] = [:]) {
    // Wrapped one by one: converting the whole array goes through a dynamic cast per element.
    positional = values.map { $0 }
    named = namedValues.mapValues { $0 }
  }

  @usableFromInline
  init(
    _ values: [(any DatabaseValueConvertible)?], named namedValues: [String: (any DatabaseValueConvertible)?]
  ) {
    positional = values
    named = namedValues
  }

  public init(named values: [String: (any DatabaseValueConvertible)?]) {
    positional = []
    named = values
  }

  /// The positional values, as SQLite stores them.
  public var values: [DatabaseValue] { positional.map { $0?.databaseValue ?? .null } }

  /// The named values, as SQLite stores them.
  public var namedValues: [String: DatabaseValue] { named.mapValues { $0?.databaseValue ?? .null } }

  public var isEmpty: Bool { positional.isEmpty && named.isEmpty }

  public static func + (lhs: StatementArguments, rhs: StatementArguments) -> StatementArguments {
    var sum = lhs
    sum.positional += rhs.positional
    sum.named.merge(rhs.named) { $1 }
    return sum
  }
}

extension StatementArguments: Hashable {
  public static func == (lhs: StatementArguments, rhs: StatementArguments) -> Bool {
    lhs.values == rhs.values && lhs.namedValues == rhs.namedValues
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(values)
    hasher.combine(namedValues)
  }
}

extension StatementArguments: CustomStringConvertible {
  /// `[1, 'Milk', name: 'x']`
  public var description: String {
    let positional = values.map(\.description)
    let named = namedValues.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    return "[" + (positional + named).joined(separator: ", ") + "]"
  }
}

extension StatementArguments: ExpressibleByArrayLiteral {
  @inlinable
  public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) { self.init(elements) }
}

extension StatementArguments: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
    self.init(named: Dictionary(elements) { $1 })
  }
}
