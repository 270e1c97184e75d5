import Foundation
import SQLiteEngine

/// A row of `json_each(x)`, SQLite's table of the elements of a JSON array or the members of a
/// JSON object: the element's index or the member's name (`key`, an `Int` or a `String`) and the
/// element (`value`), decoded as `Value` reads it: the element itself for text and numbers, or
/// through its `JSONRepresentation` for objects.
///
///     Trip.where { $0.geofence.jsonEach().where { $0.value.jsonExtract(\.latitude) < 0 }.exists() }
///     Trip.join(Trip.columns.geofence.jsonEach()) { _, _ in true }.select { ($0.title, $1.value) }
public struct JSONEach<Key: QueryBindable, Value: QueryRepresentable>: Table, Sendable
where Key.QueryOutput == Key, Value.QueryOutput: Sendable {
  public typealias QueryOutput = Self
  public typealias QueryValue = Self

  /// The element's index in the array, or the member's name in the object.
  public let key: Key
  /// The element.
  public let value: Value.QueryOutput

  public static var tableName: String { "json_each" }
  public static var columns: TableColumns { TableColumns() }

  public struct TableColumns: TableDefinition {
    public typealias QueryValue = JSONEach

    public let tableReference: String?

    public init() { self.init(table: nil) }
    public init(table reference: String?) { tableReference = reference }

    public var key: TableColumn<JSONEach, Key> { TableColumn("key", keyPath: \.key, table: tableReference) }
    public var value: TableColumn<JSONEach, Value> {
      TableColumn("value", keyPath: \.value, table: tableReference)
    }

    public static var allColumns: [any TableColumnExpression] { [Self().key, Self().value] }
  }

  public init(queryOutput: Self) { self = queryOutput }
  public var queryOutput: Self { self }

  init(key: Key, value: Value.QueryOutput) {
    self.key = key
    self.value = value
  }

  public init(decoder: inout QueryDecoder) throws {
    key = try Key(decoder: &decoder)
    value = try Value(decoder: &decoder).queryOutput
  }

  /// Rows of `json_each` are read, never written: the index, and the element as it binds.
  public var columnValues: [QueryFragment] {
    let element = (Value(queryOutput: value) as? any QueryExpression)?.queryFragment ?? "NULL"
    return [key.queryFragment, element]
  }
}

/// The rows of `json_each` over elements of type `Element`, with keys of type `Key`.
public typealias JSONEachSelect<Key: QueryBindable, Value: QueryRepresentable> = Select<
  JSONEach<Key, Value>, JSONEach<Key, Value>, ()
>
where Key.QueryOutput == Key, Value.QueryOutput: Sendable

extension QueryExpression {
  /// `json_each(x)` of a JSON array column, as a select to filter, count or join:
  /// `$0.tags.jsonEach().where { $0.value.eq("urgent") }.exists()`.
  public func jsonEach<Element: QueryBindable & Codable>() -> JSONEachSelect<Int, Element>
  where QueryValue == [Element].JSONRepresentation, Element.QueryOutput: Sendable {
    jsonEachSelect()
  }

  /// `json_each(x)` of a JSON array of objects; each element is read through its
  /// `JSONRepresentation`, and its members with `jsonExtract(\.member)`.
  @_disfavoredOverload
  public func jsonEach<Element: Codable & Sendable>() -> JSONEachSelect<Int, Element.JSONRepresentation>
  where QueryValue == [Element].JSONRepresentation {
    jsonEachSelect()
  }

  /// `json_each(x)` of an optional JSON array of objects: no rows where it is NULL.
  @_disfavoredOverload
  public func jsonEach<Element: Codable & Sendable>() -> JSONEachSelect<Int, Element.JSONRepresentation>
  where QueryValue == [Element].JSONRepresentation? {
    jsonEachSelect()
  }

  /// `json_each(x)` of a JSON object column (a dictionary): a row per member, keyed by its name.
  public func jsonEach<Element: QueryBindable & Codable>() -> JSONEachSelect<String, Element>
  where QueryValue == [String: Element].JSONRepresentation, Element.QueryOutput: Sendable {
    jsonEachSelect()
  }

  /// `json_each(x)` of a JSON object column whose members are objects.
  @_disfavoredOverload
  public func jsonEach<Element: Codable & Sendable>() -> JSONEachSelect<String, Element.JSONRepresentation>
  where QueryValue == [String: Element].JSONRepresentation {
    jsonEachSelect()
  }

  /// `json_each(x, '$."member"')`: the elements of an array that is a member of a JSON object
  /// column, `$0.writer.jsonEach(\.tags)`.
  public func jsonEach<Object: Table & Codable, Element: QueryBindable & Codable>(
    _ member: KeyPath<Object.TableColumns, TableColumn<Object, [Element].JSONRepresentation>>
  ) -> JSONEachSelect<Int, Element>
  where QueryValue == _CodableJSONRepresentation<Object>, Element.QueryOutput: Sendable {
    jsonEachSelect(at: Object.columns[keyPath: member].name)
  }

  /// The objects of an array that is a member of a JSON object column.
  @_disfavoredOverload
  public func jsonEach<Object: Table & Codable, Element: Codable & Sendable>(
    _ member: KeyPath<Object.TableColumns, TableColumn<Object, [Element].JSONRepresentation>>
  ) -> JSONEachSelect<Int, Element.JSONRepresentation>
  where QueryValue == _CodableJSONRepresentation<Object> {
    jsonEachSelect(at: Object.columns[keyPath: member].name)
  }

  /// The members of an object that is a member of a JSON object column, `$0.writer.jsonEach(\.scores)`.
  public func jsonEach<Object: Table & Codable, Element: QueryBindable & Codable>(
    _ member: KeyPath<Object.TableColumns, TableColumn<Object, [String: Element].JSONRepresentation>>
  ) -> JSONEachSelect<String, Element>
  where QueryValue == _CodableJSONRepresentation<Object>, Element.QueryOutput: Sendable {
    jsonEachSelect(at: Object.columns[keyPath: member].name)
  }

  private func jsonEachSelect<Row: Table>(at member: String? = nil) -> Select<Row, Row, ()> {
    var arguments = [queryFragment]
    if let member { arguments.append(jsonPath(member)) }
    var select = Select<Row, Row, ()>()
    select.clauses.source = "json_each(" + arguments.joined(separator: ", ") + ")"
    return select
  }
}

/// `'$."member"'`: the JSON path of an object's member.
func jsonPath(_ member: String) -> QueryFragment {
  QueryFragment(quote: "$." + QueryFragment.quoted(member, delimiter: .identifier), delimiter: .text)
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
    function("json_extract", queryFragment, jsonPath(name))
  }
}
