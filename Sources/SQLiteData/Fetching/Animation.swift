/// How a change should be shown: carried with each value a live query delivers, for the
/// terminal toolkit to use (for instance to mark the rows that changed for a moment).
public struct Animation: Hashable, Sendable {
  public enum Curve: Hashable, Sendable {
    case linear, easeIn, easeOut, easeInOut
    case spring(response: Double, dampingFraction: Double)
  }

  public var curve: Curve
  public var duration: Double

  public init(curve: Curve, duration: Double) {
    self.curve = curve
    self.duration = duration
  }

  public static let `default` = Animation(curve: .easeInOut, duration: 0.35)

  public static func linear(duration: Double = 0.35) -> Self { Self(curve: .linear, duration: duration) }
  public static func easeIn(duration: Double = 0.35) -> Self { Self(curve: .easeIn, duration: duration) }
  public static func easeOut(duration: Double = 0.35) -> Self { Self(curve: .easeOut, duration: duration) }
  public static func easeInOut(duration: Double = 0.35) -> Self {
    Self(curve: .easeInOut, duration: duration)
  }

  public static func spring(
    response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
  )
    -> Self
  {
    Self(curve: .spring(response: response, dampingFraction: dampingFraction), duration: response)
  }
}
