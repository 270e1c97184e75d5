/// The result of one workload, in the workload's unit.
struct WorkloadResult {
  let name: String
  let unit: Unit
  let ours: Summary
  let baseline: Summary?
  /// Our time over C's, for each iteration's pair of adjacent runs.
  let pairedRatios: [Double]

  /// How many times slower than C we are: the median of the paired ratios, each comparing a run
  /// of ours with the C run next to it, so that drift in the machine's speed during the workload
  /// cancels out. 1.00 is as fast as raw SQLite.
  var ratio: Double? {
    guard !pairedRatios.isEmpty else { return nil }
    return Summary(samples: pairedRatios).median
  }
}

/// Runs workloads: a few warm-up iterations, then timed iterations alternating our side and the
/// baseline, so that both see the same machine conditions (caches, frequency, other processes).
/// Which side goes first swaps every iteration, so that neither always runs on the caches and
/// heap the other left behind.
struct Harness {
  var iterations: Int
  var warmUpIterations = 2

  func run(_ workload: Workload) throws -> WorkloadResult {
    let sides = try workload.setUp()
    var ours: [Double] = []
    var baseline: [Double] = []
    for iteration in 0..<(warmUpIterations + iterations * workload.iterationScale) {
      let ourTime: Duration
      let baselineTime: Duration?
      if iteration.isMultiple(of: 2) {
        ourTime = try time(sides.ours)
        baselineTime = try sides.baseline.map(time)
      } else {
        baselineTime = try sides.baseline.map(time)
        ourTime = try time(sides.ours)
      }
      guard iteration >= warmUpIterations else { continue }
      ours.append(workload.unit.value(of: ourTime))
      if let baselineTime { baseline.append(workload.unit.value(of: baselineTime)) }
    }
    let pairedRatios = zip(ours, baseline).compactMap { $1 > 0 ? $0 / $1 : nil }
    return WorkloadResult(
      name: workload.name, unit: workload.unit, ours: Summary(samples: ours),
      baseline: baseline.isEmpty ? nil : Summary(samples: baseline), pairedRatios: pairedRatios)
  }

  private func time(_ timed: Timed) throws -> Duration {
    try timed.prepare?()
    if let measure = timed.measure { return try measure() }
    return try ContinuousClock().measure(timed.run)
  }
}
