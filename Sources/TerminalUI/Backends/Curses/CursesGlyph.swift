/// What to hand ncurses for one cell so that ncurses' idea of the cell's width matches the
/// canvas's. ncurses stores a spacing character plus up to four zero-width ones per cell and
/// counts columns with `wcwidth` of the first; clusters it cannot represent that way (long emoji
/// ZWJ sequences, flags, text characters with the emoji selector) are reduced to their first
/// character and zero-width marks, padded with spaces to the canvas width, so the screen never
/// drifts out of step with the grid.
struct CursesGlyph: Equatable {
  /// The scalar values of the cell's `cchar_t`.
  var scalars: [UInt32]
  /// The columns ncurses advances for them.
  var width: Int

  /// Most zero-width characters ncurses keeps with a spacing one (`CCHARW_MAX` is 5).
  static let maximumScalars = 5

  init(scalars: [UInt32], width: Int) {
    self.scalars = scalars
    self.width = width
  }

  init(_ grapheme: Character) {
    var scalars: [UInt32] = []
    var width = 0
    for scalar in grapheme.unicodeScalars {
      if scalars.isEmpty {
        scalars.append(scalar.value)
        width = max(scalar.wcwidth, 1)
        continue
      }
      guard scalars.count < Self.maximumScalars, scalar.wcwidth == 0, !scalar.isTerminalControl else { break }
      scalars.append(scalar.value)
    }
    // A joiner or selector left dangling at the end would change how the terminal draws what
    // follows.
    while scalars.count > 1, let last = scalars.last, last == 0x200D || last == 0xFE0F {
      scalars.removeLast()
    }
    if scalars.isEmpty { scalars = [0x20] }
    self.init(scalars: scalars, width: max(width, 1))
  }
}
