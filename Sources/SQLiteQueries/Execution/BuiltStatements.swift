import Synchronization

/// Statements (or their SQL) already built, by what they were built from: building one joins
/// dozens of fragments, which can cost as much as running it, and the same inputs build the same
/// statement. For the app's screens, fetched again after every commit, and for inserts of the same
/// shape, row after row.
///
/// Bounded: past `capacity` inputs it starts again from empty, so that inputs that never repeat
/// (batches of every size) cannot grow it for ever.
package final class BuiltStatements<Key: Hashable & Sendable, Statement: Sendable>: Sendable {
  private let capacity: Int
  private let statements = Mutex<[Key: Statement]>([:])

  package init(capacity: Int = 64) { self.capacity = capacity }

  /// The statement built for `key`, built by `build` the first time.
  package func statement(for key: Key, build: () -> Statement) -> Statement {
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
