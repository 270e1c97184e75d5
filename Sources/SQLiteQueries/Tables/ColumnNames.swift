import Synchronization

/// The column names of each table type, worked out once: statements are built for every insert
/// and update, and listing the columns anew each time is most of their cost.
enum ColumnNames {
  /// Every table type's names, once known: the types are a program's own, a fixed number.
  private static let cache = Mutex<[ObjectIdentifier: Names]>([:])

  struct Names: Sendable {
    let all: [String]
    let writable: [String]
    /// `"a", "b"`: the writable columns as an INSERT lists them.
    let quotedWritable: QueryFragment
  }

  static func all<Definition: TableDefinition>(_ definition: Definition.Type) -> [String] {
    names(definition).all
  }

  static func writable<Definition: TableDefinition>(_ definition: Definition.Type) -> [String] {
    names(definition).writable
  }

  /// The writable columns, quoted and comma-separated.
  static func quotedWritable<Definition: TableDefinition>(_ definition: Definition.Type) -> QueryFragment {
    names(definition).quotedWritable
  }

  private static func names<Definition: TableDefinition>(_ definition: Definition.Type) -> Names {
    let key = ObjectIdentifier(definition)
    if let names = cache.withLock({ $0[key] }) { return names }
    let writable = Definition.writableColumns.map { $0.name }
    let names = Names(
      all: Definition.allColumns.map { $0.name }, writable: writable, quotedWritable: quotedList(writable))
    cache.withLock { $0[key] = names }
    return names
  }
}
