import Foundation
import SQLiteEngine

// SQLite's JSON functions, as upstream spells them: values gathered into arrays, whole rows as
// objects, and a few functions on JSON text. Rows become JSON with their columns' names as keys,
// so that a `Codable` table decodes back from them.

extension QueryExpression where QueryValue: Codable & Sendable {
  /// `json_group_array(x)`: the values as a JSON array, decoded as an array.
  public func jsonGroupArray(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none)
    -> SQLQueryExpression<[QueryValue].JSONRepresentation>
  {
    aggregate("json_group_array", queryFragment, distinct: distinct, filter: filter)
  }
}

extension QueryExpression {
  /// `json_group_array(x)` of values that are not `Codable`: the array's JSON text.
  @_disfavoredOverload
  public func jsonGroupArray(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none)
    -> SQLQueryExpression<String>
  {
    aggregate("json_group_array", queryFragment, distinct: distinct, filter: filter)
  }

  /// `json_array_length(x)`: the number of elements of a JSON array.
  public func jsonArrayLength() -> SQLQueryExpression<Int> { function("json_array_length", queryFragment) }

  /// `json_patch(x, patch)`: the object merged with another (RFC 7386).
  public func jsonPatch(_ patch: some QueryExpression<QueryValue>) -> SQLQueryExpression<QueryValue> {
    function("json_patch", queryFragment, patch.queryFragment)
  }
}

extension TableDefinition where QueryValue: Codable & Sendable {
  /// `json_object('id', json_quote("tags"."id"), …)`: the row as a JSON object keyed by column.
  public func jsonObject() -> SQLQueryExpression<QueryValue.JSONRepresentation> {
    SQLQueryExpression(jsonObjectFragment(Self.allColumns, table: tableReference))
  }

  /// `json_group_array(json_object(…))`: the rows as a JSON array of objects, decoded as rows.
  public func jsonGroupArray(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none)
    -> SQLQueryExpression<[QueryValue].JSONRepresentation>
  {
    aggregate(
      "json_group_array", jsonObjectFragment(Self.allColumns, table: tableReference), distinct: distinct,
      filter: filter)
  }
}

extension OptionalTableColumns where Wrapped: Codable & Sendable {
  /// The rows an outer join matched, as a JSON array of objects: rows it did not match (all NULL)
  /// are left out rather than written as objects of nulls.
  public func jsonGroupArray(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none)
    -> SQLQueryExpression<[Wrapped].JSONRepresentation>
  {
    let reference = tableReference ?? Wrapped.referenceName
    let matched = QueryFragment("(") + QueryFragment(quote: reference) + ".\"rowid\") IS NOT (NULL)"
    let object = jsonObjectFragment(Self.allColumns, table: tableReference)
    var condition = matched
    if let filter { condition = "(" + matched + ") AND (" + filter.queryFragment + ")" }
    return aggregate(
      "json_group_array", "CASE WHEN " + matched + " THEN " + object + " END", distinct: distinct,
      filter: SQLQueryExpression<Bool>(condition))
  }
}

/// `json_object('name', value, …)` of columns, each value as JSON reads it back: see
/// `JSONObjectValue`; other values are quoted (`json_quote`).
func jsonObjectFragment(_ columns: [any TableColumnExpression], table reference: String?) -> QueryFragment {
  let members = columns.map { column -> QueryFragment in
    let qualified = reference.map { column.qualified(by: $0) } ?? column
    return QueryFragment(quote: column.name, delimiter: .text) + ", " + jsonValueFragment(qualified)
  }
  return "json_object(" + members.joined(separator: ", ") + ")"
}

private func jsonValueFragment<Column: TableColumnExpression>(_ column: Column) -> QueryFragment {
  if let value = Column.QueryValue.self as? any JSONObjectValue.Type {
    return value.jsonObjectValue(column.queryFragment)
  }
  return "json_quote(" + column.queryFragment + ")"
}

/// A value whose storage is not what its `Codable` form reads in JSON: Booleans are stored as 0
/// and 1, dates as numbers, JSON as text; in a row's JSON object they are written as `true`, a
/// date's text, and the JSON itself.
protocol JSONObjectValue {
  static func jsonObjectValue(_ column: QueryFragment) -> QueryFragment
}

extension Bool: JSONObjectValue {
  static func jsonObjectValue(_ column: QueryFragment) -> QueryFragment {
    "json(CASE " + column + " WHEN 0 THEN 'false' WHEN 1 THEN 'true' END)"
  }
}

extension Date.UnixTimeRepresentation: JSONObjectValue {
  static func jsonObjectValue(_ column: QueryFragment) -> QueryFragment {
    "datetime(" + column + ", 'unixepoch')"
  }
}

extension Date.JulianDayRepresentation: JSONObjectValue {
  static func jsonObjectValue(_ column: QueryFragment) -> QueryFragment {
    "datetime(" + column + ", 'julianday')"
  }
}

extension _CodableJSONRepresentation: JSONObjectValue {
  static func jsonObjectValue(_ column: QueryFragment) -> QueryFragment { "json(" + column + ")" }
}

extension Optional: JSONObjectValue where Wrapped: JSONObjectValue {
  static func jsonObjectValue(_ column: QueryFragment) -> QueryFragment { Wrapped.jsonObjectValue(column) }
}
