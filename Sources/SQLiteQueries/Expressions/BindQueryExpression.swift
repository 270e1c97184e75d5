/// A Swift value bound as a parameter, typed by `QueryValue` (a representation may store it
/// differently): what `#bind(value)` makes.
public struct BindQueryExpression<QueryValue: QueryRepresentable & QueryExpression>: QueryExpression, Sendable
{
  public let queryFragment: QueryFragment

  public init(_ value: QueryValue.QueryOutput, as queryValueType: QueryValue.Type = QueryValue.self) {
    queryFragment = QueryValue(queryOutput: value).queryFragment
  }

  /// A `Codable` value bound as JSON text.
  @_disfavoredOverload
  public init<Value: Codable & Sendable>(_ value: Value)
  where QueryValue == _CodableJSONRepresentation<Value> {
    queryFragment = QueryValue(queryOutput: value).queryFragment
  }
}

/// `expression AS "name", …`: how a `@Selection`'s columns are selected. Names that would repeat
/// (two tables' `id`s) are numbered, `"id_1"`, `"id_2"`, as upstream numbers them, so that every
/// column of the result has a name of its own.
public func aliased(_ expressions: [(name: String, fragment: QueryFragment, isColumn: Bool)]) -> QueryFragment
{
  var uses: [String: Int] = [:]
  for expression in expressions where expression.isColumn { uses[expression.name, default: 0] += 1 }
  var numbered: [String: Int] = [:]
  return expressions.map { expression in
    guard expression.isColumn else { return expression.fragment }
    var name = expression.name
    if uses[name, default: 0] > 1 {
      numbered[name, default: 0] += 1
      name += "_\(numbered[name]!)"
    }
    return expression.fragment + " AS " + QueryFragment(quote: name)
  }
  .joined(separator: ", ")
}

/// The columns a `@Selection` member contributes: one, under the member's name; or, for a whole
/// table, each of its columns under the column's own name, as upstream selects them
/// (`"remindersLists"."id" AS "id", …`). A multi-column value of another kind is selected as it
/// is, unaliased.
public func selectionExpressions<Value: QueryRepresentable>(
  _ name: String, _ expression: some QueryExpression, as _: Value.Type
) -> [(name: String, fragment: QueryFragment, isColumn: Bool)] {
  // A selection nested in a selection names its own columns, as upstream's do (`42 AS "d"`).
  if let selection = expression as? any SelectionExpression {
    return [(name, selection.selectedFragment, false)]
  }
  // A one-column group still names its column (`NULL AS "url"`), not the property.
  guard Value.columnWidth != 1 || Value.self is any Table.Type else {
    return [(name, expression.queryFragment, true)]
  }
  func names<T: Table>(_ table: T.Type) -> [String] { ColumnNames.all(T.TableColumns.self) }
  if let table = Value.self as? any Table.Type {
    let fragments: [QueryFragment]?
    if let columns = expression as? any TableDefinition {
      fragments = type(of: columns).allColumns.map(\.queryFragment)
    } else if let row = expression as? any Table {
      // A row given as a value (`nil` for an optional group left out): its values, named.
      fragments = row.columnValues
    } else {
      fragments = nil
    }
    let names = names(table)
    if let fragments, fragments.count == names.count {
      return zip(names, fragments).map { ($0, $1, true) }
    }
  }
  return [(name, expression.queryFragment, false)]
}
