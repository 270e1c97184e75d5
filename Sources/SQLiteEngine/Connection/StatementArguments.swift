/// Values bound to a statement's parameters: by position (`?`), by name (`:name`, `@name`,
/// `$name`), or both.
public struct StatementArguments: Hashable, Sendable, CustomStringConvertible {
  public var values: [DatabaseValue]
  public var namedValues: [String: DatabaseValue]

  /// No arguments.
  public init() {
    values = []
    namedValues = [:]
  }

  public init(_ values: [DatabaseValue], named namedValues: [String: DatabaseValue] = [:]) {
    self.values = values
    self.namedValues = namedValues
  }

  public init(_ values: [(any DatabaseValueConvertible)?]) {
    self.init(values.map { $0?.databaseValue ?? .null })
  }

  public init(named values: [String: (any DatabaseValueConvertible)?]) {
    self.init([], named: values.mapValues { $0?.databaseValue ?? .null })
  }

  public var isEmpty: Bool { values.isEmpty && namedValues.isEmpty }

  public var description: String {
    let positional = values.map(\.description)
    let named = namedValues.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    return "[" + (positional + named).joined(separator: ", ") + "]"
  }

  public static func + (lhs: StatementArguments, rhs: StatementArguments) -> StatementArguments {
    StatementArguments(
      lhs.values + rhs.values, named: lhs.namedValues.merging(rhs.namedValues) { $1 })
  }
}

extension StatementArguments: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) { self.init(elements) }
}

extension StatementArguments: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
    self.init([], named: Dictionary(elements.map { ($0.0, $0.1?.databaseValue ?? .null) }) { $1 })
  }
}
