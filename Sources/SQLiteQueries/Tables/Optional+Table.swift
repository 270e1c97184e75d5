/// An outer-joined table: the same columns, and a row that is `nil` when the join matched
/// nothing (all of its columns NULL).
extension Optional: Table where Wrapped: Table {
  public typealias TableColumns = OptionalTableColumns<Wrapped>

  public static var columns: OptionalTableColumns<Wrapped> { OptionalTableColumns() }
  public static var tableName: String { Wrapped.tableName }
  public static var tableAlias: String? { Wrapped.tableAlias }
  public static var schemaName: String? { Wrapped.schemaName }
  public static var tableFragment: QueryFragment { Wrapped.tableFragment }

  public var columnValues: [QueryFragment] {
    self?.columnValues ?? Array(repeating: "NULL", count: Wrapped.columnWidth)
  }
}

/// The columns of an outer-joined table, as the `$1` of a closure after `leftJoin`: each column
/// stands for an optional value, NULL where the join matched nothing, so that selecting one
/// decodes `nil` rather than failing. What the table's columns declare in extensions is reached
/// too, as declared.
@dynamicMemberLookup
public struct OptionalTableColumns<Wrapped: Table>: TableDefinition {
  public typealias QueryValue = Wrapped?

  public let tableReference: String?

  public init() { self.init(table: nil) }
  public init(table reference: String?) { tableReference = reference }

  public static var allColumns: [any TableColumnExpression] { Wrapped.TableColumns.allColumns }
  public static var writableColumns: [any TableColumnExpression] { Wrapped.TableColumns.writableColumns }

  /// The table's columns, under this name.
  var base: Wrapped.TableColumns { Wrapped.TableColumns(table: tableReference) }

  /// A column, optional: `$1.title` of a left-joined list is a `String?`.
  public subscript<Member: QueryRepresentable>(
    dynamicMember keyPath: KeyPath<Wrapped.TableColumns, TableColumn<Wrapped, Member>>
  ) -> TableColumn<Wrapped?, Member?> {
    let column = base[keyPath: keyPath]
    return TableColumn(
      column.name, keyPath: \Wrapped?.[_column: ColumnKeyPath(column.keyPath)], generated: column.isGenerated,
      table: column.tableReference)
  }

  /// A column that is already optional stays one level optional: `$1.dueDate` is a `Date?`.
  public subscript<Member: QueryRepresentable>(
    dynamicMember keyPath: KeyPath<Wrapped.TableColumns, TableColumn<Wrapped, Member?>>
  ) -> TableColumn<Wrapped?, Member?> {
    let column = base[keyPath: keyPath]
    return TableColumn(
      column.name, keyPath: \Wrapped?.[_flattening: ColumnKeyPath(column.keyPath)],
      generated: column.isGenerated, table: column.tableReference)
  }

  /// Anything else the table's columns declare (computed expressions in extensions), as declared.
  @_disfavoredOverload
  public subscript<Member>(dynamicMember keyPath: KeyPath<Wrapped.TableColumns, Member>) -> Member {
    base[keyPath: keyPath]
  }
}

extension OptionalTableColumns where Wrapped: PrimaryKeyedTable {
  /// `count("table"."id")`: the rows the join matched (NULL, and so not counted, where it
  /// matched none).
  public func count(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none)
    -> SQLQueryExpression<Int>
  {
    aggregate("count", Self.allColumns[0].queryFragment, distinct: distinct, filter: filter)
  }
}

/// A column's key path, hashable and sendable, as the index of the key path that reads it
/// through an optional row.
struct ColumnKeyPath<Root, Value>: Hashable, Sendable {
  let keyPath: KeyPath<Root, Value> & Sendable
  init(_ keyPath: KeyPath<Root, Value> & Sendable) { self.keyPath = keyPath }
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.keyPath == rhs.keyPath }
  func hash(into hasher: inout Hasher) { hasher.combine(keyPath) }
}

extension Optional {
  /// A column of the row, when there is a row.
  subscript<Value>(_column column: ColumnKeyPath<Wrapped, Value>) -> Value? {
    self?[keyPath: column.keyPath]
  }

  /// An optional column of the row, `nil` when there is no row or no value.
  subscript<Value>(_flattening column: ColumnKeyPath<Wrapped, Value?>) -> Value? {
    self?[keyPath: column.keyPath] ?? nil
  }
}

/// A row that may be missing, used as a statement: `DefaultItem?(nil)` selects NULL for each
/// column, named after it.
extension Optional: Statement, PartialSelectStatement where Wrapped: Table {
  public var query: QueryFragment { _rowSelect(self) }
}
