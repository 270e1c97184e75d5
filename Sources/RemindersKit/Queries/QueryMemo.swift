import Synchronization

/// The statements a function has built, by the values it built them from: a screen's request is
/// fetched again after every commit, and building its statements (a few dozen fragments joined)
/// costs as much as running them. Statements are values that depend on nothing but their inputs,
/// so one built for the same inputs is the same statement.
///
/// Bounded: past `capacity` inputs it starts again from empty (the screens of one session use a
/// handful).
final class QueryMemo<Key: Hashable & Sendable, Statement: Sendable>: Sendable {
  private let capacity: Int
  private let statements = Mutex<[Key: Statement]>([:])

  init(capacity: Int = 64) { self.capacity = capacity }

  /// The statement built for `key`, built by `build` the first time.
  func statement(for key: Key, build: () -> Statement) -> Statement {
    if let statement = statements.withLock({ $0[key] }) { return statement }
    // Built outside the lock: two callers may both build it, and either copy is the same.
    let statement = build()
    statements.withLock { statements in
      if statements.count >= capacity { statements.removeAll(keepingCapacity: true) }
      statements[key] = statement
    }
    return statement
  }
}
