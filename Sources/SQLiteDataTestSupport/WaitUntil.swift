import Observation
import Synchronization

/// A wait for a condition that did not come true in time.
public struct WaitTimeout: Error, CustomStringConvertible {
  public let description: String
}

/// Waits until `condition` holds. The condition is checked again each time an observable value
/// it read changes (a live query's value arriving, an `@Observable` model's property), never by
/// polling. Throws ``WaitTimeout`` after `timeout`, which only ends a wait that would hang: with
/// the whole suite running, a delivery can be late by a minute.
///
/// A condition over several values that change on other threads should read all of them each
/// time (`map` then `allSatisfy`, not `allSatisfy` alone): a value it did not read is not watched,
/// and if the one before it changed while the watch began, nothing would wake the wait.
public func waitUntil(
  _ description: String = "the condition holds", timeout: Duration = .seconds(120),
  isolation: isolated (any Actor)? = #isolation, _ condition: () throws -> Bool
) async throws {
  let deadline = ContinuousClock.now + timeout
  while try !condition() {
    guard ContinuousClock.now < deadline else {
      throw WaitTimeout(description: "Timed out waiting until \(description)")
    }
    let wake = Wake()
    let alarm = Task {
      try? await Task.sleep(until: deadline)
      wake.resume()
    }
    await withCheckedContinuation(isolation: isolation) { continuation in
      wake.set(continuation)
      // A value that changed on another thread after the check above announces nothing more
      // once tracking has begun, and Observation begins tracking only after the tracked read has
      // returned: a change between the two is heard by no one. So the condition is read again,
      // with tracking on, and once more after it.
      let holds = withObservationTracking {
        (try? condition()) ?? false
      } onChange: {
        wake.resume()
      }
      if holds || (try? condition()) == true { wake.resume() }
    }
    alarm.cancel()
  }
}

/// Resumes a waiting continuation once, whichever of the observed change and the deadline
/// comes first.
private final class Wake: Sendable {
  private let state = Mutex<(continuation: CheckedContinuation<Void, Never>?, resumed: Bool)>((nil, false))

  func set(_ continuation: CheckedContinuation<Void, Never>) {
    let resumeNow = state.withLock { state in
      guard !state.resumed else { return true }
      state.continuation = continuation
      return false
    }
    if resumeNow { continuation.resume() }
  }

  func resume() {
    let continuation = state.withLock { state in
      defer { state = (nil, true) }
      return state.resumed ? nil : state.continuation
    }
    continuation?.resume()
  }
}
