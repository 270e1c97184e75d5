/// The help overlay: a panel listing key bindings by section, generated from a keymap's
/// `helpSections`. Content that does not fit ends with an ellipsis line.
public struct HelpOverlay: View {
  public var title: String
  public var sections: [HelpSection]
  public var footer: String

  public init(title: String = "Help", sections: [HelpSection], footer: String = "Esc or ? closes this help") {
    self.title = title
    self.sections = sections
    self.footer = footer
  }

  private var lines: [HelpLine] {
    var lines: [HelpLine] = []
    for (index, section) in sections.enumerated() {
      if index > 0 { lines.append(.blank) }
      lines.append(.heading(section.title))
      for entry in section.entries {
        lines.append(.entry(keys: entry.keys.joined(separator: ", "), description: entry.description))
      }
    }
    return lines
  }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    let lines = self.lines
    let keysWidth =
      lines.map { line -> Int in
        if case .entry(let keys, _) = line { return keys.terminalWidth }
        return 0
      }.max() ?? 0
    let descriptionWidth =
      lines.map { line -> Int in
        switch line {
        case .entry(_, let description): description.terminalWidth
        case .heading(let heading): heading.terminalWidth - keysWidth - 2
        case .blank: 0
        }
      }.max() ?? 0
    let contentWidth = max(keysWidth + 2 + descriptionWidth, footer.terminalWidth, title.terminalWidth + 4)
    let size = Size(width: contentWidth + 4, height: lines.count + 4)
    let body = HelpBody(lines: lines, keysWidth: keysWidth, footer: footer)
    Panel(title: title, size: size, body).render(in: rect, on: &canvas)
  }
}

private enum HelpLine {
  case heading(String)
  case entry(keys: String, description: String)
  case blank
}

private struct HelpBody: View {
  var lines: [HelpLine]
  var keysWidth: Int
  var footer: String

  func render(in rect: Rect, on canvas: inout Canvas) {
    let content = rect.inset(left: 1, right: 1)
    guard content.height >= 1 else { return }
    let available = content.height - 2
    let overflowing = lines.count > available
    let shown = overflowing ? max(available - 1, 0) : lines.count
    for (index, line) in lines.prefix(shown).enumerated() {
      let row = content.row(index)
      switch line {
      case .heading(let text):
        canvas.writeLine(text, in: row, style: .title)
      case .entry(let keys, let description):
        let columns = row.split(.horizontal, sizes: [.fixed(keysWidth), .fixed(2), .flexible()])
        canvas.writeLine(keys, in: columns[0], style: .accent)
        canvas.writeLine(description, in: columns[2])
      case .blank:
        break
      }
    }
    if overflowing, available > 0 { canvas.writeLine("…", in: content.row(shown), style: .dim) }
    canvas.writeLine(footer, in: content.row(content.height - 1), style: .dim, alignment: .center)
  }
}
