/// How much of a stack's length a child takes.
public enum LayoutSize: Hashable, Sendable {
  /// Exactly this many cells (less when the stack is too short for all its fixed children).
  case fixed(Int)
  /// A share of what the fixed children leave, by weight, but at least `minimum` cells when
  /// there is room.
  case flexible(weight: Int = 1, minimum: Int = 0)
}

extension LayoutSize {
  /// Lengths for children sharing `length` cells with `spacing` cells between them. The result
  /// always sums to at most `length`, whatever the request; fixed children are served first, in
  /// order, then minimums, then the rest by weight (remainders going to the earliest children).
  public static func distribute(_ length: Int, among sizes: [LayoutSize], spacing: Int = 0) -> [Int] {
    guard !sizes.isEmpty else { return [] }
    var available = max(0, length - max(0, spacing) * (sizes.count - 1))
    var lengths = Array(repeating: 0, count: sizes.count)

    for (index, size) in sizes.enumerated() {
      guard case .fixed(let wanted) = size else { continue }
      lengths[index] = min(max(0, wanted), available)
      available -= lengths[index]
    }
    for (index, size) in sizes.enumerated() {
      guard case .flexible(_, let minimum) = size else { continue }
      lengths[index] = min(max(0, minimum), available)
      available -= lengths[index]
    }
    let weights = sizes.map { size -> Int in
      if case .flexible(let weight, _) = size { return max(0, weight) }
      return 0
    }
    let totalWeight = weights.reduce(0, +)
    guard totalWeight > 0, available > 0 else { return lengths }
    var remaining = available
    for index in sizes.indices where weights[index] > 0 {
      let share = available * weights[index] / totalWeight
      lengths[index] += share
      remaining -= share
    }
    for index in sizes.indices where weights[index] > 0 && remaining > 0 {
      lengths[index] += 1
      remaining -= 1
    }
    return lengths
  }
}
