/// A live query started by `load`: `cancel()` stops it, and awaiting `task` ties it to the
/// current Swift task, stopping it when the task is cancelled.
public struct FetchSubscription: Sendable {
  let onCancel: @Sendable () -> Void

  /// Waits until the current task is cancelled, then stops the live query.
  public var task: Void {
    get async throws {
      let onCancel = self.onCancel
      try await withTaskCancellationHandler {
        while !Task.isCancelled { try await Task.sleep(for: .seconds(3600)) }
      } onCancel: {
        onCancel()
      }
    }
  }

  public func cancel() { onCancel() }
}
