/// One benchmark: our engine doing some work, and optionally raw C SQLite doing the same work.
///
/// `setUp` runs once, untimed, before the iterations. It builds what the workload needs
/// (databases, precomputed rows) and returns the two sides, whose closures capture that state.
/// The state is released when the workload is done, so cleanup belongs in `deinit`s.
struct Workload {
  var name: String
  var unit: Unit = .milliseconds
  /// How many times `--iterations` to run: latencies need many samples for a meaningful p99.
  var iterationScale = 1
  var setUp: () throws -> Sides
}

/// What is timed in a workload: ours, and the C baseline when there is one.
struct Sides {
  var ours: Timed
  var baseline: Timed?
}

/// One timed operation.
struct Timed {
  /// Untimed work before each run, such as opening a fresh database.
  var prepare: (() throws -> Void)?
  /// The timed work.
  var run: () throws -> Void

  /// Measures itself instead of being timed from outside: for latencies that start and end on
  /// other threads (a commit, then its delivery).
  var measure: (() throws -> Duration)?

  /// Reports its result in the workload's unit instead of a duration: for results that are not
  /// times, such as the bytes a screen update writes.
  var count: (() throws -> Double)?

  /// A run that measures its own duration.
  static func measuring(_ measure: @escaping () throws -> Duration) -> Timed {
    var timed = Timed(run: {})
    timed.measure = measure
    return timed
  }

  /// A run that counts something other than time, returning it in the workload's unit.
  static func counting(_ count: @escaping () throws -> Double) -> Timed {
    var timed = Timed(run: {})
    timed.count = count
    return timed
  }

  init(prepare: (() throws -> Void)? = nil, run: @escaping () throws -> Void) {
    self.prepare = prepare
    self.run = run
  }
}

/// The unit results are reported in.
enum Unit: String {
  case milliseconds = "ms"
  case microseconds = "us"
  /// A count, not a time: workloads in bytes report through `Timed.counting`.
  case bytes = "B"
  /// Memory, in millions of bytes, also reported through `Timed.counting`.
  case megabytes = "MB"

  func value(of duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    let totalSeconds = Double(seconds) + Double(attoseconds) * 1e-18
    switch self {
    case .milliseconds: return totalSeconds * 1e3
    case .microseconds: return totalSeconds * 1e6
    case .bytes, .megabytes:
      preconditionFailure("a duration has no value in bytes: count with Timed.counting")
    }
  }
}

/// A workload whose result is not what the work should produce: a broken side, not a slow one.
struct UnexpectedResult: Error, CustomStringConvertible {
  var description: String
}

/// Throws unless `actual` is `expected`, so that a side that does less work cannot look faster.
func expect<T: Equatable>(_ actual: T, _ expected: T, _ what: String) throws {
  guard actual == expected else {
    throw UnexpectedResult(description: "\(what): expected \(expected), got \(actual)")
  }
}
