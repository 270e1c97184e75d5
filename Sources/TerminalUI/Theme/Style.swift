/// How a cell looks, in the terms views use: a role, optionally an item's own colours, and extra
/// attributes. The theme turns it into terminal colours at drawing time.
public struct Style: Hashable, Sendable {
  public var role: StyleRole
  /// An item's own text colour (a list's colour, say), used instead of the role's when the
  /// terminal has colours.
  public var foreground: RGB?
  public var background: RGB?
  /// Attributes added to the role's own.
  public var attributes: TextAttributes

  public init(
    _ role: StyleRole = .normal, foreground: RGB? = nil, background: RGB? = nil,
    attributes: TextAttributes = []
  ) {
    self.role = role
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  public static let normal = Style(.normal)
  public static let dim = Style(.dim)
  public static let accent = Style(.accent)
  public static let selection = Style(.selection)
  public static let title = Style(.title)
  public static let border = Style(.border)
  public static let error = Style(.error)
  public static let warning = Style(.warning)
  public static let success = Style(.success)
  public static let statusBar = Style(.statusBar)
  public static let highlight = Style(.highlight)

  public func with(role: StyleRole) -> Style {
    var copy = self
    copy.role = role
    return copy
  }

  public func with(foreground: RGB?) -> Style {
    var copy = self
    copy.foreground = foreground
    return copy
  }

  public func adding(_ attributes: TextAttributes) -> Style {
    var copy = self
    copy.attributes.formUnion(attributes)
    return copy
  }
}
