/// curses draws colours through numbered pairs, of which a terminal has a limited number. The
/// cache hands out one pair per foreground/background combination on first use; pair 0 is the
/// terminal's defaults and is also what is used once every pair is taken.
struct ColorPairCache {
  private struct Colors: Hashable {
    var foreground: Int16
    var background: Int16
  }

  private var pairs: [Colors: Int16] = [:]
  private var next: Int16 = 1
  private let capacity: Int

  /// `capacity` is the terminal's `COLOR_PAIRS`.
  init(capacity: Int) {
    self.capacity = min(max(capacity, 0), Int(Int16.max))
  }

  /// The pair for the colours (-1 is the default), creating it with `create` (`init_pair`) if
  /// needed.
  mutating func pair(
    foreground: Int16, background: Int16,
    create: (_ pair: Int16, _ foreground: Int16, _ background: Int16) -> Bool
  ) -> Int16 {
    if foreground < 0, background < 0 { return 0 }
    let colors = Colors(foreground: foreground, background: background)
    if let pair = pairs[colors] { return pair }
    guard Int(next) < capacity, create(next, foreground, background) else { return 0 }
    pairs[colors] = next
    next += 1
    return pairs[colors] ?? 0
  }

  /// Forgets every pair, for when colours were reset (after `endwin` and a new start).
  mutating func reset() {
    pairs = [:]
    next = 1
  }
}
