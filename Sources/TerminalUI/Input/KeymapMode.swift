/// A named state of an interface in which some bindings apply (`"normal"`, `"insert"`,
/// `"search"`), written as a string literal.
public struct KeymapMode: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  public var name: String

  public init(_ name: String) {
    self.name = name
  }

  public init(stringLiteral name: String) {
    self.name = name
  }

  public var description: String { name }
}
