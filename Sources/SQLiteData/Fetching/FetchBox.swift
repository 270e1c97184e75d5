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
    /// Increases with each new query, so that a late value of a replaced query is dropped.
    var generation = 0
    var continuations: [UUID: AsyncStream<Value>.Continuation] = [:]
  }

  private let state: Mutex<State>

  init(_ value: Value) { state = Mutex(State(value: value)) }

  var value: Value {
    registrar.access(self, keyPath: \.value)
    return state.withLock { $0.value }
  }

  var loadError: (any Error)? {
    registrar.access(self, keyPath: \.loadError)
    return state.withLock { $0.error }
  }

  var isLoading: Bool {
    registrar.access(self, keyPath: \.isLoading)
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
    let (generation, replaced) = state.withLock { state in
      state.restart = restart
      defer { state.subscription = nil }
      state.generation += 1
      return (state.generation, state.subscription)
    }
    replaced?.cancel()
    guard !UnconfiguredDatabase.isUnconfigured(database) else {
      let error = NoDefaultDatabase()
      setError(error, generation: generation)
      return .failure(error)
    }
    setLoading(true)
    let firstResult = FirstOutcome()
    let onError: @Sendable (any Error) -> Void = { [weak self] error in
      firstResult.setIfNil(.failure(error))
      self?.setError(error, generation: generation)
    }
    let onChange: @Sendable (Fetched) -> Void = { [weak self] fetched in
      do {
        let value = try transform(fetched)
        firstResult.setIfNil(.success(()))
        self?.set(value, animation: animation, generation: generation)
      } catch {
        firstResult.setIfNil(.failure(error))
        self?.setError(error, generation: generation)
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
      cancellable = ValueObservation.tracking(fetch).start(
        in: database, scheduling: AnyScheduler(delivery), onError: onError, onChange: onChange)
    }
    let isCurrent = state.withLock { state in
      guard state.generation == generation else { return false }
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
        state.generation += 1
      }
      return state.subscription
    }
    subscription?.cancel()
  }

  private func set(_ value: Value, animation: Animation?, generation: Int) {
    // Stored before observers hear of it: Observation announces a change before it happens
    // (willSet), and an observer on another thread that reads at once must see the new value, or
    // it would draw the old one and never hear of the change again.
    let stored: (continuations: [AsyncStream<Value>.Continuation], hadError: Bool)? = state.withLock {
      state in
      guard generation == state.generation else { return nil }
      state.value = value
      state.animation = animation
      defer { state.error = nil }
      return (Array(state.continuations.values), state.error != nil)
    }
    guard let stored else { return }
    registrar.withMutation(of: self, keyPath: \.value) {}
    if stored.hadError { registrar.withMutation(of: self, keyPath: \.loadError) {} }
    for continuation in stored.continuations { continuation.yield(value) }
  }

  private func setError(_ error: any Error, generation: Int) {
    let isCurrent = state.withLock { state in
      guard generation == state.generation else { return false }
      state.error = error
      return true
    }
    if isCurrent { registrar.withMutation(of: self, keyPath: \.loadError) {} }
  }

  private func setLoading(_ isLoading: Bool) {
    state.withLock { $0.isLoading = isLoading }
    registrar.withMutation(of: self, keyPath: \.isLoading) {}
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
