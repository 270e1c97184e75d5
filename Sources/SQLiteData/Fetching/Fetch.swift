import SQLiteEngine

/// Several queries read together, in one transaction, as one value: what `@Fetch` observes.
///
///     struct Facts: FetchKeyRequest {
///       struct Value { var facts: [Fact] = []; var count = 0 }
///       func fetch(_ db: Database) throws -> Value {
///         try Value(facts: Fact.order { $0.id.desc() }.fetchAll(db), count: Fact.fetchCount(db))
///       }
///     }
public protocol FetchKeyRequest<Value>: Hashable, Sendable {
  associatedtype Value: Sendable
  func fetch(_ db: Database) throws -> Value
}

/// A live value made by a `FetchKeyRequest`, fetched again when a commit changes anything any of
/// its queries read.
@propertyWrapper
public struct Fetch<Value: Sendable>: Sendable {
  let box: FetchBox<Value>

  public var wrappedValue: Value { box.value }
  public var projectedValue: Self { self }
  public var loadError: (any Error)? { box.loadError }
  public var isLoading: Bool { box.isLoading }
  public var animation: Animation? { box.animation }
  public var values: AsyncStream<Value> { box.values }

  public init<Request: FetchKeyRequest>(
    wrappedValue: Value, _ request: Request, database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) where Request.Value == Value {
    box = FetchBox(wrappedValue)
    box.observe(
      database: database ?? DependencyValues.current.defaultDatabase, scheduler: scheduler,
      animation: animation, sharingKey: request, fetch: { try request.fetch($0) },
      transform: { $0 })
  }

  /// A value with no request yet: `load` gives it one.
  public init(wrappedValue: Value) {
    box = FetchBox(wrappedValue)
  }

  /// Fetches the current query again now, setting `isLoading` meanwhile; a failure is kept in
  /// `loadError` and thrown.
  public func load() async throws {
    try box.reload().get()
  }

  /// Replaces the request.
  @discardableResult
  public func load<Request: FetchKeyRequest>(
    _ request: Request, database: (any DatabaseWriter)? = nil,
    scheduler: (any ValueObservationScheduler)? = nil, animation: Animation? = nil
  ) async throws -> FetchSubscription where Request.Value == Value {
    try box.observe(
      database: database ?? DependencyValues.current.defaultDatabase, scheduler: scheduler,
      animation: animation, sharingKey: request, fetch: { try request.fetch($0) },
      transform: { $0 }
    ).get()
    return FetchSubscription(onCancel: { [box] in box.cancel() })
  }
}
