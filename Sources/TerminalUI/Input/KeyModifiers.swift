/// Modifier keys held with a key.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  public static let shift = KeyModifiers(rawValue: 1 << 0)
  public static let alt = KeyModifiers(rawValue: 1 << 1)
  public static let control = KeyModifiers(rawValue: 1 << 2)

  /// The modifiers of an xterm-style parameter: 1 + (shift 1, alt 2, control 4).
  init(xtermParameter: Int) {
    // Any number may arrive in a sequence: the subtraction must not overflow.
    let bits = xtermParameter > 1 ? xtermParameter - 1 : 0
    var modifiers: KeyModifiers = []
    if bits & 1 != 0 { modifiers.insert(.shift) }
    if bits & 2 != 0 { modifiers.insert(.alt) }
    if bits & 4 != 0 { modifiers.insert(.control) }
    self = modifiers
  }
}
