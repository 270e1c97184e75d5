import SQLiteEngine
import SQLiteQueries

/// A live single value: a count or other aggregate, a `@Selection` of several, the first row of a
/// query (or `nil`), or a row by its primary key.
///
///     @FetchOne(Reminder.count()) var remindersCount = 0
///     @FetchOne(Reminder.select { Stats.Columns(…) }) var stats = Stats()
///     @FetchOne(Reminder.where(\.isFlagged)) var firstFlagged: Reminder?
///
/// When a non-optional value finds no row, it keeps its last value and sets `loadError` to
/// `NotFound`; an optional value becomes `nil`.
@propertyWrapper
public struct FetchOne<Value: Sendable>: Sendable {
  let box: FetchBox<Value>

  public var wrappedValue: Value { box.value }
  public var projectedValue: Self { self }
  public var loadError: (any Error)? { box.loadError }
  public var isLoading: Bool { box.isLoading }
  public var animation: Animation? { box.animation }
  public var values: AsyncStream<Value> { box.values }

  /// A non-optional value from a query: no row is a `NotFound` error.
  public init<Statement: FetchableStatement>(
    wrappedValue: Value, _ statement: Statement, database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) where Statement.Row == Value {
    self.init(
      wrappedValue: wrappedValue, statement, database: database, scheduler: scheduler, animation: animation,
      transform: Self.required)
  }

  /// An optional value from a query: no row is `nil`.
  public init<Wrapped: Sendable, Statement: FetchableStatement>(
    wrappedValue: Value = nil, _ statement: Statement, database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) where Value == Wrapped?, Statement.Row == Wrapped {
    self.init(
      wrappedValue: wrappedValue, statement, database: database, scheduler: scheduler, animation: animation,
      transform: { $0 })
  }

  /// A value from SQL written by hand, typed by the value: `@FetchOne(#sql("SELECT count(*) FROM
  /// items")) var total = 0`.
  public init(
    wrappedValue: Value, _ statement: SQLQueryExpression<Value>, database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) where Value: QueryRepresentable, Value.QueryOutput == Value {
    self.init(
      wrappedValue: wrappedValue, statement, database: database, scheduler: scheduler, animation: animation,
      transform: Self.required)
  }

  /// An optional value from SQL written by hand: `@FetchOne(#sql("SELECT * FROM items LIMIT 1"))
  /// var item: Item?`.
  public init<Wrapped: QueryRepresentable & Sendable>(
    wrappedValue: Value = nil, _ statement: SQLQueryExpression<Wrapped>,
    database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) where Value == Wrapped?, Wrapped.QueryOutput == Wrapped {
    self.init(
      wrappedValue: wrappedValue, statement, database: database, scheduler: scheduler, animation: animation,
      transform: { $0 })
  }

  /// An optional value from a query of an optional column: no row and a NULL are both `nil`
  /// (`@FetchOne(Row.select(\.createdAt)) var createdAt: Date?`).
  public init<Wrapped: Sendable, Statement: FetchableStatement>(
    wrappedValue: Value = nil, _ statement: Statement, database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) where Value == Wrapped?, Statement.Row == Wrapped? {
    self.init(
      wrappedValue: wrappedValue, statement, database: database, scheduler: scheduler, animation: animation,
      transform: { $0.flatMap { $0 } })
  }

  /// The value of `statement`'s first row, observed on `database` (or the default database).
  private init<Statement: FetchableStatement>(
    wrappedValue: Value, _ statement: Statement, database: (any DatabaseWriter)?,
    scheduler: (any ValueObservationScheduler)?, animation: Animation?,
    transform: @escaping @Sendable (Statement.Row?) throws -> Value
  ) where Statement.Row: Sendable {
    box = FetchBox(wrappedValue)
    box.observe(
      database: database ?? DependencyValues.current.defaultDatabase, scheduler: scheduler,
      animation: animation, sharingKey: "one:" + statement.fetchKey,
      fetch: { try statement.fetchOne($0) }, transform: transform)
  }

  /// The first row of a table, or `nil`: `@FetchOne var log: Log?`. A `@Selection` type is no
  /// table of its own: no query runs.
  public init<Wrapped: Table>(wrappedValue: Value = nil, database: (any DatabaseWriter)? = nil)
  where Value == Wrapped? {
    let statement = Wrapped.self is any _Selection.Type ? Wrapped.none : Wrapped.all.limit(1)
    self.init(wrappedValue: wrappedValue, statement, database: database)
  }

  /// A row by the primary key of its default value, kept current: `@FetchOne var list = list`.
  public init(wrappedValue: Value, database: (any DatabaseWriter)? = nil) where Value: PrimaryKeyedTable {
    self.init(wrappedValue: wrappedValue, Value.find(wrappedValue.primaryKeyValue), database: database)
  }

  /// A value that is not a table: no query runs.
  @_disfavoredOverload
  public init(wrappedValue: Value) {
    box = FetchBox(wrappedValue)
  }

  /// Fetches the current query again now, setting `isLoading` meanwhile; a failure is kept in
  /// `loadError` and thrown.
  public func load() async throws {
    try box.reload().get()
  }

  /// Replaces the query (non-optional value).
  @discardableResult
  public func load<Statement: FetchableStatement>(
    _ statement: Statement, database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) async throws -> FetchSubscription where Statement.Row == Value {
    try box.observe(
      database: database ?? DependencyValues.current.defaultDatabase, scheduler: scheduler,
      animation: animation, sharingKey: "one:" + statement.fetchKey,
      fetch: { try statement.fetchOne($0) }, transform: Self.required
    ).get()
    return FetchSubscription(onCancel: { [box] in box.cancel() })
  }

  private static func required(_ value: Value?) throws -> Value {
    guard let value else { throw NotFound() }
    return value
  }
}
