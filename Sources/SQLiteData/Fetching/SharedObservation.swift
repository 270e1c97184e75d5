import Foundation
import SQLiteEngine
import Synchronization

/// What makes two live values the same observation: the same database, the same request (a
/// statement's SQL with its bindings, or a `FetchKeyRequest`), the same fetched type, and the
/// same queue to deliver on.
struct SharingKey: Hashable, Sendable {
  let database: ObjectIdentifier
  let request: Request
  let fetched: ObjectIdentifier
  let queue: ObjectIdentifier

  /// A request compared and hashed as itself: two requests are equal when they are of the same
  /// type and equal. (Not through `AnyHashable`, whose every making asks the runtime whether the
  /// type has a custom representation: a search of the conformance records that cost more than
  /// the rest of starting an observation.)
  struct Request: Hashable, Sendable {
    let base: any Hashable & Sendable

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.base.isEqual(to: rhs.base) }
    func hash(into hasher: inout Hasher) { base.hash(into: &hasher) }
  }
}

extension Hashable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: any Hashable) -> Bool { (other as? Self) == self }
}

/// One observation for every live value that fetches the same thing from the same database and
/// receives its values on the same queue: a commit re-fetches once, however many wrappers show
/// the result.
///
/// The first subscriber starts the observation and receives its first value; later ones fetch
/// their first value themselves, on the caller, so that it is as fresh as an unshared one, then
/// receive the values the shared observation delivers. Every value comes with its fetch's number
/// from one ``FetchNumbers``, and the subscriber keeps only values numbered after the last it kept
/// (``ValueOrder``). The shared fetches run one at a time and are numbered once their read has
/// begun; a late subscriber's own fetch is numbered before its read begins. So a shared value it
/// skips is older than its own, and one it takes after its own may be older only while a fetch
/// that follows the commits in between is on its way: every commit is followed by a shared fetch
/// that begins after it and is numbered after it.
final class SharedObservation<Fetched: Sendable>: Sendable {
  /// One live value following the observation.
  final class Subscriber: Sendable {
    /// Receives each value with its fetch's number; it keeps the newest (``ValueOrder``).
    let onChange: @Sendable (_ fetch: Int, Fetched) -> Void
    let onError: @Sendable (any Error) -> Void

    init(
      onChange: @escaping @Sendable (_ fetch: Int, Fetched) -> Void,
      onError: @escaping @Sendable (any Error) -> Void
    ) {
      self.onChange = onChange
      self.onError = onError
    }
  }

  private struct State {
    var subscribers: [ObjectIdentifier: Subscriber] = [:]
    var cancellable: DatabaseCancellable?
  }

  private let state = Mutex(State())
  private let fetches = FetchNumbers()

  private func add(_ subscriber: Subscriber) {
    state.withLock { $0.subscribers[ObjectIdentifier(subscriber)] = subscriber }
  }

  /// Removes a subscriber; true when it was the last.
  private func remove(_ subscriber: Subscriber) -> Bool {
    state.withLock { state in
      state.subscribers[ObjectIdentifier(subscriber)] = nil
      return state.subscribers.isEmpty
    }
  }

  private func broadcast(_ value: Fetched, fetch: Int) {
    for subscriber in state.withLock({ Array($0.subscribers.values) }) { subscriber.onChange(fetch, value) }
  }

  private func broadcast(_ error: any Error) {
    for subscriber in state.withLock({ Array($0.subscribers.values) }) { subscriber.onError(error) }
  }

  /// Subscribes to the observation of `key`, starting it if nobody observes it yet. Cancelling
  /// the result unsubscribes; the last one out stops the observation.
  static func subscribe(
    key: SharingKey, database: any DatabaseWriter, scheduler: any ValueObservationScheduler,
    fetch: @escaping @Sendable (Database) throws -> Fetched,
    onError: @escaping @Sendable (any Error) -> Void,
    onChange: @escaping @Sendable (_ fetch: Int, Fetched) -> Void
  ) -> DatabaseCancellable {
    let subscriber = Subscriber(onChange: onChange, onError: onError)
    let registry = SharedObservationRegistry.shared
    let (shared, isNew) = registry.withEntries { entries in
      if let existing = entries[key] as? SharedObservation<Fetched> {
        existing.add(subscriber)
        return (existing, false)
      }
      let shared = SharedObservation<Fetched>()
      shared.add(subscriber)
      entries[key] = shared
      return (shared, true)
    }
    if isNew {
      let cancellable = ValueObservation.tracking(shared.fetches.numbering(fetch)).start(
        in: database, scheduling: AnyScheduler(scheduler),
        onError: { [weak shared] error in shared?.broadcast(error) },
        onChange: { [weak shared] numbered in shared?.broadcast(numbered.1, fetch: numbered.0) })
      // Everyone may have left while it started.
      let isAbandoned = shared.state.withLock { state in
        state.cancellable = cancellable
        return state.subscribers.isEmpty
      }
      if isAbandoned { cancellable.cancel() }
    } else {
      do {
        // Numbered before its read begins (the shared fetches are numbered once theirs has):
        // a shared value numbered lower read an older state, and is rightly skipped.
        let number = shared.fetches.draw()
        onChange(number, try database.read(fetch))
      } catch {
        onError(error)
      }
    }
    return DatabaseCancellable {
      let stopped: DatabaseCancellable?? = registry.withEntries { entries in
        guard shared.remove(subscriber) else { return nil }
        if entries[key] === shared { entries[key] = nil }
        return shared.state.withLock { $0.cancellable }
      }
      if let stopped { stopped?.cancel() }
    }
  }
}

/// The shared observations in progress, by key.
final class SharedObservationRegistry: Sendable {
  static let shared = SharedObservationRegistry()
  private let entries = Mutex<[SharingKey: any AnyObject & Sendable]>([:])

  func withEntries<R>(_ body: (inout [SharingKey: any AnyObject & Sendable]) -> R) -> R {
    entries.withLock { body(&$0) }
  }
}
