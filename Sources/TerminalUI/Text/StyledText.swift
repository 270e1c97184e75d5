/// One line of text in several styles: a title in one colour, a date in another, a flag in a
/// third. Views measure, truncate and draw it like plain text.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// A run of text in one style.
  public struct Span: Hashable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String, style: Style = .normal) {
      self.text = text
      self.style = style
    }
  }

  public private(set) var spans: [Span]

  public init(_ spans: [Span] = []) {
    self.spans = spans.filter { !$0.text.isEmpty }
  }

  public init(_ text: String, style: Style = .normal) {
    self.init([Span(text, style: style)])
  }

  public init(stringLiteral text: String) {
    self.init(text)
  }

  /// The text without its styles.
  public var description: String { spans.map(\.text).joined() }

  public var isEmpty: Bool { spans.isEmpty }

  /// The number of terminal columns the text takes.
  public var terminalWidth: Int { spans.reduce(0) { $0 + $1.text.terminalWidth } }

  public mutating func append(_ text: String, style: Style = .normal) {
    guard !text.isEmpty else { return }
    spans.append(Span(text, style: style))
  }

  public mutating func append(_ other: StyledText) {
    spans += other.spans
  }

  public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
    var result = lhs
    result.append(rhs)
    return result
  }

  /// The text with every span's style changed (to dim a completed row, say).
  public func restyled(_ transform: (Style) -> Style) -> StyledText {
    StyledText(spans.map { Span($0.text, style: transform($0.style)) })
  }

  /// The text cut to at most `width` columns, ending in an ellipsis (in the style of the span it
  /// cuts) when anything was removed.
  public func truncated(toWidth width: Int) -> StyledText {
    guard width > 0 else { return StyledText() }
    guard terminalWidth > width else { return self }
    var result: [Span] = []
    var used = 0
    for span in spans {
      let spanWidth = span.text.terminalWidth
      if used + spanWidth < width {
        result.append(span)
        used += spanWidth
        continue
      }
      // The cut is in this span (or just after it): keep what fits beside the ellipsis.
      let space = width - used
      var kept = ""
      var keptWidth = 0
      for character in span.text {
        let characterWidth = character.terminalWidth
        if keptWidth + characterWidth + 1 > space { break }
        kept.append(character)
        keptWidth += characterWidth
      }
      while kept.last?.isWhitespace == true { kept.removeLast() }
      result.append(Span(kept + "…", style: span.style))
      break
    }
    return StyledText(result)
  }
}

extension Canvas {
  /// Writes styled text on one row from `point`, clipped to `clip` (and the canvas); returns the
  /// column after the last character written.
  @discardableResult
  public mutating func write(_ text: StyledText, at point: Point, clip: Rect? = nil) -> Int {
    var x = point.x
    for span in text.spans {
      x = write(span.text, at: Point(x: x, y: point.y), style: span.style, clip: clip)
    }
    return x
  }

  /// Writes styled text on the first row of `rect`, truncated with an ellipsis to its width and
  /// aligned within it.
  public mutating func writeLine(
    _ text: StyledText, in rect: Rect, alignment: HorizontalAlignment = .leading
  ) {
    guard rect.width > 0, rect.height > 0 else { return }
    let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
    let fitted = text.truncated(toWidth: rect.width)
    let spare = rect.width - fitted.terminalWidth
    let x =
      switch alignment {
      case .leading: rect.x
      case .center: rect.x + spare / 2
      case .trailing: rect.x + spare
      }
    write(fitted, at: Point(x: x, y: rect.y), clip: row)
  }
}
