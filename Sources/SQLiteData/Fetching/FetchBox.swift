import Foundation
import Observation
import SQLiteEngine
import Synchronization

/// The storage of a live query: its value, its error and loading state, and the observation that
/// keeps them current. Reads register with Swift Observation, so `withObservationTracking` (and
/// the terminal toolkit's `observe`) sees every change.
final class FetchBox<Value: Sendable>: Observable, @unchecked Sendable {
  private let registrar = ObservationRegistrar()
  private let lock = NSLock()
  private var storedValue: Value
  private var storedError: (any Error)?
  private var storedIsLoading = false
  private var storedAnimation: Animation?
  private var subscription: DatabaseCancellable?
  /// Observes the current query again from scratch, for `load()`; nil until there is a query.
  private var restart: (() -> Result<Void, any Error>)?
  /// Increases with each new query, so that a late value of a replaced query is dropped.
  private var generation = 0
  private var continuations: [UUID: AsyncStream<Value>.Continuation] = [:]

  init(_ value: Value) { storedValue = value }

  var value: Value {
    registrar.access(self, keyPath: \.value)
    return lock.withLock { storedValue }
  }

  var loadError: (any Error)? {
    registrar.access(self, keyPath: \.loadError)
    return lock.withLock { storedError }
  }

  var isLoading: Bool {
    registrar.access(self, keyPath: \.isLoading)
    return lock.withLock { storedIsLoading }
  }

  /// The animation the last value came with.
  var animation: Animation? { lock.withLock { storedAnimation } }

  /// The values from now on, the current one first.
  var values: AsyncStream<Value> {
    AsyncStream(bufferingPolicy: .bufferingNewest(16)) { continuation in
      let id = UUID()
      let current = lock.withLock {
        continuations[id] = continuation
        return storedValue
      }
      continuation.yield(current)
      continuation.onTermination = { [weak self] _ in
        guard let self else { return }
        _ = self.lock.withLock { self.continuations.removeValue(forKey: id) }
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
    sharingKey: AnyHashable? = nil,
    fetch: @escaping @Sendable (Database) throws -> Fetched,
    transform: @escaping @Sendable (Fetched) throws -> Value
  ) -> Result<Void, any Error> {
    let restart: () -> Result<Void, any Error> = { [weak self] in
      self?.observe(
        database: database, scheduler: scheduler, animation: animation, sharingKey: sharingKey, fetch: fetch,
        transform: transform) ?? .success(())
    }
    let generation = lock.withLock {
      self.restart = restart
      subscription?.cancel()
      subscription = nil
      self.generation += 1
      return self.generation
    }
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
        database: ObjectIdentifier(database), request: sharingKey, fetched: ObjectIdentifier(Fetched.self),
        queue: ObjectIdentifier(queue))
      cancellable = SharedObservation.subscribe(
        key: key, database: database, scheduler: delivery, fetch: fetch, onError: onError, onChange: onChange)
    } else {
      cancellable = ValueObservation.tracking(fetch).start(
        in: database, scheduling: AnyScheduler(delivery), onError: onError, onChange: onChange)
    }
    lock.withLock {
      if self.generation == generation { subscription = cancellable } else { cancellable.cancel() }
    }
    setLoading(false)
    return firstResult.value ?? .success(())
  }

  /// Fetches the current query again and keeps following it; succeeds at once when there is none.
  func reload() -> Result<Void, any Error> {
    guard let restart = lock.withLock({ restart }) else { return .success(()) }
    return restart()
  }

  /// Stops observing; the value stays as it is, and `reload()` does not start the query again.
  func cancel() {
    lock.withLock {
      subscription?.cancel()
      subscription = nil
      restart = nil
      generation += 1
    }
  }

  private func set(_ value: Value, animation: Animation?, generation: Int) {
    let continuations: [AsyncStream<Value>.Continuation]? = lock.withLock {
      guard generation == self.generation else { return nil }
      return Array(self.continuations.values)
    }
    guard let continuations else { return }
    // Stored before observers hear of it: Observation announces a change before it happens
    // (willSet), and an observer on another thread that reads at once must see the new value, or
    // it would draw the old one and never hear of the change again.
    lock.withLock {
      storedValue = value
      storedAnimation = animation
    }
    registrar.withMutation(of: self, keyPath: \.value) {}
    let hadError = lock.withLock {
      defer { storedError = nil }
      return storedError != nil
    }
    if hadError { registrar.withMutation(of: self, keyPath: \.loadError) {} }
    for continuation in continuations { continuation.yield(value) }
  }

  private func setError(_ error: any Error, generation: Int) {
    guard lock.withLock({ generation == self.generation }) else { return }
    lock.withLock { storedError = error }
    registrar.withMutation(of: self, keyPath: \.loadError) {}
  }

  private func setLoading(_ isLoading: Bool) {
    lock.withLock { storedIsLoading = isLoading }
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
