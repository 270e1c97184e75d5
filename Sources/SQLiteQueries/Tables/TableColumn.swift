/// One column of a table: renders as `"table"."name"` and stands for a `Value`.
/// Immutable once made; its default value is only read. A column whose type is a `@Selection`
/// struct is a column group (see `ColumnGroup.swift`).
@dynamicMemberLookup
public struct TableColumn<Root: Table, Value: QueryRepresentable>: TableColumnExpression {
  public typealias QueryValue = Value

  /// The column's name in SQL.
  public let name: String
  /// The Swift default of the property, when it has one: the value a Draft starts from.
  public let defaultValue: Value.QueryOutput?
  public let isGenerated: Bool
  let keyPath: KeyPath<Root, Value.QueryOutput> & Sendable
  /// The name the table goes by where this column is used (`new` and `old` in triggers).
  let tableReference: String?

  public init(
    _ name: String, keyPath: KeyPath<Root, Value.QueryOutput> & Sendable,
    default defaultValue: Value.QueryOutput? = nil, generated: Bool = false,
    table tableReference: String? = nil
  ) {
    self.name = name
    self.keyPath = keyPath
    self.defaultValue = defaultValue
    self.isGenerated = generated
    self.tableReference = tableReference
  }

  public var queryFragment: QueryFragment {
    if Self.groupType != nil { return flattenedColumns.map(\.queryFragment).joined(separator: ", ") }
    if tableReference == nil, Root.tableAlias == nil, let schema = Root.schemaName {
      // A table in a named schema is named with it wherever its columns are.
      return QueryFragment(schema.quoted() + "." + Root.tableName.quoted() + "." + name.quoted())
    }
    // One string, one fragment: every column of every statement built comes through here.
    return QueryFragment((tableReference ?? Root.referenceName).quoted() + "." + name.quoted())
  }

  public func qualified(by reference: String?) -> Self {
    TableColumn(name, keyPath: keyPath, default: defaultValue, generated: isGenerated, table: reference)
  }

  /// The column's value in a row, as a binding.
  public func value(in row: Root) -> QueryFragment where Value: QueryExpression {
    Value(queryOutput: row[keyPath: keyPath]).queryFragment
  }
}

/// Any column of any table, for lists of columns.
public protocol TableColumnExpression<QueryValue>: QueryExpression {
  var name: String { get }
  var isGenerated: Bool { get }
  /// The same column, qualified by another name than its table's: an alias, `new` or `old`.
  func qualified(by reference: String?) -> Self
  /// The columns this one stands for in SQL: itself, or each column of a column group.
  var flattenedColumns: [any TableColumnExpression] { get }
}

/// A column is as sendable as its default value: a table's columns always are, as the table is.
extension TableColumn: Sendable where Value.QueryOutput: Sendable {}
