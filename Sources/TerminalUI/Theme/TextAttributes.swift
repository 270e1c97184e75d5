/// Character attributes a terminal can show without colour.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  public static let bold = TextAttributes(rawValue: 1 << 0)
  public static let dim = TextAttributes(rawValue: 1 << 1)
  public static let underline = TextAttributes(rawValue: 1 << 2)
  public static let reverse = TextAttributes(rawValue: 1 << 3)
  public static let italic = TextAttributes(rawValue: 1 << 4)
  public static let standout = TextAttributes(rawValue: 1 << 5)
}
