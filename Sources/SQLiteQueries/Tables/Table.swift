/// A table (or view): a type whose values are rows, declared with `@Table`.
///
///     @Table struct Reminder: Identifiable {
///       let id: UUID
///       var title = ""
///       var isCompleted = false
///     }
///
/// The macro writes the conformance: `TableColumns` (the `$0` of every query closure),
/// `tableName`, decoding, and for a table with a primary key a `Draft` type for inserts.
@dynamicMemberLookup
public protocol Table: QueryRepresentable, PartialSelectStatement, Sendable
where QueryOutput == Self, QueryValue == Self {
  associatedtype TableColumns: TableDefinition

  /// What an insert that leaves the primary key to the database takes: the `Draft` the macro
  /// writes for a table with a primary key, the row itself for a table without one.
  associatedtype Draft: Table = Self

  /// The table's columns, for writing queries: `Reminder.columns.title`.
  static var columns: TableColumns { get }

  /// The name in SQL: the `@Table("name")` argument, or the type name in lower camel case,
  /// pluralised (`RemindersList` → `remindersLists`).
  static var tableName: String { get }

  /// The name the table goes by in a query when aliased.
  static var tableAlias: String? { get }

  /// The schema (`main`, `temp`, an attached database), when it must be named.
  static var schemaName: String? { get }

  /// What `FROM` names: the quoted table name, or, for table-valued functions, a call.
  static var tableFragment: QueryFragment { get }

  /// The query every statement on this table starts from. Declare `static let all = …` to give
  /// the table a default scope (a filter or order every query gets); `unscoped` ignores it.
  static var all: Select<Self, Self, ()> { get }

  /// The values of every column of this row, in column order, as bindings.
  var columnValues: [QueryFragment] { get }

  /// Binds the values of every column of this row, in column order, straight into a statement:
  /// `columnValues` without a fragment per value. Throws `ColumnBinder.NotBindable` for a row
  /// with a value that is not one binding, which then inserts through `columnValues`.
  func bindColumnValues(to binder: inout ColumnBinder) throws
}

extension Table {
  public func bindColumnValues(to binder: inout ColumnBinder) throws { throw ColumnBinder.NotBindable() }

  @inlinable public static var tableAlias: String? { nil }
  @inlinable public static var schemaName: String? { nil }
  public static var all: Select<Self, Self, ()> { Select() }

  public static var tableFragment: QueryFragment {
    var fragment = QueryFragment()
    if let schemaName { fragment.append(QueryFragment(quote: schemaName) + ".") }
    fragment.append(QueryFragment(quote: tableName))
    return fragment
  }

  /// The name columns are qualified with: the alias if any, else the table name.
  public static var referenceName: String { tableAlias ?? tableName }

  public static var columnWidth: Int { TableColumns.allColumns.count }

  /// A row used as a value is the list of its column values, as in `VALUES (…)`.
  public var queryFragment: QueryFragment { _rowValues(columnValues) }

  /// A row used as a statement selects its values, each named after its column, as upstream's
  /// rows do: `SELECT 1 AS "id", 'Blob' AS "name"`; it fetches itself back.
  public var query: QueryFragment { _rowSelect(self) }

  /// A column of the table, for `#sql`: `\(Reminder.title)` is `"reminders"."title"`.
  public static subscript<Member>(dynamicMember keyPath: KeyPath<TableColumns, Member>) -> Member {
    columns[keyPath: keyPath]
  }

  /// The query without the default scope.
  public static var unscoped: Select<Self, Self, ()> { Select() }

  /// A query that selects nothing and runs no SQL. Disfavored, as upstream's is, so that an
  /// optional row's `.none` (`DefaultItem?.none`) is the optional's.
  @_disfavoredOverload
  public static var none: Select<Self, Self, ()> { Select(isEmpty: true) }
}

/// A `@Selection` type: the rows of a query built from several expressions, which is a table
/// only when a common table expression or a view is named after it.
public protocol _Selection: Table {}

/// An enum stored one nullable column (or column group) per case: its value is in one case's
/// columns, the others NULL.
public protocol _EnumTable: Table {}

/// The columns of a table: the `$0` of query closures.
public protocol TableDefinition<QueryValue>: QueryExpression, Sendable where QueryValue: Table {
  init()
  /// The columns of the table under another name: `new` and `old` in triggers.
  init(table reference: String?)
  /// The name the table goes by in these columns, when not its own.
  var tableReference: String? { get }
  /// Every column in declaration order (column groups flattened).
  static var allColumns: [any TableColumnExpression] { get }
  /// The columns an INSERT or UPDATE writes: all but generated ones.
  static var writableColumns: [any TableColumnExpression] { get }
}

extension TableDefinition {
  public static var writableColumns: [any TableColumnExpression] {
    allColumns.filter { !$0.isGenerated }
  }

  /// The table's rowid: `"reminders"."rowid"`.
  public var rowid: SQLQueryExpression<Int> {
    SQLQueryExpression(QueryFragment(quote: tableReference ?? QueryValue.referenceName) + ".\"rowid\"")
  }

  /// The comma-separated list of qualified columns.
  public var queryFragment: QueryFragment {
    Self.allColumns.map { $0.queryFragment }.joined(separator: ", ")
  }
}

/// A table whose rows are identified by a primary key.
///
/// Its `Draft` is a row without its primary key, for inserts where the database assigns it.
public protocol PrimaryKeyedTable<PrimaryKey>: Table
where TableColumns: PrimaryKeyedTableDefinition, Draft: TableDraft, Draft.SourceTable == Self {
  associatedtype PrimaryKey: QueryBindable where PrimaryKey == TableColumns.PrimaryKey
  var primaryKeyValue: PrimaryKey.QueryOutput { get }
}

/// The columns of a table with a primary key.
public protocol PrimaryKeyedTableDefinition<PrimaryKey>: TableDefinition where QueryValue: Table {
  associatedtype PrimaryKey: QueryBindable
  var primaryKey: TableColumn<QueryValue, PrimaryKey> { get }
}

/// The draft of a primary-keyed table: the same columns with an optional primary key, which the
/// database fills in when it is nil.
public protocol TableDraft: Table {
  associatedtype SourceTable: PrimaryKeyedTable
  /// The draft of a row: the same values, its primary key set.
  init(_ source: SourceTable)
}

extension TableDraft {
  public static var tableName: String { SourceTable.tableName }
  public static var schemaName: String? { SourceTable.schemaName }
  /// A query helper of the table, on its drafts: `Reminder.Draft.incomplete`.
  public static subscript(
    dynamicMember keyPath: KeyPath<SourceTable.Type, Select<SourceTable, SourceTable, ()>>
  ) -> Select<Self, Self, ()> {
    drafts(of: SourceTable.self[keyPath: keyPath])
  }

  /// The table's default scope: drafts read the same rows.
  public static var all: Select<Self, Self, ()> { drafts(of: SourceTable.all) }

  /// A select of the table's rows, reading them as drafts: the columns are the same.
  private static func drafts(of select: Select<SourceTable, SourceTable, ()>) -> Select<Self, Self, ()> {
    Select(clauses: select.clauses, decodeRow: { try Self(decoder: &$0) }, decodesRowsOfFrom: true)
  }
}

/// A row used as a value: the list of its column values, as in `VALUES (…)`.
public func _rowValues(_ columnValues: [QueryFragment]) -> QueryFragment {
  columnValues.joined(separator: ", ")
}

/// A row used as a statement: `SELECT 1 AS "id", 'Blob' AS "name"`.
public func _rowSelect(_ row: some Table) -> QueryFragment {
  Values(row).query
}

/// Adds a column's values to a row's: one value, or each of a column group's (a nested row,
/// chosen by its type where the macro's code is compiled), so that a row's values line up with
/// its flattened column names.
public func _appendColumnValues(_ value: some QueryExpression, to values: inout [QueryFragment]) {
  values.append(value.queryFragment)
}

public func _appendColumnValues(_ group: some Table, to values: inout [QueryFragment]) {
  values.append(contentsOf: group.columnValues)
}
