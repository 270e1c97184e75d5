/// An outer-joined table: the same columns, and a row that is `nil` when the join matched
/// nothing (all of its columns NULL).
extension Optional: Table where Wrapped: Table {
  public typealias TableColumns = Wrapped.TableColumns

  public static var columns: Wrapped.TableColumns { Wrapped.columns }
  public static var tableName: String { Wrapped.tableName }
  public static var tableAlias: String? { Wrapped.tableAlias }
  public static var schemaName: String? { Wrapped.schemaName }
  public static var tableFragment: QueryFragment { Wrapped.tableFragment }

  public var columnValues: [QueryFragment] {
    self?.columnValues ?? Array(repeating: "NULL", count: Wrapped.columnWidth)
  }
}
