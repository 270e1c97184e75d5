extension Canvas {
  /// One row as text: each grapheme once, continuation cells skipped.
  public func text(ofRow y: Int, trimmingTrailingSpaces: Bool = true) -> String {
    var line = ""
    for cell in row(y) where !cell.isContinuation { line.append(cell.grapheme) }
    guard trimmingTrailingSpaces else { return line }
    while line.last == " " { line.removeLast() }
    return line
  }

  /// The whole screen as text, one line per row; trailing spaces are trimmed so snapshots read
  /// naturally in tests.
  public func textSnapshot(trimmingTrailingSpaces: Bool = true) -> String {
    (0..<size.height).map { text(ofRow: $0, trimmingTrailingSpaces: trimmingTrailingSpaces) }
      .joined(separator: "\n")
  }

  /// The screen's styles, one symbol per column (see `Style.snapshotSymbol`).
  public func styleSnapshot(_ symbol: (Style) -> Character = \.snapshotSymbol) -> String {
    (0..<size.height).map { y in String(row(y).map { symbol($0.style) }) }
      .joined(separator: "\n")
  }
}

extension Style {
  /// A one-letter code for the style's role, for style snapshots: `.` normal, `d` dim, `a`
  /// accent, `s` selection, `t` title, `b` border, `e` error, `w` warning, `+` success, `S` status
  /// bar, `h` highlight. A style with an item colour is shown as `c`.
  public var snapshotSymbol: Character {
    if foreground != nil || background != nil { return "c" }
    switch role {
    case .normal: return "."
    case .dim: return "d"
    case .accent: return "a"
    case .selection: return "s"
    case .title: return "t"
    case .border: return "b"
    case .error: return "e"
    case .warning: return "w"
    case .success: return "+"
    case .statusBar: return "S"
    case .highlight: return "h"
    }
  }
}
