/// When the next frame may be drawn: at most one per `interval` on average, with a few drawn at
/// once after a quiet moment. A commit changes several live values a few milliseconds apart (each
/// pane's query runs again); each is drawn as it arrives, instead of the second waiting out a whole
/// interval behind the first, while a stream of changes is still drawn at the interval's rate.
///
/// A token bucket: `burst` frames' worth of budget, one frame's worth earned per `interval`. The
/// default burst covers two panes' values after each of two changes seen a millisecond apart, as
/// another program's save often is.
public struct FramePacer: Sendable {
  public let interval: Duration
  public let burst: Int
  private var budget: Double
  private var earnedAt: ContinuousClock.Instant?

  public init(interval: Duration, burst: Int = 4) {
    self.interval = interval
    self.burst = max(burst, 1)
    budget = Double(self.burst)
  }

  /// How long to wait from `now` before drawing; zero when a frame may be drawn at once.
  public mutating func delay(at now: ContinuousClock.Instant) -> Duration {
    earn(until: now)
    guard budget < 1 else { return .zero }
    return interval * (1 - budget)
  }

  /// A frame was drawn at `now`.
  public mutating func drew(at now: ContinuousClock.Instant) {
    earn(until: now)
    budget = max(budget - 1, 0)
  }

  private mutating func earn(until now: ContinuousClock.Instant) {
    defer { earnedAt = now }
    guard let earnedAt, now > earnedAt else { return }
    budget = min(budget + (now - earnedAt) / interval, Double(burst))
  }
}
