/// The median and 99th percentile of a set of timings.
struct Summary {
  let median: Double
  let p99: Double

  init(samples: [Double]) {
    precondition(!samples.isEmpty, "a summary needs at least one sample")
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    // Nearest rank: the smallest sample with at least 99% of the samples at or below it. With
    // fewer than 100 iterations this is the slowest one.
    let rank = Int((0.99 * Double(sorted.count)).rounded(.up))
    p99 = sorted[rank - 1]
  }
}
