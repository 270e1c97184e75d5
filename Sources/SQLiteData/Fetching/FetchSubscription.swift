import Synchronization

/// A live query started by `load`: `cancel()` stops it, and awaiting `task` ties it to the
/// current Swift task, stopping it when the task is cancelled. Once stopped, the wrapper keeps its
/// last value and `load()` does not start it again.
public struct FetchSubscription: Sendable {
  private let state: State

  init(onCancel: @escaping @Sendable () -> Void) { state = State(onCancel: onCancel) }

  /// Waits until the subscription is cancelled, by `cancel()` (then it returns) or by the
  /// cancellation of the current task (then it throws `CancellationError`), and stops the query.
  public var task: Void {
    get async throws {
      try await state.waitUntilCancelled()
    }
  }

  public func cancel() { state.cancel() }

  /// Whether the query was stopped, and the tasks waiting for it to be.
  private final class State: Sendable {
    private let onCancel: @Sendable () -> Void
    private let waiting = Mutex<(isCancelled: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

    func cancel() {
      let (wasCancelled, waiters) = waiting.withLock { state in
        defer { state = (true, []) }
        return (state.isCancelled, state.waiters)
      }
      guard !wasCancelled else { return }
      onCancel()
      for waiter in waiters { waiter.resume() }
    }

    func waitUntilCancelled() async throws {
      await withTaskCancellationHandler {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
          let isCancelled = waiting.withLock { state in
            if !state.isCancelled { state.waiters.append(waiter) }
            return state.isCancelled
          }
          if isCancelled { waiter.resume() }
        }
      } onCancel: {
        cancel()
      }
      try Task.checkCancellation()
    }
  }
}
