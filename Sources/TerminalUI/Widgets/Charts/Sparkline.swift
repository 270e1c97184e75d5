/// Values as a line of braille dots, two values a cell and four heights a row: a trend in one row
/// where a bar chart has no room. Plain terminals get the ASCII steps ` .:|`.
public struct Sparkline: View {
  public var values: [Int]
  public var style: Style

  public init(_ values: [Int], style: Style = .accent) {
    self.values = values
    self.style = style
  }

  /// The braille dots of the left and right column of a cell, bottom to top (Unicode's dots 7, 3,
  /// 2, 1 and 8, 6, 5, 4).
  private static let left: [UInt32] = [0x40, 0x04, 0x02, 0x01]
  private static let right: [UInt32] = [0x80, 0x20, 0x10, 0x08]

  /// How many dots high a value stands, 0 to 4; a value above zero has at least one.
  static func level(_ value: Int, of maximum: Int) -> Int {
    guard value > 0, maximum > 0 else { return 0 }
    return max(Int((Double(value) / Double(maximum) * 4).rounded()), 1)
  }

  /// The cells of the line.
  public func glyphs(plain: Bool) -> [Character] {
    let maximum = values.max() ?? 0
    let levels = values.map { Self.level($0, of: maximum) }
    if plain { return levels.map { [" ", ".", ":", ":", "|"][$0] } }
    return stride(from: 0, to: levels.count, by: 2).map { index in
      var bits: UInt32 = 0
      for dot in 0..<levels[index] { bits |= Self.left[dot] }
      if index + 1 < levels.count {
        for dot in 0..<levels[index + 1] { bits |= Self.right[dot] }
      }
      return Character(Unicode.Scalar(0x2800 + bits)!)
    }
  }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    guard !rect.isEmpty else { return }
    canvas.write(
      String(glyphs(plain: ChartGlyphs.isPlain(canvas))), at: rect.origin, style: style, clip: rect)
  }
}
