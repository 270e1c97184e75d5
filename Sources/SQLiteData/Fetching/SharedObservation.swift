import Foundation
import SQLiteEngine

/// What makes two live values the same observation: the same database, the same request (a
/// statement's SQL with its bindings, or a `FetchKeyRequest`), and the same fetched type.
struct SharingKey: Hashable, @unchecked Sendable {
  let database: ObjectIdentifier
  let request: AnyHashable
  let fetched: ObjectIdentifier
}

/// One observation for every live value that fetches the same thing from the same database with
/// the default delivery: a commit re-fetches once, however many wrappers show the result.
///
/// The first subscriber starts the observation and receives its first value; later ones fetch
/// their first value themselves, on the caller, so that it is as fresh as an unshared one, then
/// receive every value the shared observation delivers.
final class SharedObservation<Fetched: Sendable>: @unchecked Sendable {
  struct Subscriber {
    let onChange: @Sendable (Fetched) -> Void
    let onError: @Sendable (any Error) -> Void
  }

  private let lock = NSLock()
  private var subscribers: [Int: Subscriber] = [:]
  private var nextID = 0
  private var cancellable: DatabaseCancellable?

  private func add(_ subscriber: Subscriber) -> Int {
    lock.withLock {
      defer { nextID += 1 }
      subscribers[nextID] = subscriber
      return nextID
    }
  }

  /// Removes a subscriber; true when it was the last.
  private func remove(_ id: Int) -> Bool {
    lock.withLock {
      subscribers[id] = nil
      return subscribers.isEmpty
    }
  }

  private func broadcast(_ value: Fetched) {
    for subscriber in lock.withLock({ Array(subscribers.values) }) { subscriber.onChange(value) }
  }

  private func broadcast(_ error: any Error) {
    for subscriber in lock.withLock({ Array(subscribers.values) }) { subscriber.onError(error) }
  }

  /// Subscribes to the observation of `key`, starting it if nobody observes it yet. Cancelling
  /// the result unsubscribes; the last one out stops the observation.
  static func subscribe(
    key: SharingKey, database: any DatabaseWriter, fetch: @escaping @Sendable (Database) throws -> Fetched,
    onError: @escaping @Sendable (any Error) -> Void, onChange: @escaping @Sendable (Fetched) -> Void
  ) -> DatabaseCancellable {
    let subscriber = Subscriber(onChange: onChange, onError: onError)
    let registry = SharedObservationRegistry.shared
    let (shared, id, isNew) = registry.withEntries { entries in
      if let existing = entries[key] as? SharedObservation<Fetched> {
        return (existing, existing.add(subscriber), false)
      }
      let shared = SharedObservation<Fetched>()
      entries[key] = shared
      return (shared, shared.add(subscriber), true)
    }
    if isNew {
      let cancellable = ValueObservation.tracking(fetch).start(
        in: database, scheduling: .liveValues,
        onError: { [weak shared] error in shared?.broadcast(error) },
        onChange: { [weak shared] value in shared?.broadcast(value) })
      // Everyone may have left while it started.
      let isAbandoned = shared.lock.withLock {
        shared.cancellable = cancellable
        return shared.subscribers.isEmpty
      }
      if isAbandoned { cancellable.cancel() }
    } else {
      do {
        onChange(try database.read(fetch))
      } catch {
        onError(error)
      }
    }
    return DatabaseCancellable {
      let stopped: DatabaseCancellable?? = registry.withEntries { entries in
        guard shared.remove(id) else { return nil }
        if entries[key] === shared { entries[key] = nil }
        return shared.lock.withLock { shared.cancellable }
      }
      if let stopped { stopped?.cancel() }
    }
  }
}

/// The shared observations in progress, by key.
final class SharedObservationRegistry: @unchecked Sendable {
  static let shared = SharedObservationRegistry()
  static let lock = NSLock()
  private var entries: [SharingKey: AnyObject] = [:]

  func withEntries<R>(_ body: (inout [SharingKey: AnyObject]) -> R) -> R {
    Self.lock.withLock { body(&entries) }
  }

  /// How many observations are running (for tests).
  var count: Int { withEntries { $0.count } }
}
