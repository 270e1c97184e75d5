/// Text in one style: wrapped at word boundaries to the region's width, or kept to one line per
/// paragraph and truncated with an ellipsis. Lines that do not fit the region's height are cut,
/// the last visible one ending in an ellipsis.
public struct Text: View {
  public enum Overflow: Sendable {
    case wrap
    case truncate
  }

  public var content: String
  public var style: Style
  public var alignment: HorizontalAlignment
  public var overflow: Overflow

  public init(
    _ content: String, style: Style = .normal, alignment: HorizontalAlignment = .leading,
    overflow: Overflow = .wrap
  ) {
    self.content = content
    self.style = style
    self.alignment = alignment
    self.overflow = overflow
  }

  /// The lines the text takes at a width.
  public func lines(width: Int) -> [String] {
    switch overflow {
    case .wrap: content.wrapped(toWidth: width)
    case .truncate: content.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
  }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    guard !rect.isEmpty else { return }
    var lines = lines(width: rect.width)
    if lines.count > rect.height {
      lines = Array(lines.prefix(rect.height))
      lines[lines.count - 1] = (lines[lines.count - 1] + "…").truncated(toWidth: rect.width)
    }
    for (offset, line) in lines.enumerated() {
      canvas.writeLine(line, in: rect.row(offset), style: style, alignment: alignment)
    }
  }
}
