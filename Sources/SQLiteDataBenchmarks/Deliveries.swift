import Dispatch
import Synchronization

/// Waits for values delivered on other threads, and remembers when the last one came.
final class Deliveries: Sendable {
  private let state = Mutex((count: 0, last: ContinuousClock.now))
  /// Signalled once per delivery; a waiter looks at the count again each time.
  private let arrived = DispatchSemaphore(value: 0)

  func deliver() {
    let now = ContinuousClock.now
    state.withLock { $0 = ($0.count + 1, now) }
    arrived.signal()
  }

  var lastDeliveryTime: ContinuousClock.Instant { state.withLock { $0.last } }

  /// Waits until at least `target` values have been delivered.
  func wait(until target: Int) throws {
    let deadline = DispatchTime.now() + .seconds(10)
    while delivered < target {
      guard arrived.wait(timeout: deadline) == .success else {
        throw UnexpectedResult(description: "no delivery in 10 s")
      }
    }
  }

  var delivered: Int { state.withLock { $0.count } }
}
