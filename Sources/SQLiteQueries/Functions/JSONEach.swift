import Foundation
import SQLiteEngine

/// A row of `json_each(x)`, SQLite's table of the elements of a JSON array: the element's index
/// (`key`) and the element (`value`), decoded as `Value` reads it: the element itself for text
/// and numbers, or through its `JSONRepresentation` for objects.
///
///     Trip.where { $0.geofence.jsonEach().where { $0.value.jsonExtract(\.latitude) < 0 }.exists() }
///     Trip.join(Trip.columns.geofence.jsonEach()) { _, _ in true }.select { ($0.title, $1.value) }
public struct JSONEach<Value: QueryRepresentable>: Table, Sendable where Value.QueryOutput: Sendable {
  public typealias QueryOutput = Self
  public typealias QueryValue = Self

  /// The element's index in the array.
  public let key: Int
  /// The element.
  public let value: Value.QueryOutput

  public static var tableName: String { "json_each" }
  public static var columns: TableColumns { TableColumns() }

  public struct TableColumns: TableDefinition {
    public typealias QueryValue = JSONEach

    public let tableReference: String?

    public init() { self.init(table: nil) }
    public init(table reference: String?) { tableReference = reference }

    public var key: TableColumn<JSONEach, Int> { TableColumn("key", keyPath: \.key, table: tableReference) }
    public var value: TableColumn<JSONEach, Value> {
      TableColumn("value", keyPath: \.value, table: tableReference)
    }

    public static var allColumns: [any TableColumnExpression] { [Self().key, Self().value] }
  }

  public init(queryOutput: Self) { self = queryOutput }
  public var queryOutput: Self { self }

  init(key: Int, value: Value.QueryOutput) {
    self.key = key
    self.value = value
  }

  public init(decoder: inout QueryDecoder) throws {
    key = try Int(decoder: &decoder)
    value = try Value(decoder: &decoder).queryOutput
  }

  /// Rows of `json_each` are read, never written: the index, and the element as it binds.
  public var columnValues: [QueryFragment] {
    let element = (Value(queryOutput: value) as? any QueryExpression)?.queryFragment ?? "NULL"
    return [key.queryFragment, element]
  }
}

extension QueryExpression {
  /// `json_each(x)` of a JSON array column, as a select to filter, count or join:
  /// `$0.tags.jsonEach().where { $0.value.eq("urgent") }.exists()`.
  public func jsonEach<Element: QueryBindable & Codable>() -> Select<JSONEach<Element>, JSONEach<Element>, ()>
  where QueryValue == [Element].JSONRepresentation, Element.QueryOutput: Sendable {
    jsonEachSelect()
  }

  /// `json_each(x)` of a JSON array of objects; each element is read through its
  /// `JSONRepresentation`, and its members with `jsonExtract(\.member)`.
  @_disfavoredOverload
  public func jsonEach<Element: Codable & Sendable>()
    -> Select<JSONEach<Element.JSONRepresentation>, JSONEach<Element.JSONRepresentation>, ()>
  where QueryValue == [Element].JSONRepresentation {
    jsonEachSelect()
  }

  /// `json_each(x)` of an optional JSON array of objects: no rows where it is NULL.
  @_disfavoredOverload
  public func jsonEach<Element: Codable & Sendable>()
    -> Select<JSONEach<Element.JSONRepresentation>, JSONEach<Element.JSONRepresentation>, ()>
  where QueryValue == [Element].JSONRepresentation? {
    jsonEachSelect()
  }

  private func jsonEachSelect<Row: Table>() -> Select<Row, Row, ()> {
    var select = Select<Row, Row, ()>()
    select.clauses.source = "json_each(" + queryFragment + ")"
    return select
  }
}

extension QueryExpression {
  /// `json_extract(x, '$."member"')`: a member of a JSON object whose type is a `@Selection`
  /// or `@Table`: `$0.value.jsonExtract(\.latitude)`.
  public func jsonExtract<Object: Table & Codable, Member: QueryRepresentable>(
    _ member: KeyPath<Object.TableColumns, TableColumn<Object, Member>>
  ) -> SQLQueryExpression<Member> where QueryValue == _CodableJSONRepresentation<Object> {
    jsonExtracting(Object.columns[keyPath: member].name)
  }

  /// A member of a JSON object that may be NULL (as an outer join's): NULL there.
  public func jsonExtract<Object: Table & Codable, Member: QueryRepresentable>(
    _ member: KeyPath<Object.TableColumns, TableColumn<Object, Member>>
  ) -> SQLQueryExpression<Member?> where QueryValue == _CodableJSONRepresentation<Object>? {
    jsonExtracting(Object.columns[keyPath: member].name)
  }

  private func jsonExtracting<Result>(_ name: String) -> SQLQueryExpression<Result> {
    let path = "$." + QueryFragment.quoted(name, delimiter: .identifier)
    return function("json_extract", queryFragment, QueryFragment(quote: path, delimiter: .text))
  }
}
