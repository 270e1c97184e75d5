import Foundation
import SQLiteData
import Testing

/// Upstream's `CustomFunctionTests`: the sketch of a Swift function callable from SQL that came
/// before `@DatabaseFunction`, with the function's expansion written out by hand (`_$dateTime`,
/// `__$dateTime`) and a `CustomFunction` type of the test's own. The type is declared here on
/// this library's `ScalarDatabaseFunction`, for one argument, and added to the connection with
/// `add(function:)` where upstream's registers itself through SQLite's C interface.
@Suite("Upstream: custom functions")
struct CustomFunctionTests {
  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func customDate() throws {
    try database.write { try $0.add(function: __$dateTime) }
    let statement = Values(_$dateTime())
    expectSQL(
      statement,
      """
      SELECT "dateTime"(NULL)
      """)
    #expect(try database.read { try statement.fetchOne($0) } == Date(timeIntervalSince1970: 0))
  }
}

private func dateTime(_ format: String? = nil) -> Date {
  Date(timeIntervalSince1970: 0)
}

/// What a macro would write for `dateTime`: the call, in queries.
private func _$dateTime(
  _ format: some QueryExpression<String?> = String?.none
) -> some QueryExpression<Date> {
  __$dateTime(format)
}

/// What a macro would write for `dateTime`: the function, for the connection.
private var __$dateTime: CustomFunction<String?, Date, Never> {
  CustomFunction("dateTime", isDeterministic: false, body: dateTime(_:))
}

/// A Swift function of one argument, callable from SQL once added to a connection.
private struct CustomFunction<Input: QueryBindable, Output: QueryBindable, Failure: Error>:
  ScalarDatabaseFunction
{
  let name: String
  let isDeterministic: Bool
  let body: @Sendable (Input) throws(Failure) -> Output

  init(_ name: String, isDeterministic: Bool, body: @escaping @Sendable (Input) throws(Failure) -> Output) {
    self.name = name
    self.isDeterministic = isDeterministic
    self.body = body
  }

  var argumentCount: Int { Input.columnWidth }

  /// `"name"(input)`.
  func callAsFunction(_ input: some QueryExpression<Input>) -> SQLQueryExpression<Output> {
    SQLQueryExpression("\(quote: name)(\(input))")
  }

  func invoke(_ arguments: inout QueryDecoder) throws -> QueryBinding {
    try body(Input(decoder: &arguments)).queryBinding
  }
}
