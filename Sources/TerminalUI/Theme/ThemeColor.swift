/// A colour as a theme names it.
public enum ThemeColor: Hashable, Sendable {
  /// The terminal's own foreground or background, so the user's colour scheme shows through.
  case terminalDefault
  /// One of the 16 ANSI colours (0–7 normal, 8–15 bright).
  case ansi(Int)
  case rgb(RGB)

  public static let black = ThemeColor.ansi(0)
  public static let red = ThemeColor.ansi(1)
  public static let green = ThemeColor.ansi(2)
  public static let yellow = ThemeColor.ansi(3)
  public static let blue = ThemeColor.ansi(4)
  public static let magenta = ThemeColor.ansi(5)
  public static let cyan = ThemeColor.ansi(6)
  public static let white = ThemeColor.ansi(7)
  public static let brightBlack = ThemeColor.ansi(8)

  /// The terminal colour number for this colour at `depth`; -1 is the terminal's default.
  public func index(at depth: ColorDepth) -> Int16 {
    switch (self, depth) {
    case (_, .monochrome), (.terminalDefault, _):
      return -1
    case (.ansi(8), .eight):
      // Grey has no colour of its own among eight, and its normal half is black: the background
      // of most terminals, where the text would not show. The theme dims it instead.
      return -1
    case (.ansi(let number), .eight):
      return Int16(clamping: min(max(number, 0), 15) % 8)
    case (.ansi(let number), _):
      return Int16(clamping: min(max(number, 0), 15))
    case (.rgb(let color), .eight):
      return Int16(ColorPalette.nearest(to: color, among: ColorPalette.ansi.prefix(8)))
    case (.rgb(let color), .sixteen):
      return Int16(ColorPalette.nearest(to: color, among: ColorPalette.ansi[...]))
    case (.rgb(let color), .indexed256):
      return Int16(ColorPalette.nearest256(to: color))
    }
  }
}
