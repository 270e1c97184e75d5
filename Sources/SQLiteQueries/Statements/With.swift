import SQLiteEngine

/// `WITH "name" AS (…) <statement>`: common table expressions. Each is a query named after the
/// `@Table` or `@Selection` type of its rows, and the statement reads it like a table:
///
///     @Selection struct ListCount {
///       var remindersListID: UUID
///       var reminderCount: Int
///     }
///
///     With {
///       Reminder.group(by: \.remindersListID).select {
///         ListCount.Columns(remindersListID: $0.remindersListID, reminderCount: $0.id.count())
///       }
///     } query: {
///       ListCount.where { $0.reminderCount > 1 }
///     }
///
/// A query that reads its own table is recursive, such as counting from 1 to 10:
///
///     With {
///       Count(value: 1).union(Count.select { Count.Columns(value: $0.value + 1) }.where { $0.value < 10 })
///     } query: {
///       Count.select(\.value)
///     }
///
/// The statement may also be an insert, update or delete.
public struct With<Base: Statement>: Statement {
  public typealias QueryValue = Base.QueryValue

  let expressions: [CommonTableExpression]
  let base: Base

  public init(
    @CommonTableExpressionBuilder _ expressions: () -> [CommonTableExpression], query base: () -> Base
  ) {
    self.expressions = expressions()
    self.base = base()
  }

  /// A table made from `.none` is left out; when every table is, the statement selects and
  /// changes nothing and runs no SQL, as upstream's does.
  public var query: QueryFragment {
    let statement = base.query
    guard !statement.isEmpty, !expressions.isEmpty else { return statement }
    let defined = expressions.filter { !$0.isEmpty }
    guard !defined.isEmpty else { return QueryFragment() }
    return "WITH " + defined.map(\.definition).joined(separator: ", ") + "\n" + statement
  }
}

extension With: Sendable where Base: Sendable {}
extension With: PartialSelectStatement where Base: PartialSelectStatement {}
extension With: SelectStatement where Base: SelectStatement {}

extension With: DecodableStatement where Base: DecodableStatement {
  public func decode(_ decoder: inout QueryDecoder) throws -> QueryValue { try base.decode(&decoder) }

  /// Every row.
  public func fetchAll(_ db: Database) throws -> [QueryValue] { try query.fetchAll(db) { try decode(&$0) } }

  /// The first row, or nil.
  public func fetchOne(_ db: Database) throws -> QueryValue? { try query.fetchOne(db) { try decode(&$0) } }

  /// The rows one at a time.
  public func fetchCursor(_ db: Database) throws -> QueryCursor<QueryValue> {
    try query.fetchCursor(db) { try decode(&$0) }
  }
}

extension With where Base: SelectStatement {
  /// How many rows the statement selects.
  public func fetchCount(_ db: Database) throws -> Int { try query.fetchCount(db) }
}

extension With {
  /// Runs the statement, ignoring its rows.
  public func execute(_ db: Database) throws { try query.execute(db) }
}

extension With: FetchableStatement where Base: SelectStatement & FetchableStatement {
  public typealias Row = QueryValue
  public var fetchKey: String { query.inlinedSQL }
}

/// One query of a `With`, named after the table type of its rows.
public struct CommonTableExpression: Sendable {
  /// The name the statement reads it by: the table name of its rows' type.
  public let name: String
  let body: QueryFragment
  /// Made from a statement that selects nothing (`.none`).
  var isEmpty = false

  /// `"name" AS (⏎  <query>⏎)`.
  var definition: QueryFragment {
    QueryFragment(quote: name) + " AS (\n" + body.indented() + "\n)"
  }
}

/// The queries of a `With`, one per line.
@resultBuilder
public enum CommonTableExpressionBuilder {
  public static func buildExpression<Query: PartialSelectStatement>(_ query: Query) -> [CommonTableExpression]
  where Query.QueryValue: Table {
    [
      CommonTableExpression(
        name: Query.QueryValue.tableName, body: Query.QueryValue.definingQuery(query),
        isEmpty: query.query.isEmpty)
    ]
  }

  public static func buildBlock(_ components: [CommonTableExpression]...) -> [CommonTableExpression] {
    components.flatMap { $0 }
  }
}
