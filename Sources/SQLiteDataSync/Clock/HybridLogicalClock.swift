import Foundation
import Synchronization

/// Where a device's wall-clock time comes from: the system clock, or a test's.
public struct PhysicalClock: Sendable {
  /// Milliseconds since 1970.
  public var milliseconds: @Sendable () -> Int64
  public init(milliseconds: @escaping @Sendable () -> Int64) { self.milliseconds = milliseconds }

  public static let system = PhysicalClock {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
  }
}

/// One device's hybrid logical clock. `tick()` stamps a local edit; `observe(_:)` moves the
/// clock past a stamp received from another device.
final class HybridLogicalClock: Sendable {
  private let physical: PhysicalClock
  private let last: Mutex<HLCStamp>

  init(physical: PhysicalClock, after start: HLCStamp = .zero) {
    self.physical = physical
    last = Mutex(start)
  }

  /// A stamp above every stamp made or observed so far, and at least the wall clock.
  func tick() -> HLCStamp {
    let wall = HLCStamp(milliseconds: physical.milliseconds())
    return last.withLock { last in
      last = wall > last ? wall : HLCStamp(rawValue: last.rawValue + 1)
      return last
    }
  }

  /// Remembers a stamp seen from elsewhere, so that later ticks are above it.
  func observe(_ stamp: HLCStamp) {
    last.withLock { last in last = max(last, stamp) }
  }

  var latest: HLCStamp { last.withLock { $0 } }
}
