/// What each role looks like: colours for terminals that have them, and attributes alone for
/// those that do not (or when the user set `NO_COLOR`). Backgrounds default to the terminal's
/// own, so the user's colour scheme is kept.
public struct Theme: Sendable {
  public struct Appearance: Hashable, Sendable {
    public var foreground: ThemeColor
    public var background: ThemeColor
    public var attributes: TextAttributes
    /// The attributes used instead of colours on a monochrome terminal.
    public var monochrome: TextAttributes

    public init(
      foreground: ThemeColor = .terminalDefault, background: ThemeColor = .terminalDefault,
      attributes: TextAttributes = [], monochrome: TextAttributes = []
    ) {
      self.foreground = foreground
      self.background = background
      self.attributes = attributes
      self.monochrome = monochrome
    }
  }

  public var appearances: [StyleRole: Appearance]

  public init(appearances: [StyleRole: Appearance]) {
    self.appearances = appearances
  }

  public subscript(role: StyleRole) -> Appearance {
    get { appearances[role] ?? Appearance() }
    set { appearances[role] = newValue }
  }

  public static let standard = Theme(appearances: [
    .normal: Appearance(),
    .dim: Appearance(foreground: .brightBlack, attributes: [], monochrome: .dim),
    .accent: Appearance(foreground: .cyan, attributes: .bold, monochrome: .bold),
    .selection: Appearance(
      foreground: .black, background: .cyan, monochrome: .reverse),
    .title: Appearance(attributes: .bold, monochrome: .bold),
    .border: Appearance(foreground: .brightBlack),
    .error: Appearance(foreground: .red, attributes: .bold, monochrome: .bold),
    .warning: Appearance(foreground: .yellow, monochrome: .underline),
    .success: Appearance(foreground: .green),
    .statusBar: Appearance(attributes: .reverse, monochrome: .reverse),
    .highlight: Appearance(foreground: .yellow, attributes: .bold, monochrome: .standout),
  ])

  /// The style as the terminal draws it at the given colour depth.
  public func resolve(_ style: Style, depth: ColorDepth) -> ResolvedStyle {
    let appearance = self[style.role]
    guard depth != .monochrome else {
      return ResolvedStyle(attributes: appearance.monochrome.union(style.attributes))
    }
    let foreground = style.foreground.map(ThemeColor.rgb) ?? appearance.foreground
    let background = style.background.map(ThemeColor.rgb) ?? appearance.background
    var attributes = appearance.attributes.union(style.attributes)
    // Eight colours have no grey: grey text is the terminal's own colour, dimmed.
    if depth == .eight, foreground == .brightBlack { attributes.insert(.dim) }
    return ResolvedStyle(
      foreground: foreground.index(at: depth), background: background.index(at: depth),
      attributes: attributes)
  }
}
