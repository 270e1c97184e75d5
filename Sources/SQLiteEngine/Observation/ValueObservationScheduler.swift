import Dispatch

/// Where an observation delivers its values.
public protocol ValueObservationScheduler: Sendable {
  /// Whether the first value is delivered synchronously, on the thread that starts observing.
  var deliversInitialValueImmediately: Bool { get }
  /// The one queue every value is delivered on, if there is one: observations of the same
  /// request delivered on the same queue can share one fetch per commit. Nil (the default) for a
  /// scheduler that delivers wherever a value is fetched, or on no single queue.
  var deliveryQueue: DispatchQueue? { get }
  /// Runs `action` where values are delivered, in the order actions are scheduled.
  func schedule(_ action: @escaping @Sendable () -> Void)
}

extension ValueObservationScheduler {
  public var deliveryQueue: DispatchQueue? { nil }
}

/// Delivers on a dispatch queue (the main queue for UI code).
public struct DispatchQueueScheduler: ValueObservationScheduler {
  public let queue: DispatchQueue
  public let deliversInitialValueImmediately: Bool
  public var deliveryQueue: DispatchQueue? { queue }

  public func schedule(_ action: @escaping @Sendable () -> Void) { queue.async(execute: action) }
}

/// Delivers the first value on the caller and later values on the observation's own queue, as
/// soon as they are fetched: for callers that hop to their own executor themselves.
public struct ImmediateScheduler: ValueObservationScheduler {
  public var deliversInitialValueImmediately: Bool { true }
  public func schedule(_ action: @escaping @Sendable () -> Void) { action() }
}

extension ValueObservationScheduler where Self == DispatchQueueScheduler {
  /// Every value, the first included, later on `queue`.
  public static func async(onQueue queue: DispatchQueue) -> Self {
    DispatchQueueScheduler(queue: queue, deliversInitialValueImmediately: false)
  }

  /// The first value at once on the caller, then later values on `queue`.
  public static func immediate(thenOnQueue queue: DispatchQueue) -> Self {
    DispatchQueueScheduler(queue: queue, deliversInitialValueImmediately: true)
  }

  /// The first value at once on the caller, then later values on the main queue, the main
  /// actor's executor (where a terminal run loop built on it draws): for models on the main actor.
  public static var mainActor: Self { .immediate(thenOnQueue: .main) }
}

extension ValueObservationScheduler where Self == ImmediateScheduler {
  /// The first value at once on the caller, then each value where it is fetched.
  public static var immediate: Self { ImmediateScheduler() }
}
