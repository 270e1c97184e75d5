import Foundation
import Observation
import SQLiteEngine
import Synchronization

/// The storage of a live query: its value, its error and loading state, and the observation that
/// keeps them current. Reads register with Swift Observation, so `withObservationTracking` (and
/// the terminal toolkit's `observe`) sees every change.
final class FetchBox<Value: Sendable>: Observable, Sendable {
  private let registrar = ObservationRegistrar()

  private struct State {
    var value: Value
    var error: (any Error)?
    var isLoading = false
    var animation: Animation?
    var subscription: DatabaseCancellable?
    /// Observes the current query again from scratch, for `load()`; nil until there is a query.
    var restart: (@Sendable () -> Result<Void, any Error>)?
    /// The number of the query observed now: each new one (and each cancellation) takes the next,
    /// so that a late value of a replaced query is dropped.
    var query = 0
    /// The order of the value kept last: a value is kept only when it comes after it.
    var lastKept = ValueOrder.start(ofQuery: 0)
    var continuations: [UUID: AsyncStream<Value>.Continuation] = [:]

    /// Moves on to a new query: the values of the queries before it are no longer kept.
    mutating func startQuery() {
      query += 1
      lastKept = .start(ofQuery: query)
    }
  }

  private let state: Mutex<State>
  /// `==`, when the values are `Equatable`: a value equal to the one kept is not announced.
  private let isSame: (@Sendable (Value, Value) -> Bool)?
  private let paths = oncePerType(ObservedPaths.self) { ObservedPaths() }

  init(_ value: Value) {
    state = Mutex(State(value: value))
    isSame = equality(of: Value.self)
  }

  /// The key paths Observation hears of, made once per value type: in a generic class, each
  /// `\.value` written out is a key path made anew at run time (about 15,000 instructions), at
  /// every read and every change.
  private final class ObservedPaths: Sendable {
    let value = \FetchBox.value
    let loadError = \FetchBox.loadError
    let isLoading = \FetchBox.isLoading
  }

  var value: Value {
    registrar.access(self, keyPath: paths.value)
    return state.withLock { $0.value }
  }

  var loadError: (any Error)? {
    registrar.access(self, keyPath: paths.loadError)
    return state.withLock { $0.error }
  }

  var isLoading: Bool {
    registrar.access(self, keyPath: paths.isLoading)
    return state.withLock { $0.isLoading }
  }

  /// The animation the last value came with.
  var animation: Animation? { state.withLock { $0.animation } }

  /// The values from now on, the current one first.
  var values: AsyncStream<Value> {
    AsyncStream(bufferingPolicy: .bufferingNewest(16)) { continuation in
      let id = UUID()
      let current = state.withLock { state in
        state.continuations[id] = continuation
        return state.value
      }
      continuation.yield(current)
      continuation.onTermination = { [weak self] _ in
        _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
      }
    }
  }

  /// Observes `fetch` on `database` from now on, replacing the query observed before. The first
  /// value is fetched before this returns; the result says whether it succeeded.
  @discardableResult
  ///
  /// With the default scheduler, values with the same `sharingKey` (and fetched type) on the same
  /// database share one observation.
  func observe<Fetched: Sendable>(
    database: any DatabaseWriter, scheduler: (any ValueObservationScheduler)?, animation: Animation?,
    sharingKey: (any Hashable & Sendable)? = nil,
    fetch: @escaping @Sendable (Database) throws -> Fetched,
    transform: @escaping @Sendable (Fetched) throws -> Value
  ) -> Result<Void, any Error> {
    let restart: @Sendable () -> Result<Void, any Error> = { [weak self] in
      self?.observe(
        database: database, scheduler: scheduler, animation: animation, sharingKey: sharingKey, fetch: fetch,
        transform: transform) ?? .success(())
    }
    let (query, replaced) = state.withLock { state in
      state.restart = restart
      defer { state.subscription = nil }
      state.startQuery()
      return (state.query, state.subscription)
    }
    replaced?.cancel()
    guard !UnconfiguredDatabase.isUnconfigured(database) else {
      let error = NoDefaultDatabase()
      setError(error, query: query)
      return .failure(error)
    }
    setLoading(true)
    let firstResult = FirstOutcome()
    let onError: @Sendable (any Error) -> Void = { [weak self] error in
      firstResult.setIfNil(.failure(error))
      self?.setError(error, query: query)
    }
    let onChange: @Sendable (_ fetch: Int, Fetched) -> Void = { [weak self] fetch, fetched in
      do {
        let value = try transform(fetched)
        firstResult.setIfNil(.success(()))
        self?.set(value, animation: animation, order: ValueOrder(query: query, fetch: fetch))
      } catch {
        firstResult.setIfNil(.failure(error))
        self?.setError(error, query: query)
      }
    }
    let cancellable: DatabaseCancellable
    let delivery = scheduler ?? DependencyValues.current.liveValueScheduler
    if scheduler == nil, let sharingKey, let queue = delivery.deliveryQueue {
      // Shared only with values delivered on the same queue: each one's values must arrive where
      // its reader expects them.
      let key = SharingKey(
        database: ObjectIdentifier(database), request: SharingKey.Request(base: sharingKey),
        fetched: ObjectIdentifier(Fetched.self),
        queue: ObjectIdentifier(queue))
      cancellable = SharedObservation.subscribe(
        key: key, database: database, scheduler: delivery, fetch: fetch, onError: onError, onChange: onChange)
    } else {
      cancellable = ValueObservation.tracking(FetchNumbers().numbering(fetch)).start(
        in: database, scheduling: AnyScheduler(delivery), onError: onError,
        onChange: { numbered in onChange(numbered.0, numbered.1) })
    }
    let isCurrent = state.withLock { state in
      guard state.query == query else { return false }
      state.subscription = cancellable
      return true
    }
    if !isCurrent { cancellable.cancel() }
    setLoading(false)
    return firstResult.value ?? .success(())
  }

  /// Fetches the current query again and keeps following it; succeeds at once when there is none.
  func reload() -> Result<Void, any Error> {
    guard let restart = state.withLock({ $0.restart }) else { return .success(()) }
    return restart()
  }

  /// Stops observing; the value stays as it is, and `reload()` does not start the query again.
  func cancel() {
    let subscription = state.withLock { state in
      defer {
        state.subscription = nil
        state.restart = nil
        state.startQuery()
      }
      return state.subscription
    }
    subscription?.cancel()
  }

  /// Keeps `value` if it comes after the value kept last (``ValueOrder``), and announces it unless
  /// it equals that value.
  private func set(_ value: Value, animation: Animation?, order: ValueOrder) {
    // Stored before observers hear of it: Observation announces a change before it happens
    // (willSet), and an observer on another thread that reads at once must see the new value, or
    // it would draw the old one and never hear of the change again. The streams are given it
    // under the lock, so that two values kept from two threads reach them in order.
    let kept: (isNew: Bool, hadError: Bool)? = state.withLock { state in
      guard order > state.lastKept else { return nil }
      state.lastKept = order
      defer { state.error = nil }
      if let isSame, isSame(state.value, value) { return (false, state.error != nil) }
      state.value = value
      state.animation = animation
      for continuation in state.continuations.values { continuation.yield(value) }
      return (true, state.error != nil)
    }
    guard let kept else { return }
    if kept.isNew { registrar.withMutation(of: self, keyPath: paths.value) {} }
    if kept.hadError { registrar.withMutation(of: self, keyPath: paths.loadError) {} }
  }

  private func setError(_ error: any Error, query: Int) {
    let isCurrent = state.withLock { state in
      guard query == state.query else { return false }
      state.error = error
      return true
    }
    if isCurrent { registrar.withMutation(of: self, keyPath: paths.loadError) {} }
  }

  private func setLoading(_ isLoading: Bool) {
    state.withLock { $0.isLoading = isLoading }
    registrar.withMutation(of: self, keyPath: paths.isLoading) {}
  }
}

/// A scheduler passed around as a value.
struct AnyScheduler: ValueObservationScheduler {
  let base: any ValueObservationScheduler
  init(_ base: any ValueObservationScheduler) { self.base = base }
  var deliversInitialValueImmediately: Bool { true }
  var deliveryQueue: DispatchQueue? { base.deliveryQueue }
  func schedule(_ action: @escaping @Sendable () -> Void) { base.schedule(action) }
}

/// What an observation's first fetch came to, set by whichever callback hears of it first.
final class FirstOutcome: Sendable {
  private let stored = Mutex<Result<Void, any Error>?>(nil)
  var value: Result<Void, any Error>? { stored.withLock { $0 } }
  func setIfNil(_ outcome: Result<Void, any Error>) { stored.withLock { if $0 == nil { $0 = outcome } } }
}

/// No row where a non-optional value was expected: `@FetchOne` keeps its last value.
public struct NotFound: Error, CustomStringConvertible {
  public init() {}
  public var description: String { "No row was found" }
}
