import SQLiteData

/// The dependencies in effect where a live request was made, for its fetches to run under:
/// fetches run again on the database's threads, where a test's `withDependencies` (its fixed
/// date, calendar and time zone, which decide what "today" is) would otherwise be lost.
///
/// Two snapshots always compare equal, so requests that differ only in where they were made are
/// the same request.
struct DependencySnapshot: Hashable, Sendable {
  let values: DependencyValues

  init() {
    values = DependencyValues.current
  }

  /// Runs `body` with the captured dependencies.
  func run<T>(_ body: () throws -> T) rethrows -> T {
    try withDependencies {
      $0 = values
    } operation: {
      try body()
    }
  }

  static func == (lhs: Self, rhs: Self) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}
