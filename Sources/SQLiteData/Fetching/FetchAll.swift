import SQLiteEngine
import SQLiteQueries

/// A live array of rows: fetched when declared, and fetched again whenever a commit changes what
/// the query reads.
///
///     @FetchAll var items: [Item]                                  // every row
///     @FetchAll(Item.where(\.isInStock).order(by: \.title)) var items
///     @FetchAll(#sql("SELECT * FROM items ORDER BY title")) var items: [Item]
///     @FetchAll(Item.order(by: \.title), sectionBy: \.category) var items   // and $items.sections
@propertyWrapper
public struct FetchAll<Element: Sendable>: Sendable {
  let box: FetchBox<ResultsSectionCollection<Element, String?>>

  /// The rows, as of the last commit that changed them.
  public var wrappedValue: [Element] { box.value.elements }

  /// The wrapper itself: `$items.load(…)`, `$items.loadError`, `$items.values`.
  public var projectedValue: Self { self }

  /// The rows grouped by the `sectionBy:` expression; one section named `nil` without it (none
  /// when there are no rows).
  public var sections: ResultsSectionCollection<Element, String?> { box.value }

  /// The error of the last fetch, if it failed; cleared by the next value.
  public var loadError: (any Error)? { box.loadError }

  /// Whether a new query is being loaded.
  public var isLoading: Bool { box.isLoading }

  /// The animation the rows' last change came with.
  public var animation: Animation? { box.animation }

  /// The rows from now on, the current ones first: the Linux counterpart of a Combine publisher.
  public var values: AsyncStream<[Element]> {
    let sections = box.values
    return AsyncStream { continuation in
      let task = Task {
        for await value in sections { continuation.yield(value.elements) }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  /// Rows of a query (or of `#sql`).
  public init<Statement: FetchableStatement>(
    wrappedValue: [Element] = [], _ statement: Statement, database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) where Statement.Row == Element {
    box = FetchBox(ResultsSectionCollection(elements: wrappedValue, name: nil))
    box.observe(
      database: database ?? DependencyValues.current.defaultDatabase, scheduler: scheduler,
      animation: animation, sharingKey: "all:" + statement.fetchKey,
      fetch: { try statement.fetchAll($0) }, transform: Self.unsectioned)
  }

  /// Rows of hand-written SQL: `@FetchAll(#sql("SELECT …")) var items: [Item]`.
  public init(
    wrappedValue: [Element] = [], _ statement: SQLQueryExpression<Element>,
    database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) where Element: QueryRepresentable, Element.QueryOutput == Element {
    box = FetchBox(ResultsSectionCollection(elements: wrappedValue, name: nil))
    box.observe(
      database: database ?? DependencyValues.current.defaultDatabase, scheduler: scheduler,
      animation: animation, sharingKey: "all:" + statement.fetchKey,
      fetch: { try statement.fetchAll($0) }, transform: Self.unsectioned)
  }

  /// Every row of a table. A `@Selection` type is no table of its own: no query runs.
  public init(wrappedValue: [Element] = [], database: (any DatabaseWriter)? = nil) where Element: Table {
    let statement = Element.self is any _Selection.Type ? Element.none : Element.all
    self.init(wrappedValue: wrappedValue, statement.asFetchable(), database: database)
  }

  /// Rows of a query grouped into sections by an expression of its table: a column
  /// (`sectionBy: \.category`), a direction (`{ $0.category.desc() }`), any expression such as a
  /// `Case`, or `nil` for no sections. Sections come first in the order; `$rows.sections` has them.
  public init<From: Table, Joins>(
    wrappedValue: [Element] = [], _ statement: Select<Element, From, Joins>,
    @SectionBuilder sectionBy: @escaping @Sendable (From.TableColumns) -> SectionTerm?,
    database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) {
    box = FetchBox(ResultsSectionCollection(elements: wrappedValue, name: nil))
    observe(statement, sectionBy: sectionBy, database: database, scheduler: scheduler, animation: animation)
  }

  /// Rows of a query grouped into sections named by a column.
  public init<From: Table, Joins, Name: QueryExpression>(
    wrappedValue: [Element] = [], _ statement: Select<Element, From, Joins>,
    sectionBy keyPath: KeyPath<From.TableColumns, Name> & Sendable,
    database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) {
    let term = SectionBuilder.buildExpression(From.columns[keyPath: keyPath])
    self.init(
      wrappedValue: wrappedValue, statement, sectionBy: { _ in term }, database: database,
      scheduler: scheduler, animation: animation)
  }

  /// Fetches the current query again now, setting `isLoading` meanwhile; a failure is kept in
  /// `loadError` and thrown.
  public func load() async throws {
    try box.reload().get()
  }

  /// Replaces the query: the new rows are fetched before this returns, and followed from then on.
  /// Sections go: the rows form one unnamed section.
  @discardableResult
  public func load<Statement: FetchableStatement>(
    _ statement: Statement, database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) async throws -> FetchSubscription where Statement.Row == Element {
    let result = box.observe(
      database: database ?? DependencyValues.current.defaultDatabase, scheduler: scheduler,
      animation: animation, sharingKey: "all:" + statement.fetchKey,
      fetch: { try statement.fetchAll($0) }, transform: Self.unsectioned)
    try result.get()
    return FetchSubscription(onCancel: { [box] in box.cancel() })
  }

  /// Replaces the query and its sections.
  @discardableResult
  public func load<From: Table, Joins>(
    _ statement: Select<Element, From, Joins>,
    @SectionBuilder sectionBy: @escaping @Sendable (From.TableColumns) -> SectionTerm?,
    database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) async throws -> FetchSubscription {
    try observe(
      statement, sectionBy: sectionBy, database: database, scheduler: scheduler, animation: animation
    )
    .get()
    return FetchSubscription(onCancel: { [box] in box.cancel() })
  }

  @discardableResult
  private func observe<From: Table, Joins>(
    _ statement: Select<Element, From, Joins>,
    sectionBy: @escaping @Sendable (From.TableColumns) -> SectionTerm?,
    database: (any DatabaseWriter)?, scheduler: (any ValueObservationScheduler)?, animation: Animation?
  ) -> Result<Void, any Error> {
    let sectionKey = sectionBy(From.columns).map { $0.key } ?? "none"
    return box.observe(
      database: database ?? DependencyValues.current.defaultDatabase, scheduler: scheduler,
      animation: animation, sharingKey: "sections(\(sectionKey)):" + statement.fetchKey,
      fetch: { try statement.fetchAll($0, sectionBy: sectionBy) }, transform: { $0 })
  }

  @Sendable private static func unsectioned(_ rows: [Element]) -> ResultsSectionCollection<Element, String?> {
    ResultsSectionCollection(elements: rows, name: nil)
  }
}

extension Select where Columns == From, Joins == () {
  /// The statement as something live queries can fetch.
  func asFetchable() -> Self { self }
}
