import Testing

/// The checks of a fuzz test over many generated inputs: a failed check records its property with
/// the seed, the iteration and the input, so that one failing input can be replayed alone, and
/// each check reports its first three failures only, then how many more there were, so that one
/// broken property neither floods the output nor hides another.
struct FuzzChecks {
  let seed: UInt64
  var iteration = 0
  /// The input, described only when a check fails: describing every input would cost more than
  /// checking them.
  var describeInput: () -> String = { "" }
  private var failures: [Int: Int] = [:]

  init(seed: UInt64) { self.seed = seed }

  mutating func expect(
    _ condition: Bool, _ property: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard !condition else { return }
    let count = failures[sourceLocation.line, default: 0] + 1
    failures[sourceLocation.line] = count
    guard count <= 3 else { return }
    Issue.record(
      Comment(
        rawValue: "\(property()) — seed 0x\(String(seed, radix: 16)) iteration \(iteration) input "
          + describeInput()),
      sourceLocation: sourceLocation)
  }

  /// How many failures each check had beyond those it reported.
  func recordUnreported(sourceLocation: SourceLocation = #_sourceLocation) {
    for (line, count) in failures.sorted(by: { $0.key < $1.key }) where count > 3 {
      Issue.record(
        "\(count - 3) more failures of the check on line \(line) (seed 0x\(String(seed, radix: 16)))",
        sourceLocation: sourceLocation)
    }
  }
}

extension SplitMix64 {
  /// The generator for one iteration of a fuzz test: a SplitMix64 step mixes the iteration in, so
  /// that neighbouring iterations share nothing and each replays alone.
  init(seed: UInt64, iteration: Int) {
    var mixer = SplitMix64(state: seed &+ UInt64(iteration))
    self.init(state: mixer.next())
  }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }
}
