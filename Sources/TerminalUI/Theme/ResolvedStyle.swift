/// A style in the terminal's terms: colour numbers (-1 for the terminal's default) and attributes.
public struct ResolvedStyle: Hashable, Sendable {
  public var foreground: Int16
  public var background: Int16
  public var attributes: TextAttributes

  public init(foreground: Int16 = -1, background: Int16 = -1, attributes: TextAttributes = []) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  public static let plain = ResolvedStyle()
}
