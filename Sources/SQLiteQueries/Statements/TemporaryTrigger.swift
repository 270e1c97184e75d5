import SQLiteEngine

/// `CREATE TEMPORARY TRIGGER`: statements SQLite runs for each row inserted into, updated in or
/// deleted from `On`. Temporary triggers live on one connection, so they are created in
/// `prepareDatabase` or once on the writer.
///
///     try Reminder.createTemporaryTrigger(
///       after: .insert { new in
///         Reminder.find(new.id).update { $0.position = Reminder.select { ($0.position.max() ?? -1) + 1 } }
///       }
///     )
///     .execute(db)
public struct TemporaryTrigger<On: Table>: Statement, Sendable {
  public typealias QueryValue = ()

  public let name: String
  let ifNotExists: Bool
  let timing: String
  let operation: TriggerOperation<On>

  public var query: QueryFragment {
    var query: QueryFragment = "CREATE TEMPORARY TRIGGER" + (ifNotExists ? " IF NOT EXISTS" : "")
    query.append("\n  " + QueryFragment(quote: name))
    query.append("\n\(raw: timing) \(raw: operation.event) ON " + On.tableFragment)
    query.append("\nFOR EACH ROW")
    if let condition = operation.condition { query.append(" WHEN " + condition) }
    query.append(" BEGIN")
    for statement in operation.body { query.append("\n" + statement.indented() + ";") }
    query.append("\nEND")
    return query
  }

  /// Creates the trigger. Triggers cannot have parameters, so values are written into the SQL.
  public func execute(_ db: Database) throws {
    try db.execute(sql: query.inlinedSQL)
  }

  /// `DROP TRIGGER "name"`.
  public func drop(ifExists: Bool = false) -> SQLQueryExpression<()> {
    SQLQueryExpression("DROP TRIGGER " + (ifExists ? "IF EXISTS " : "") + QueryFragment(quote: name))
  }
}

/// What sets a trigger off, with the statements it runs and an optional condition.
public struct TriggerOperation<On: Table>: Sendable {
  let event: String
  let kind: String
  let body: [QueryFragment]
  let condition: QueryFragment?

  /// After (or before) each inserted row; `new` is the row.
  public static func insert(
    @TriggerBodyBuilder forEachRow body: (_ new: On.TableColumns) -> [QueryFragment],
    when condition: ((_ new: On.TableColumns) -> any QueryExpression<Bool>)? = nil
  ) -> Self {
    let new = On.TableColumns(table: "new")
    return Self(event: "INSERT", kind: "insert", body: body(new), condition: condition?(new).queryFragment)
  }

  /// After (or before) each updated row; `old` and `new` are the row before and after.
  public static func update(
    @TriggerBodyBuilder forEachRow body: (_ old: On.TableColumns, _ new: On.TableColumns) -> [QueryFragment],
    when condition: ((_ old: On.TableColumns, _ new: On.TableColumns) -> any QueryExpression<Bool>)? = nil
  ) -> Self {
    let (old, new) = (On.TableColumns(table: "old"), On.TableColumns(table: "new"))
    return Self(
      event: "UPDATE", kind: "update", body: body(old, new), condition: condition?(old, new).queryFragment)
  }

  /// After (or before) each row whose given columns are updated: `UPDATE OF "title", "notes"`.
  public static func update<each Column: TableColumnExpression>(
    of columns: (On.TableColumns) -> (repeat each Column),
    @TriggerBodyBuilder forEachRow body: (_ old: On.TableColumns, _ new: On.TableColumns) -> [QueryFragment],
    when condition: ((_ old: On.TableColumns, _ new: On.TableColumns) -> any QueryExpression<Bool>)? = nil
  ) -> Self {
    var names: [String] = []
    for column in repeat each columns(On.columns) { names += column.flattenedColumns.map(\.name) }
    let (old, new) = (On.TableColumns(table: "old"), On.TableColumns(table: "new"))
    let event = "UPDATE OF " + names.map { $0.quoted() }.joined(separator: ", ")
    return Self(
      event: event, kind: "update", body: body(old, new), condition: condition?(old, new).queryFragment)
  }

  /// After (or before) each deleted row; `old` is the row.
  public static func delete(
    @TriggerBodyBuilder forEachRow body: (_ old: On.TableColumns) -> [QueryFragment],
    when condition: ((_ old: On.TableColumns) -> any QueryExpression<Bool>)? = nil
  ) -> Self {
    let old = On.TableColumns(table: "old")
    return Self(event: "DELETE", kind: "delete", body: body(old), condition: condition?(old).queryFragment)
  }
}

/// The statements of a trigger, one per line.
@resultBuilder
public enum TriggerBodyBuilder {
  public static func buildExpression(_ statement: some Statement) -> [QueryFragment] { [statement.query] }
  public static func buildBlock(_ components: [QueryFragment]...) -> [QueryFragment] {
    components.flatMap { $0 }
  }
  public static func buildOptional(_ component: [QueryFragment]?) -> [QueryFragment] { component ?? [] }
  public static func buildEither(first component: [QueryFragment]) -> [QueryFragment] { component }
  public static func buildEither(second component: [QueryFragment]) -> [QueryFragment] { component }
}

extension Table {
  /// A trigger that runs after each row is inserted, updated or deleted. Unnamed triggers are
  /// named after where they are declared, so that declaring them again replaces nothing by accident.
  public static func createTemporaryTrigger(
    _ name: String? = nil, ifNotExists: Bool = false, after operation: TriggerOperation<Self>,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) -> TemporaryTrigger<Self> {
    trigger(name, ifNotExists, "AFTER", operation, at: "\(fileID):\(line):\(column)")
  }

  /// A trigger that runs before each row is inserted, updated or deleted.
  public static func createTemporaryTrigger(
    _ name: String? = nil, ifNotExists: Bool = false, before operation: TriggerOperation<Self>,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) -> TemporaryTrigger<Self> {
    trigger(name, ifNotExists, "BEFORE", operation, at: "\(fileID):\(line):\(column)")
  }

  /// A trigger that runs instead of an insert, update or delete on a view.
  public static func createTemporaryTrigger(
    _ name: String? = nil, ifNotExists: Bool = false, insteadOf operation: TriggerOperation<Self>,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) -> TemporaryTrigger<Self> {
    trigger(name, ifNotExists, "INSTEAD OF", operation, at: "\(fileID):\(line):\(column)")
  }

  /// A trigger that, after each update of a row, updates the same row again: to keep a column in
  /// step (`afterUpdateTouch: { $0.position += 1 }`). Rows are matched by `rowid`.
  public static func createTemporaryTrigger(
    _ name: String? = nil, ifNotExists: Bool = false, afterUpdateTouch updates: (inout Updates<Self>) -> Void,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) -> TemporaryTrigger<Self> {
    createTemporaryTrigger(
      name, ifNotExists: ifNotExists,
      after: .update { _, new in
        Self.where { $0.rowid.eq(new.rowid) }.update(set: updates)
      }, fileID: fileID, line: line, column: column)
  }

  /// A trigger that stamps a date column with the time of each update of its row:
  /// `afterUpdateTouch: \.updatedAt`, the current time in the column's storage
  /// (`strftime('%Y-%m-%d %H:%M:%f', 'now')` for dates stored as text, milliseconds included).
  public static func createTemporaryTrigger<Value: _DateStorage>(
    _ name: String? = nil, ifNotExists: Bool = false,
    afterUpdateTouch dateColumn: KeyPath<TableColumns, TableColumn<Self, Value>>,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) -> TemporaryTrigger<Self> {
    createTemporaryTrigger(
      name, ifNotExists: ifNotExists, afterUpdateTouch: dateColumn,
      date: SQLQueryExpression<Value>(Value._storing("'now'")), fileID: fileID, line: line, column: column)
  }

  /// A trigger that stamps a column with `date` on each update of its row:
  /// `afterUpdateTouch: \.updatedAt, date: #sql("customDate()")`.
  public static func createTemporaryTrigger<Value: QueryRepresentable>(
    _ name: String? = nil, ifNotExists: Bool = false,
    afterUpdateTouch dateColumn: KeyPath<TableColumns, TableColumn<Self, Value>>,
    date: some QueryExpression<Value>,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) -> TemporaryTrigger<Self> {
    createTemporaryTrigger(
      name, ifNotExists: ifNotExists,
      afterUpdateTouch: { $0[dynamicMember: dateColumn] = date }, fileID: fileID, line: line, column: column)
  }

  /// Names an unnamed trigger `<timing>_<event>_on_<table>@<file>:<line>:<column>`, with `after`
  /// for `INSTEAD OF` as upstream names them, so that a trigger declared in either library has
  /// one name.
  private static func trigger(
    _ name: String?, _ ifNotExists: Bool, _ timing: String, _ operation: TriggerOperation<Self>,
    at place: String
  ) -> TemporaryTrigger<Self> {
    let prefix = timing == "BEFORE" ? "before" : "after"
    return TemporaryTrigger(
      name: name ?? "\(prefix)_\(operation.kind)_on_\(tableName)@\(place)", ifNotExists: ifNotExists,
      timing: timing, operation: operation)
  }
}
