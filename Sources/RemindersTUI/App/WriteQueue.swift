import Dispatch
import Observation
import RemindersKit
import SQLiteData

/// The app's writes, and the reads that must see them, run one after another on a queue of their
/// own through the database. A lock another program holds delays the write, never the screen:
/// keys keep working, and the status line says "saving…" until the write is done (a read is not
/// shown). Each outcome comes back on the main actor, in the order asked for.
///
/// The writes wait on a dispatch queue rather than in Swift tasks: a write then never waits for
/// a thread of the shared task pool, which other work may hold.
@MainActor
@Observable
final class WriteQueue {
  /// Writes asked for and not finished yet.
  private(set) var pending = 0
  /// Reads asked for and not finished yet: not shown as saving.
  @ObservationIgnored private var pendingReads = 0
  /// Outcomes handed back so far, reads' and writes'. A frame that reads it is redrawn after
  /// each: what an outcome changes on screen (a dialog opened once a count is read) is drawn at
  /// once, not at the next key.
  private(set) var outcomes = 0
  @ObservationIgnored private let queue = DispatchQueue(label: "reminders.writes")
  @ObservationIgnored private var idleWaiters: [CheckedContinuation<Void, Never>] = []

  /// Runs `body` in a write transaction after the writes asked for before it, with the caller's
  /// dependencies in effect, then `finish` with its result on the main actor.
  func enqueue<T: Sendable>(
    on database: any DatabaseWriter, _ body: @escaping @Sendable (Database) throws -> T,
    then finish: @escaping @MainActor (Result<T, any Error>) -> Void
  ) {
    pending += 1
    run(body, isRead: false, then: finish) { try database.writeAction($0) }
  }

  /// Runs `body` in a read after the writes asked for before it (so that it sees them), then
  /// `finish` with its result on the main actor: what a question about to be asked counts.
  func enqueueRead<T: Sendable>(
    on database: any DatabaseReader, _ body: @escaping @Sendable (Database) throws -> T,
    then finish: @escaping @MainActor (Result<T, any Error>) -> Void
  ) {
    pendingReads += 1
    run(body, isRead: true, then: finish) { try database.read($0) }
  }

  /// Runs `body` through `access` on the queue, with the caller's dependencies in effect.
  private func run<T: Sendable>(
    _ body: @escaping @Sendable (Database) throws -> T, isRead: Bool,
    then finish: @escaping @MainActor (Result<T, any Error>) -> Void,
    through access: @escaping @Sendable ((Database) throws -> T) throws -> T
  ) {
    let dependencies = DependencyValues.current
    queue.async {
      let result = Result { try withDependencies({ $0 = dependencies }) { try access(body) } }
      DispatchQueue.main.async {
        MainActor.assumeIsolated { self.finished(isRead: isRead, result, finish) }
      }
    }
  }

  private func finished<T>(
    isRead: Bool, _ result: Result<T, any Error>, _ finish: (Result<T, any Error>) -> Void
  ) {
    if isRead { pendingReads -= 1 } else { pending -= 1 }
    finish(result)
    outcomes += 1
    guard pending == 0, pendingReads == 0 else { return }
    let waiters = idleWaiters
    idleWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once every write asked for so far is done (before quitting, and in tests).
  func settle() async {
    guard pending > 0 || pendingReads > 0 else { return }
    await withCheckedContinuation { idleWaiters.append($0) }
  }
}
