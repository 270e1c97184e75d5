import SQLiteEngine

/// A Swift function callable from SQL once added to a connection, one result per call:
/// what `@DatabaseFunction` makes of a function, as its `$name`.
///
///     @DatabaseFunction
///     func initials(_ name: String) -> String { … }
///
///     try db.add(function: $initials)
///     try User.select { $initials($0.name) }.fetchAll(db)   // SELECT "initials"("users"."name") …
public protocol ScalarDatabaseFunction: Sendable {
  /// The name SQL calls the function by.
  var name: String { get }
  /// How many values a call takes (a table argument takes one per column).
  var argumentCount: Int { get }
  /// Whether the result depends on the arguments alone, so that SQLite may reuse it.
  var isDeterministic: Bool { get }
  /// Runs the function on the arguments of one call, read in order.
  func invoke(_ arguments: inout QueryDecoder) throws -> QueryBinding
}

/// A Swift function of the values of a group of rows, callable from SQL as an aggregate once
/// added to a connection: what `@DatabaseFunction` makes of a function whose parameter is
/// `some Sequence<…>`.
///
///     @DatabaseFunction
///     func median(_ values: some Sequence<Double>) -> Double? { … }
///
///     try Item.select { $median($0.price) }.fetchOne(db)
public protocol AggregateDatabaseFunction: Sendable {
  init()
  var name: String { get }
  var argumentCount: Int { get }
  var isDeterministic: Bool { get }
  /// Runs the function on the arguments of every row of a group.
  func invoke(_ rows: [QueryDecoder]) throws -> QueryBinding
}

extension Database {
  /// Makes a `@DatabaseFunction` callable from SQL on this connection (replacing one of the same
  /// name and number of arguments). An error the function throws fails the statement with the
  /// error's description.
  public func add(function: some ScalarDatabaseFunction) throws {
    let names = argumentNames(function.argumentCount)
    try add(
      function: DatabaseFunction(
        function.name, argumentCount: function.argumentCount, pure: function.isDeterministic
      ) { values in
        var decoder = QueryDecoder(row: Row(columns: names, values: values))
        return try function.invoke(&decoder).databaseValue()
      })
  }

  /// Makes an aggregate `@DatabaseFunction` callable from SQL on this connection.
  public func add<Function: AggregateDatabaseFunction>(function: Function) throws {
    try add(
      function: DatabaseFunction(
        function.name, argumentCount: function.argumentCount, pure: function.isDeterministic,
        aggregate: RowsAggregate<Function>.self))
  }

  /// Removes a function added with ``add(function:)``.
  public func remove(function: some ScalarDatabaseFunction) {
    remove(function: DatabaseFunction(function.name, argumentCount: function.argumentCount) { _ in nil })
  }

  /// Removes an aggregate function added with ``add(function:)``.
  public func remove(function: some AggregateDatabaseFunction) {
    remove(function: DatabaseFunction(function.name, argumentCount: function.argumentCount) { _ in nil })
  }
}

/// Names for the arguments of a call, so that an argument that cannot be decoded is named in
/// the error: `argument 1`, `argument 2`, …
private func argumentNames(_ count: Int) -> [String] {
  (0..<count).map { "argument \($0 + 1)" }
}

/// The arguments of each row of a group, handed to the function when the group ends.
struct RowsAggregate<Function: AggregateDatabaseFunction>: DatabaseAggregate {
  var rows: [[DatabaseValue]] = []

  init() {}

  mutating func step(_ values: [DatabaseValue]) throws { rows.append(values) }

  func finalize() throws -> (any DatabaseValueConvertible)? {
    let names = argumentNames(Function().argumentCount)
    let decoders = rows.map { QueryDecoder(row: Row(columns: names, values: $0)) }
    return try Function().invoke(decoders).databaseValue()
  }
}

/// `"name"(arguments…)`: a call of a database function.
public func _databaseFunctionCall<Result>(_ name: String, _ arguments: [any QueryExpression])
  -> SQLQueryExpression<Result>
{
  SQLQueryExpression(
    QueryFragment(quote: name) + "(" + arguments.map { $0.queryFragment }.joined(separator: ", ") + ")")
}

/// Reads the next argument of a call as `Value` (a type or its representation).
public func _databaseFunctionArgument<Value: QueryRepresentable>(
  _ type: Value.Type, _ decoder: inout QueryDecoder
) throws -> Value.QueryOutput {
  try Value(decoder: &decoder).queryOutput
}

/// The result of a call as SQLite stores it.
public func _databaseFunctionResult<Value: QueryBindable>(_ type: Value.Type, _ value: Value.QueryOutput)
  -> QueryBinding
{
  Value(queryOutput: value).queryBinding
}

/// An argument of a table under an alias (`as: ((TableAlias<Tag, T>) -> Bool).self`) is read as
/// the table's row, which the function takes.
public func _databaseFunctionArgument<Base: Table, Name: AliasName>(
  _ type: TableAlias<Base, Name>.Type, _ decoder: inout QueryDecoder
) throws -> Base {
  try TableAlias<Base, Name>(decoder: &decoder).base
}
