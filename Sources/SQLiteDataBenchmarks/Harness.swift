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
    let unit = workload.unit
    for iteration in 0..<(warmUpIterations + iterations * workload.iterationScale) {
      let ourValue: Double
      let baselineValue: Double?
      if iteration.isMultiple(of: 2) {
        ourValue = try sample(sides.ours, in: unit)
        baselineValue = try sides.baseline.map { try sample($0, in: unit) }
      } else {
        baselineValue = try sides.baseline.map { try sample($0, in: unit) }
        ourValue = try sample(sides.ours, in: unit)
      }
      guard iteration >= warmUpIterations else { continue }
      ours.append(ourValue)
      if let baselineValue { baseline.append(baselineValue) }
    }
    let pairedRatios = zip(ours, baseline).compactMap { $1 > 0 ? $0 / $1 : nil }
    return WorkloadResult(
      name: workload.name, unit: workload.unit, ours: Summary(samples: ours),
      baseline: baseline.isEmpty ? nil : Summary(samples: baseline), pairedRatios: pairedRatios)
  }

  /// One run's result in `unit`: its count, or its duration.
  private func sample(_ timed: Timed, in unit: Unit) throws -> Double {
    try timed.prepare?()
    if let count = timed.count { return try count() }
    if let measure = timed.measure { return unit.value(of: try measure()) }
    return unit.value(of: try ContinuousClock().measure(timed.run))
  }
}
