import RemindersKit
import TerminalUI

extension RGB {
  /// A colour packed `0xRRGGBBAA`, as lists store theirs (the alpha is ignored).
  init(packed: Int) {
    self.init(UInt32(truncatingIfNeeded: packed >> 8))
  }
}

extension Style {
  /// Text in an item's colour (a list's), bold: titles and markers.
  static func item(_ packed: Int, bold: Bool = false) -> Style {
    Style(.accent, foreground: RGB(packed: packed), attributes: bold ? .bold : [])
  }
}
