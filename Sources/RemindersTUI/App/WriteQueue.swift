import Dispatch
import Observation
import RemindersKit
import SQLiteData

/// The app's writes, run one after another on a queue of their own through the database writer.
/// A lock another program holds delays the write, never the screen: keys keep working, and the
/// status line says "saving…" until the write is done. Each write's outcome comes back on the
/// main actor, in the order the writes were asked for.
///
/// The writes wait on a dispatch queue rather than in Swift tasks: a write then never waits for
/// a thread of the shared task pool, which other work may hold.
@MainActor
@Observable
final class WriteQueue {
  /// Writes asked for and not finished yet.
  private(set) var pending = 0
  @ObservationIgnored private let queue = DispatchQueue(label: "reminders.writes")
  @ObservationIgnored private var idleWaiters: [CheckedContinuation<Void, Never>] = []

  /// Runs `body` in a write transaction after the writes asked for before it, with the caller's
  /// dependencies in effect, then `finish` with its result on the main actor.
  func enqueue<T: Sendable>(
    on database: any DatabaseWriter, _ body: @escaping @Sendable (Database) throws -> T,
    then finish: @escaping @MainActor (Result<T, any Error>) -> Void
  ) {
    pending += 1
    let dependencies = DependencyValues.current
    queue.async {
      let result = Result {
        try withDependencies({ $0 = dependencies }) { try database.writeAction(body) }
      }
      DispatchQueue.main.async {
        MainActor.assumeIsolated { self.finished(result, finish) }
      }
    }
  }

  private func finished<T>(_ result: Result<T, any Error>, _ finish: (Result<T, any Error>) -> Void) {
    pending -= 1
    finish(result)
    guard pending == 0 else { return }
    let waiters = idleWaiters
    idleWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once every write asked for so far is done (before quitting, and in tests).
  func settle() async {
    guard pending > 0 else { return }
    await withCheckedContinuation { idleWaiters.append($0) }
  }
}
