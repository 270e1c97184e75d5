/// One column of one row on the screen.
public struct Cell: Hashable, Sendable {
  /// The grapheme drawn here; a space for the right half of a wide character.
  public var grapheme: Character
  public var style: Style
  /// Columns the grapheme covers: 1 or 2, or 0 for the right half of a wide character.
  public var width: UInt8

  public init(_ grapheme: Character, style: Style = .normal, width: UInt8 = 1) {
    self.grapheme = grapheme
    self.style = style
    self.width = width
  }

  public static let blank = Cell(" ")

  public static func blank(_ style: Style) -> Cell {
    Cell(" ", style: style)
  }

  /// True for the right half of a wide character, which the terminal fills by itself.
  public var isContinuation: Bool { width == 0 }
}
