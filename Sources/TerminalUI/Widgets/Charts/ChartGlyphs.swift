/// The characters charts draw with: eighth blocks where the terminal shows colour, and plain
/// ASCII where it does not (`NO_COLOR`, monochrome and 8-colour terminals), where a bar must
/// stand out by its shape alone.
enum ChartGlyphs {
  /// Lower eighth blocks, from one eighth to full: a column's partial top.
  static let vertical: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
  /// Left eighth blocks, from one eighth to full: a bar's partial end.
  static let horizontal: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]

  /// Whether charts on `canvas` draw plain glyphs.
  static func isPlain(_ canvas: Canvas) -> Bool {
    canvas.colorDepth <= .eight
  }

  /// A length in eighths of a cell for `value` out of `maximum` over `cells` cells; a value above
  /// zero is never drawn as nothing.
  static func eighths(_ value: Int, of maximum: Int, cells: Int) -> Int {
    guard value > 0, maximum > 0, cells > 0 else { return 0 }
    let exact = Double(value) / Double(maximum) * Double(cells * 8)
    return max(Int(exact.rounded()), 1)
  }
}
