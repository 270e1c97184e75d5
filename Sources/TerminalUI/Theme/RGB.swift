/// A 24-bit colour, as items carry them (a list's `#4a99ef`).
public struct RGB: Hashable, Sendable, CustomStringConvertible {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// A colour from `0xRRGGBB`.
  public init(_ hex: UInt32) {
    self.init(
      red: UInt8(truncatingIfNeeded: hex >> 16), green: UInt8(truncatingIfNeeded: hex >> 8),
      blue: UInt8(truncatingIfNeeded: hex))
  }

  /// A colour from `#rrggbb`, `rrggbb`, `#rgb` or `rgb`; nil for anything else.
  public init?(hex text: some StringProtocol) {
    var digits = Substring(text)
    if digits.hasPrefix("#") { digits = digits.dropFirst() }
    guard digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
    switch digits.count {
    case 6:
      self.init(value)
    case 3:
      let r = (value >> 8) & 0xF
      let g = (value >> 4) & 0xF
      let b = value & 0xF
      self.init((r * 0x11) << 16 | (g * 0x11) << 8 | b * 0x11)
    default:
      return nil
    }
  }

  public var description: String {
    "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  /// Squared distance, weighted roughly by how sensitive the eye is to each channel.
  func distance(to other: RGB) -> Int {
    let dr = Int(red) - Int(other.red)
    let dg = Int(green) - Int(other.green)
    let db = Int(blue) - Int(other.blue)
    return 2 * dr * dr + 4 * dg * dg + 3 * db * db
  }
}
