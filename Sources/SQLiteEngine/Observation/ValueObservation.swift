import Dispatch
import Foundation
import Synchronization

/// A value fetched from the database, fetched again after every commit that changes what it
/// read, whoever commits (this process through its writer, or another connection or process).
///
///     let observation = ValueObservation.tracking { db in
///       try Int.fetchOne(db, sql: "SELECT count(*) FROM items") ?? 0
///     }
///     let cancellable = observation.start(in: database, onError: { print($0) }) { count in
///       print("Items:", count)
///     }
public struct ValueObservation<Value: Sendable>: Sendable {
  let fetch: @Sendable (Database) throws -> Value
  var isDuplicate: (@Sendable (Value, Value) -> Bool)?

  /// Observes what `fetch` reads: the tables (and columns) of every statement it runs.
  public static func tracking(_ fetch: @escaping @Sendable (Database) throws -> Value) -> Self {
    ValueObservation(fetch: fetch, isDuplicate: nil)
  }

  /// Skips values equal to the last one delivered.
  public func removeDuplicates() -> Self where Value: Equatable {
    var copy = self
    copy.isDuplicate = { $0 == $1 }
    return copy
  }

  /// Starts observing: `onChange` receives the current value, then a new value after each commit
  /// that touches what it read, in commit order (bursts of commits are coalesced: the last state is
  /// always delivered). `onError` receives fetch errors; observation goes on after them.
  /// Cancelling (or releasing) the returned value stops all work.
  public func start(
    in writer: some DatabaseWriter, scheduling scheduler: some ValueObservationScheduler = .immediate,
    onError: @escaping @Sendable (any Error) -> Void, onChange: @escaping @Sendable (Value) -> Void
  ) -> DatabaseCancellable {
    let runner = ObservationRunner(
      observation: self, writer: writer, scheduler: scheduler, onError: onError, onChange: onChange)
    runner.start()
    return DatabaseCancellable { runner.cancel() }
  }

  /// The values as an asynchronous sequence: the current value first, then one per relevant commit.
  /// Ending the iteration (or cancelling its task) stops the observation.
  public func values(in writer: some DatabaseWriter) -> AsyncThrowingStream<Value, any Error> {
    AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let cancellable = start(
        in: writer, scheduling: .async(onQueue: DispatchQueue(label: "SQLiteData.ValueObservation.values")),
        onError: { continuation.finish(throwing: $0) }, onChange: { continuation.yield($0) })
      continuation.onTermination = { _ in cancellable.cancel() }
    }
  }
}

/// Stops an observation when cancelled or released.
public final class DatabaseCancellable: Sendable {
  private let onCancel: @Sendable () -> Void
  private let isCancelled = Atomic<Bool>(false)

  /// Runs `onCancel` once, on the first `cancel()` or when released.
  public init(_ onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

  public func cancel() {
    if !isCancelled.exchange(true, ordering: .acquiringAndReleasing) { onCancel() }
  }

  deinit { cancel() }
}
