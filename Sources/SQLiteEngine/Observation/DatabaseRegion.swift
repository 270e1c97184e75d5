/// A set of tables, and of columns within them, that a statement reads.
///
/// Table names compare case-insensitively, as SQLite's do. A table recorded without columns
/// stands for all of its columns.
public struct DatabaseRegion: Hashable, Sendable, CustomStringConvertible {
  /// Lowercased table name → columns read (lowercased), or nil for the whole table.
  public private(set) var tables: [String: Set<String>?] = [:]

  public init() {}

  public init(tables names: some Sequence<String>) {
    for name in names { insert(table: name) }
  }

  public var isEmpty: Bool { tables.isEmpty }

  public mutating func insert(table: String, column: String? = nil) {
    let key = table.lowercased()
    guard let column else {
      tables[key] = .some(nil)
      return
    }
    switch tables[key] {
    case .none: tables[key] = [column.lowercased()]
    case .some(.none): break
    case .some(.some(var columns)):
      columns.insert(column.lowercased())
      tables[key] = columns
    }
  }

  public mutating func formUnion(_ other: DatabaseRegion) {
    // A fetch's region starts empty and takes its first statement's whole.
    guard !tables.isEmpty else {
      tables = other.tables
      return
    }
    // The other's names are lowercased already.
    for (table, columns) in other.tables {
      switch (tables[table], columns) {
      case (.none, _): tables[table] = columns
      case (.some(.none), _): break
      case (.some(.some), .none): tables[table] = .some(nil)
      case (.some(.some(let mine)), .some(let theirs)): tables[table] = mine.union(theirs)
      }
    }
  }

  public func union(_ other: DatabaseRegion) -> DatabaseRegion {
    var region = self
    region.formUnion(other)
    return region
  }

  /// Whether a change to any of these tables may change what the region reads. A virtual table
  /// (FTS5) stores its rows in shadow tables named after it (`reminderTexts_content`), and a change
  /// to those is a change to it.
  public func isModified(byTables changed: some Sequence<String>) -> Bool {
    changed.contains { table in
      let name = table.lowercased()
      if tables[name] != nil { return true }
      guard let separator = name.lastIndex(of: "_") else { return false }
      return tables[String(name[..<separator])] != nil
    }
  }

  public var description: String {
    tables.keys.sorted().map { table in
      guard let columns = tables[table] ?? nil else { return table }
      return "\(table)(\(columns.sorted().joined(separator: ",")))"
    }.joined(separator: ", ")
  }
}
