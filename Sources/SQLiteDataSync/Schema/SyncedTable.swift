import SQLiteEngine

/// What the engine knows of one synchronized table, read from SQLite's own schema.
struct SyncedTable: Sendable, Hashable {
  struct ForeignKey: Sendable, Hashable {
    var column: String
    var parentTable: String
    var parentColumn: String
    var onDelete: String
  }

  let name: String
  let columns: [String]
  let primaryKey: String
  let foreignKeys: [ForeignKey]
  /// Private tables sync across one user's devices but are never shared: no parent, default zone.
  let isPrivate: Bool

  /// Statements run for every record a sync moves, written once.
  let selectRowSQL: String
  /// The rows of a JSON array of primary keys, each followed by its key as given.
  let selectRowsSQL: String
  let insertRowSQL: String
  let upsertRowSQL: String
  let deleteRowSQL: String
  /// The parent's record name, from the row itself: `<foreign key as text>:<parent table>`.
  let selectParentSQL: String?

  init(name: String, columns: [String], primaryKey: String, foreignKeys: [ForeignKey], isPrivate: Bool) {
    self.name = name
    self.columns = columns
    self.primaryKey = primaryKey
    self.foreignKeys = foreignKeys
    self.isPrivate = isPrivate
    selectRowSQL =
      "SELECT \(columns.map(quoted).joined(separator: ", ")) FROM \"main\".\(quoted(name)) WHERE \(quoted(primaryKey)) = ?"
    selectRowsSQL = """
      SELECT \(columns.map { "\"row\".\(quoted($0))" }.joined(separator: ", ")), "wanted"."value"
      FROM json_each(?) AS "wanted" JOIN "main".\(quoted(name)) AS "row" ON "row".\(quoted(primaryKey)) = "wanted"."value"
      """
    insertRowSQL = Self.insertSQL(table: name, columns: [primaryKey] + columns.filter { $0 != primaryKey })
    upsertRowSQL = Self.upsertSQL(
      table: name, primaryKey: primaryKey, otherColumns: columns.filter { $0 != primaryKey })
    deleteRowSQL = "DELETE FROM \"main\".\(quoted(name)) WHERE \(quoted(primaryKey)) = ?"
    let parentKey = isPrivate || foreignKeys.count != 1 ? nil : foreignKeys[0]
    selectParentSQL = parentKey.map {
      "SELECT CAST(\(quoted($0.column)) AS TEXT) || ':' || \(literal($0.parentTable)) FROM \"main\".\(quoted(name)) WHERE \(quoted(primaryKey)) = ?"
    }
  }

  /// Inserts a row with the primary key and `otherColumns`, or updates those of the row that has
  /// its primary key.
  static func insertSQL(table: String, columns: [String]) -> String {
    "INSERT INTO \"main\".\(quoted(table)) (\(columns.map(quoted).joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
  }

  static func upsertSQL(table: String, primaryKey: String, otherColumns: [String]) -> String {
    let updates = otherColumns.map { "\(quoted($0)) = excluded.\(quoted($0))" }
    return
      insertSQL(table: table, columns: [primaryKey] + otherColumns)
      + (updates.isEmpty
        ? " ON CONFLICT DO NOTHING"
        : " ON CONFLICT (\(quoted(primaryKey))) DO UPDATE SET \(updates.joined(separator: ", "))")
  }

  /// The parent of a row: the one foreign key of a table that has exactly one. Tables with several
  /// (join tables) have none, as in the seeds' library.
  var parentKey: ForeignKey? {
    guard !isPrivate, foreignKeys.count == 1 else { return nil }
    return foreignKeys[0]
  }

  /// Reads a table's columns, primary key and foreign keys from the database.
  static func read(_ name: String, isPrivate: Bool, from db: Database) throws -> SyncedTable {
    guard try db.tableExists(name) else { throw SchemaError.tableNotFound(name) }
    let columns = try Row.fetchAll(
      db, sql: "SELECT name, pk FROM pragma_table_xinfo(?) WHERE hidden IN (0, 2, 3)", arguments: [name])
    let generated = try String.fetchAll(
      db, sql: "SELECT name FROM pragma_table_xinfo(?) WHERE hidden IN (2, 3)", arguments: [name])
    let primaryKeys = try columns.filter { try $0.decode(Int.self, at: 1) > 0 }.map {
      try $0.decode(String.self, at: 0)
    }
    guard primaryKeys.count == 1 else { throw SchemaError.primaryKey(table: name, found: primaryKeys) }
    let foreignKeys = try Row.fetchAll(
      db, sql: #"SELECT "table", "from", "to", "on_delete", "id", "seq" FROM pragma_foreign_key_list(?)"#,
      arguments: [name]
    ).map { row in
      ForeignKey(
        column: try row.decode(String.self, at: 1), parentTable: try row.decode(String.self, at: 0),
        parentColumn: try row.decode(String?.self, at: 2) ?? "", onDelete: try row.decode(String.self, at: 3))
    }
    return SyncedTable(
      name: name,
      columns: try columns.map { try $0.decode(String.self, at: 0) }.filter { !generated.contains($0) },
      primaryKey: primaryKeys[0], foreignKeys: foreignKeys, isPrivate: isPrivate)
  }
}

/// A synchronized table that breaks a rule of sync: found when the engine is made.
public enum SchemaError: Error, Hashable, Sendable, CustomStringConvertible {
  case tableNotFound(String)
  case invalidTableName(String)
  case primaryKey(table: String, found: [String])
  case uniqueIndex(table: String, index: String)
  case foreignKeyToUnsyncedTable(table: String, column: String, parent: String)
  case foreignKeyAction(table: String, column: String, action: String)
  case cycle([String])

  public var description: String {
    switch self {
    case .tableNotFound(let table):
      "The synchronized table '\(table)' does not exist: create it in a migration before making the SyncEngine."
    case .invalidTableName(let table):
      "The table name '\(table)' cannot be synchronized: record names are '<primary key>:<table>', so a table name may not contain ':'."
    case .primaryKey(let table, let found):
      "The table '\(table)' needs exactly one primary-key column to be synchronized (found \(found.isEmpty ? "none" : found.joined(separator: ", "))). Use a UUID text primary key."
    case .uniqueIndex(let table, let index):
      "The table '\(table)' has the unique index '\(index)': two devices can each create a row that is valid alone, and the server cannot merge them. Drop the uniqueness or enforce it in the app."
    case .foreignKeyToUnsyncedTable(let table, let column, let parent):
      "'\(table).\(column)' refers to '\(parent)', which is not synchronized: add '\(parent)' to the SyncEngine's tables."
    case .foreignKeyAction(let table, let column, let action):
      "'\(table).\(column)' has ON DELETE \(action): a parent deleted on another device cannot be refused. Use ON DELETE CASCADE, SET NULL or SET DEFAULT."
    case .cycle(let tables):
      "The foreign keys of \(tables.map { "'\($0)'" }.joined(separator: ", ")) form a cycle: records could never be sent parents first."
    }
  }
}

/// Checks the synchronized tables against the rules of sync and orders them parents first.
func validatedSchema(_ tables: [SyncedTable], in db: Database) throws -> [SyncedTable] {
  let names = Set(tables.map(\.name))
  for table in tables {
    if table.name.contains(":") { throw SchemaError.invalidTableName(table.name) }
    let unique = try Row.fetchAll(
      db, sql: #"SELECT "name", "unique", "origin" FROM pragma_index_list(?)"#, arguments: [table.name])
    for index in unique
    where try index.decode(Int.self, at: 1) == 1 && index.decode(String.self, at: 2) != "pk" {
      throw SchemaError.uniqueIndex(table: table.name, index: try index.decode(String.self, at: 0))
    }
    for key in table.foreignKeys {
      guard names.contains(key.parentTable) else {
        throw SchemaError.foreignKeyToUnsyncedTable(
          table: table.name, column: key.column, parent: key.parentTable)
      }
      let action = key.onDelete.uppercased()
      if table.foreignKeys.count == 1, action == "RESTRICT" || action == "NO ACTION" {
        throw SchemaError.foreignKeyAction(table: table.name, column: key.column, action: action)
      }
    }
  }
  // Depth-first topological sort; a table met again while on the path closes a cycle.
  let byName = Dictionary(uniqueKeysWithValues: tables.map { ($0.name, $0) })
  var ordered: [SyncedTable] = []
  var done = Set<String>()
  var path: [String] = []
  func visit(_ name: String) throws {
    if done.contains(name) { return }
    if let start = path.firstIndex(of: name) { throw SchemaError.cycle(Array(path[start...])) }
    path.append(name)
    for key in byName[name]!.foreignKeys { try visit(key.parentTable) }
    path.removeLast()
    done.insert(name)
    ordered.append(byName[name]!)
  }
  for table in tables { try visit(table.name) }
  return ordered
}

extension SyncedTable {
  /// For each table, the tables a deletion from it reaches through ON DELETE CASCADE, however
  /// deep: worked out once, when the engine is made, from the foreign keys read then.
  static func cascadeTargets(in tables: [SyncedTable]) -> [String: Set<String>] {
    Dictionary(
      uniqueKeysWithValues: tables.map { table in
        var reached: Set<String> = []
        var frontier = [table.name]
        while let parent = frontier.popLast() {
          for child in tables where !reached.contains(child.name) {
            let cascades = child.foreignKeys.contains {
              $0.parentTable == parent && $0.onDelete.uppercased() == "CASCADE"
            }
            if cascades {
              reached.insert(child.name)
              frontier.append(child.name)
            }
          }
        }
        return (table.name, reached)
      })
  }
}
