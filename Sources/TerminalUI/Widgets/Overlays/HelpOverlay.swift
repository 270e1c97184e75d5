/// The help overlay: a panel listing key bindings by section, generated from a keymap's
/// `helpSections`. Help taller than the screen flows into side-by-side columns when they fit the
/// width; otherwise it scrolls (`scroll` is the first line shown) and ends with an ellipsis line
/// when more follows.
public struct HelpOverlay: View {
  public var title: String
  public var sections: [HelpSection]
  public var footer: String
  public var scroll: Int

  public init(
    title: String = "Help", sections: [HelpSection], footer: String = "Esc or ? closes this help",
    scroll: Int = 0
  ) {
    self.title = title
    self.sections = sections
    self.footer = footer
    self.scroll = scroll
  }

  /// The help's lines in one column.
  private var lines: [HelpLine] {
    var lines: [HelpLine] = []
    for (index, section) in sections.enumerated() {
      if index > 0 { lines.append(.blank) }
      lines += section.lines
    }
    return lines
  }

  /// The sections packed into columns of at most `height` lines, a section starting a new column
  /// when it does not fit below the one before (and going on in the next when it is taller than
  /// a column).
  private func columns(height: Int) -> [HelpColumn] {
    guard height > 0 else { return [HelpColumn(lines: lines)] }
    var columns: [[HelpLine]] = [[]]
    for section in sections {
      let sectionLines = section.lines
      let needed = sectionLines.count + (columns[columns.count - 1].isEmpty ? 0 : 1)
      if columns[columns.count - 1].count + needed > height, !columns[columns.count - 1].isEmpty {
        columns.append([])
      }
      if !columns[columns.count - 1].isEmpty { columns[columns.count - 1].append(.blank) }
      for line in sectionLines {
        if columns[columns.count - 1].count >= height { columns.append([]) }
        columns[columns.count - 1].append(line)
      }
    }
    return columns.map(HelpColumn.init)
  }

  /// How many lines the help has when shown in one column, for scrolling it.
  public var lineCount: Int { lines.count }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    // The panel's border, the blank line and the footer take four rows.
    let available = max(rect.height - 4, 1)
    let gap = 3
    var columns = [HelpColumn(lines: lines)]
    if columns[0].lines.count > available {
      let packed = self.columns(height: available)
      let width = packed.reduce(0) { $0 + $1.width } + gap * (packed.count - 1)
      if width + 4 <= rect.width { columns = packed }
    }
    let contentWidth = max(
      columns.reduce(0) { $0 + $1.width } + gap * (columns.count - 1), footer.terminalWidth,
      title.terminalWidth + 4)
    let height = columns.map(\.lines.count).max() ?? 0
    let size = Size(width: contentWidth + 4, height: height + 4)
    let body = HelpBody(columns: columns, gap: gap, footer: footer, scroll: columns.count == 1 ? scroll : 0)
    Panel(title: title, size: size, body).render(in: rect, on: &canvas)
  }
}

extension HelpSection {
  fileprivate var lines: [HelpLine] {
    [.heading(title)]
      + entries.map { HelpLine.entry(keys: $0.keys.joined(separator: ", "), description: $0.description) }
  }
}

private enum HelpLine {
  case heading(String)
  case entry(keys: String, description: String)
  case blank
}

private struct HelpColumn {
  var lines: [HelpLine]
  var keysWidth: Int
  var width: Int

  init(lines: [HelpLine]) {
    self.lines = lines
    keysWidth =
      lines.map { line -> Int in
        if case .entry(let keys, _) = line { return keys.terminalWidth }
        return 0
      }.max() ?? 0
    let keysWidth = keysWidth
    width =
      lines.map { line -> Int in
        switch line {
        case .entry(_, let description): keysWidth + 2 + description.terminalWidth
        case .heading(let heading): heading.terminalWidth
        case .blank: 0
        }
      }.max() ?? 0
  }
}

private struct HelpBody: View {
  var columns: [HelpColumn]
  var gap: Int
  var footer: String
  var scroll: Int

  func render(in rect: Rect, on canvas: inout Canvas) {
    let content = rect.inset(left: 1, right: 1)
    guard content.height >= 1 else { return }
    let available = content.height - 2
    var x = content.x
    for column in columns {
      let area = Rect(
        x: x, y: content.y, width: max(min(column.width, content.maxX - x), 0), height: available)
      draw(column, in: area, on: &canvas)
      x += column.width + gap
    }
    canvas.writeLine(footer, in: content.row(content.height - 1), style: .dim, alignment: .center)
  }

  private func draw(_ column: HelpColumn, in area: Rect, on canvas: inout Canvas) {
    guard area.height > 0, area.width > 0 else { return }
    let first = min(max(scroll, 0), max(column.lines.count - area.height, 0))
    let overflowing = column.lines.count - first > area.height
    let shown = overflowing ? max(area.height - 1, 0) : column.lines.count - first
    for (index, line) in column.lines[first..<first + shown].enumerated() {
      let row = area.row(index)
      switch line {
      case .heading(let text):
        canvas.writeLine(text, in: row, style: .title)
      case .entry(let keys, let description):
        let columns = row.split(.horizontal, sizes: [.fixed(column.keysWidth), .fixed(2), .flexible()])
        canvas.writeLine(keys, in: columns[0], style: .accent)
        canvas.writeLine(description, in: columns[2])
      case .blank:
        break
      }
    }
    if overflowing { canvas.writeLine("…", in: area.row(shown), style: .dim) }
  }
}
