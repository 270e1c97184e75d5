import Dispatch
import Foundation
import Synchronization

/// Runs work after a delay: how a ticked reminder becomes completed when its grace period ends.
/// The app uses ``LiveCompletionScheduler``; tests use ``ManualCompletionScheduler`` and move
/// its clock by hand.
public protocol CompletionScheduler: Sendable {
  /// Runs `work` once, `delay` seconds from now, on any thread.
  func schedule(after delay: TimeInterval, _ work: @escaping @Sendable () -> Void)
}

/// Runs work on a background queue after the real delay.
public struct LiveCompletionScheduler: CompletionScheduler {
  public init() {}

  public func schedule(after delay: TimeInterval, _ work: @escaping @Sendable () -> Void) {
    DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay, execute: work)
  }
}

/// A scheduler whose clock moves only when told: ``advance(by:)`` runs the work that falls due,
/// in order, on the calling thread.
public final class ManualCompletionScheduler: CompletionScheduler, Sendable {
  private struct State {
    var now: TimeInterval = 0
    var sequence = 0
    var pending: [(due: TimeInterval, sequence: Int, work: @Sendable () -> Void)] = []
  }

  private let state = Mutex(State())

  public init() {}

  public func schedule(after delay: TimeInterval, _ work: @escaping @Sendable () -> Void) {
    state.withLock { state in
      state.sequence += 1
      state.pending.append((state.now + max(0, delay), state.sequence, work))
    }
  }

  /// How many runs are waiting.
  public var pendingCount: Int { state.withLock { $0.pending.count } }

  /// Moves the clock forward and runs, in due order, the work that is due by then (including work
  /// scheduled by that work, when it falls due in time).
  public func advance(by interval: TimeInterval) {
    let target = state.withLock { $0.now + interval }
    while let next = takeNext(dueBy: target) { next() }
    state.withLock { $0.now = target }
  }

  private func takeNext(dueBy target: TimeInterval) -> (@Sendable () -> Void)? {
    state.withLock { state in
      guard let index = Self.firstDue(in: state.pending, by: target) else { return nil }
      let item = state.pending.remove(at: index)
      state.now = max(state.now, item.due)
      return item.work
    }
  }

  /// The index of the work due first by `target` (in scheduling order among equals), if any.
  private static func firstDue(
    in pending: [(due: TimeInterval, sequence: Int, work: @Sendable () -> Void)], by target: TimeInterval
  ) -> Int? {
    pending.indices
      .filter { pending[$0].due <= target }
      .min { (pending[$0].due, pending[$0].sequence) < (pending[$1].due, pending[$1].sequence) }
  }
}
