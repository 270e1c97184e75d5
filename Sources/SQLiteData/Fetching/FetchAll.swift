import SQLiteEngine
import SQLiteQueries

/// A live array of rows: fetched when declared, and fetched again whenever a commit changes what
/// the query reads.
///
///     @FetchAll var items: [Item]                                  // every row
///     @FetchAll(Item.where(\.isInStock).order(by: \.title)) var items
///     @FetchAll(#sql("SELECT * FROM items ORDER BY title")) var items: [Item]
@propertyWrapper
public struct FetchAll<Element: Sendable>: Sendable {
  let box: FetchBox<[Element]>

  /// The rows, as of the last commit that changed them.
  public var wrappedValue: [Element] { box.value }

  /// The wrapper itself: `$items.load(…)`, `$items.loadError`, `$items.values`.
  public var projectedValue: Self { self }

  /// The error of the last fetch, if it failed; cleared by the next value.
  public var loadError: (any Error)? { box.loadError }

  /// Whether a new query is being loaded.
  public var isLoading: Bool { box.isLoading }

  /// The animation the rows' last change came with.
  public var animation: Animation? { box.animation }

  /// The rows from now on, the current ones first: the Linux counterpart of a Combine publisher.
  public var values: AsyncStream<[Element]> { box.values }

  /// Rows of a query (or of `#sql`).
  public init<Statement: FetchableStatement>(
    wrappedValue: [Element] = [], _ statement: Statement, database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) where Statement.Row == Element {
    box = FetchBox(wrappedValue)
    box.observe(
      database: database ?? DependencyValues.current.defaultDatabase, scheduler: scheduler,
      animation: animation, sharingKey: "all:" + statement.fetchKey,
      fetch: { try statement.fetchAll($0) }, transform: { $0 })
  }

  /// Rows of hand-written SQL: `@FetchAll(#sql("SELECT …")) var items: [Item]`.
  public init(
    wrappedValue: [Element] = [], _ statement: SQLQueryExpression<Element>,
    database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) where Element: QueryRepresentable, Element.QueryOutput == Element {
    box = FetchBox(wrappedValue)
    box.observe(
      database: database ?? DependencyValues.current.defaultDatabase, scheduler: scheduler,
      animation: animation, sharingKey: "all:" + statement.fetchKey,
      fetch: { try statement.fetchAll($0) }, transform: { $0 })
  }

  /// Every row of a table.
  public init(wrappedValue: [Element] = [], database: (any DatabaseWriter)? = nil) where Element: Table {
    self.init(wrappedValue: wrappedValue, Element.all.asFetchable(), database: database)
  }

  /// Replaces the query: the new rows are fetched before this returns, and followed from then on.
  @discardableResult
  public func load<Statement: FetchableStatement>(
    _ statement: Statement, database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) async throws -> FetchSubscription where Statement.Row == Element {
    let result = box.observe(
      database: database ?? DependencyValues.current.defaultDatabase, scheduler: scheduler,
      animation: animation, sharingKey: "all:" + statement.fetchKey,
      fetch: { try statement.fetchAll($0) }, transform: { $0 })
    try result.get()
    return FetchSubscription { [box] in box.cancel() }
  }
}

extension Select where Columns == From, Joins == () {
  /// The statement as something live queries can fetch.
  func asFetchable() -> Self { self }
}
