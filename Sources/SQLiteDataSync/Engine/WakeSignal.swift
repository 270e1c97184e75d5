import Synchronization

/// Wakes the background sync loop: a commit that queued changes, a notification from the
/// server, or a timeout. Signals while nobody waits are remembered as one.
final class WakeSignal: Sendable {
  private struct State {
    var isPending = false
    var waiter: CheckedContinuation<Void, Never>?
  }
  private let state = Mutex(State())

  func signal() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard let waiter = state.waiter else {
        state.isPending = true
        return nil
      }
      state.waiter = nil
      return waiter
    }
    waiter?.resume()
  }

  /// Returns at the next signal (at once if one came since the last wait), after `timeout`, or
  /// when the task is cancelled.
  func wait(timeout: Duration) async {
    // Cancelled when the wait ends otherwise: it must not signal then, or the next wait would
    // return at once and the loop would spin.
    let timer = Task { [weak self] in
      guard (try? await Task.sleep(for: timeout)) != nil else { return }
      self?.signal()
    }
    defer { timer.cancel() }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state -> Bool in
          if state.isPending || Task.isCancelled {
            state.isPending = false
            return true
          }
          state.waiter = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      signal()
    }
  }
}
