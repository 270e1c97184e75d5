/// SQL written by hand, checked at compile time for unbalanced quotes, brackets and parentheses,
/// with values interpolated as bindings (`\(bind: value)`), never spliced into the text. Its value's
/// type comes from the context (`@FetchOne(#sql("SELECT count(*) FROM t")) var total = 0`), from
/// `as:`, or is none (`()`) for a statement that is only executed.
@freestanding(expression)
public macro sql<QueryValue>(
  _ queryFragment: QueryFragment, as queryValueType: QueryValue.Type = QueryValue.self
) -> SQLQueryExpression<QueryValue> = #externalMacro(module: "SQLiteQueriesMacros", type: "SQLMacro")

/// Makes a struct a table: `@Table struct Reminder { let id: UUID; var title = "" }`, named
/// `reminders`; `@Table("remindersTags")` names it, and `@Table("reminders", schema: "main")`
/// names its schema too (in every statement, before the table and its columns). On an enum whose cases each hold one value, a
/// table of one nullable column (or column group) per case.
@attached(
  member,
  names: named(TableColumns), named(columns), named(tableName), named(Draft), named(Columns),
  named(QueryOutput),
  named(QueryValue), arbitrary)
@attached(
  extension, conformances: QueryDecodable, QueryRepresentable, QueryExpression, Statement,
  PartialSelectStatement, Sendable, Table, _EnumTable,
  PrimaryKeyedTable,
  names: named(init(decoder:)), named(init(queryOutput:)), named(queryOutput), named(columnValues),
  named(bindColumnValues), named(queryFragment), named(query), named(primaryKeyValue), named(QueryOutput),
  named(QueryValue))
public macro Table(_ name: String = "", schema: String = "") =
  #externalMacro(module: "SQLiteQueriesMacros", type: "TableMacro")

/// Makes a struct a selection: the type of rows built from several expressions, with
/// `Columns(…)` to select them. A selection is also a table without a primary key, named as
/// `@Table` names tables, so that a common table expression or a temporary view can be declared
/// with it.
///
/// On an enum whose cases each hold one value, it stores the enum in a table as one nullable
/// column (or column group) per case, named after the case: single-table inheritance.
@attached(
  member, names: named(TableColumns), named(columns), named(tableName), named(Columns), named(QueryOutput),
  named(QueryValue), arbitrary)
@attached(
  extension, conformances: QueryDecodable, QueryRepresentable, QueryExpression, Statement,
  PartialSelectStatement, Sendable, Table, _Selection,
  _EnumTable,
  names: named(init(decoder:)), named(init(queryOutput:)), named(queryOutput), named(columnWidth),
  named(columnValues), named(bindColumnValues), named(queryFragment), named(query), named(QueryOutput),
  named(QueryValue))
public macro Selection() = #externalMacro(module: "SQLiteQueriesMacros", type: "TableMacro")

/// Customizes a column: its name in SQL, the representation it is stored as, whether it is the
/// primary key, whether SQLite generates it.
@attached(peer)
public macro Column(
  _ name: String = "", as representation: Any.Type? = nil, primaryKey: Bool? = nil,
  generated: GeneratedColumnStorage? = nil
) = #externalMacro(module: "SQLiteQueriesMacros", type: "MarkerMacro")

/// A property whose type is a `@Selection`, marked as the column group it is, as upstream's newer
/// spelling writes it: `@Columns var timestamps: Timestamps`. (A property of a `@Selection` type
/// is a column group with or without it.)
@attached(peer)
public macro Columns() = #externalMacro(module: "SQLiteQueriesMacros", type: "MarkerMacro")

/// A stored property that is not a column (it must have a default value).
@attached(peer)
public macro Ephemeral() = #externalMacro(module: "SQLiteQueriesMacros", type: "MarkerMacro")

/// A Swift value bound as a parameter: `$0.status = #bind(.completed)`. A `@Selection` value (a
/// column group, an enum stored one column per case) binds its columns' values:
/// `$0.kind = #bind(.link(url))`.
@freestanding(expression)
public macro bind<QueryValue: QueryRepresentable & QueryExpression>(
  _ value: QueryValue.QueryOutput, as queryValueType: QueryValue.Type = QueryValue.self
) -> BindQueryExpression<QueryValue> = #externalMacro(module: "SQLiteQueriesMacros", type: "BindMacro")

/// A `Codable` value that is no column type of its own, bound as JSON text:
/// `#bind(["a": 1]).jsonPatch(#bind(["b": 2]))`.
@freestanding(expression)
public macro bind<Value: Codable & Sendable>(_ value: Value) -> BindQueryExpression<
  _CodableJSONRepresentation<Value>
> =
  #externalMacro(module: "SQLiteQueriesMacros", type: "BindMacro")

/// Makes a global or static function callable from SQL: `$name` is added to a connection with
/// `db.add(function: $name)` and called in queries as `$name(arguments)`, rendering
/// `"name"(…)`. A function whose one parameter is `some Sequence<T>` is an aggregate.
///
///     @DatabaseFunction
///     func initials(_ name: String) -> String { … }
///
/// - Parameters:
///   - name: The name SQL calls it by; the function's name by default.
///   - representation: The function's type with the representations its arguments and result
///     are stored as: `as: ((Date.UnixTimeRepresentation) -> Int).self`.
///   - isDeterministic: Whether the result depends on the arguments alone.
@attached(peer, names: prefixed(`$`))
public macro DatabaseFunction(
  _ name: String = "", as representation: Any.Type? = nil, isDeterministic: Bool = false
) = #externalMacro(module: "SQLiteQueriesMacros", type: "DatabaseFunctionMacro")

/// Makes a global or static function of two texts a collating sequence: `$name` is added to a
/// connection with `db.add(collation: $name)` and named in queries with `collate($name)`,
/// rendering `COLLATE "name"`. The texts come as `String`, `UnsafeRawBufferPointer`,
/// `Span<UInt8>` or `UTF8Span`.
///
///     @DatabaseCollation
///     func byLength(_ lhs: String, _ rhs: String) -> CollationOrder { CollationOrder(lhs.count, rhs.count) }
///
/// - Parameter name: The name SQL knows it by; the function's name by default.
@attached(peer, names: prefixed(`$`))
public macro DatabaseCollation(_ name: String = "") =
  #externalMacro(module: "SQLiteQueriesMacros", type: "DatabaseCollationMacro")

/// How SQLite stores a generated column.
public enum GeneratedColumnStorage: Sendable {
  case stored
  case virtual
}
