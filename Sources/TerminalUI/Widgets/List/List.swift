/// A scrolling list with a selection. It asks its data source for the visible rows only.
public struct List<Source: ListDataSource>: View {
  public var source: Source
  public var state: ListState<Source.ID>
  public var isFocused: Bool
  /// A line shown when there are no rows.
  public var emptyMessage: String
  public var showsScrollIndicator: Bool

  public init(
    _ source: Source, state: ListState<Source.ID>, isFocused: Bool = true, emptyMessage: String = "",
    showsScrollIndicator: Bool = true
  ) {
    self.source = source
    self.state = state
    self.isFocused = isFocused
    self.emptyMessage = emptyMessage
    self.showsScrollIndicator = showsScrollIndicator
  }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    guard !rect.isEmpty else { return }
    canvas.fill(rect)
    let count = source.count
    guard count > 0, let selected = state.resolvedIndex(in: source) else {
      canvas.writeLine(emptyMessage, in: rect, style: .dim)
      return
    }
    let offset = state.visibleOffset(in: source, height: rect.height)
    // Every row takes at least one line, so no more rows than lines can show.
    let candidates = offset..<min(offset + rect.height, count)
    let indicator = showsScrollIndicator && count > rect.height && rect.width > 2
    let rowWidth = rect.width - (indicator ? 1 : 0)

    var y = rect.y
    for (position, row) in zip(candidates, source.rows(in: candidates)) {
      guard y < rect.maxY else { break }
      let area = Rect(x: rect.x, y: y, width: rowWidth, height: min(row.height, rect.maxY - y))
      draw(row, in: area, on: &canvas)
      if position == selected {
        // Focused, the selection takes the row over (item colours would clash with it);
        // unfocused, it only marks the row.
        canvas.restyle(area) { style in isFocused ? .selection : style.with(role: .highlight) }
      }
      y += row.height
    }
    if indicator {
      drawScrollIndicator(
        in: Rect(x: rect.maxX - 1, y: rect.y, width: 1, height: rect.height), offset: offset, count: count,
        on: &canvas)
    }
  }

  private func draw(_ row: ListRow, in area: Rect, on canvas: inout Canvas) {
    let line = area.row(0)
    var x = line.x
    if !row.marker.isEmpty {
      // The gap after the marker is in the marker's style, so a coloured marker reads as one piece.
      let gap = StyledText(" ", style: row.marker.spans.last?.style ?? .normal)
      x = canvas.write(row.marker + gap, at: Point(x: x, y: line.y), clip: line)
    }
    // The detail gives way to the text: it keeps at most what leaves the text half the row.
    let available = line.maxX - x
    let textWanted = min(row.title.terminalWidth, available / 2)
    let detailWidth =
      row.detail.isEmpty ? 0 : min(row.detail.terminalWidth, max(available - textWanted - 1, 0))
    let textWidth = line.maxX - x - (detailWidth > 0 ? detailWidth + 1 : 0)
    canvas.write(row.title.truncated(toWidth: textWidth), at: Point(x: x, y: line.y), clip: line)
    if detailWidth > 0 {
      canvas.writeLine(
        row.detail, in: Rect(x: line.maxX - detailWidth, y: line.y, width: detailWidth, height: 1),
        alignment: .trailing)
    }
    // Further lines sit under the text, past the marker.
    for (number, text) in row.lines.enumerated() where number + 1 < area.height {
      let below = area.row(number + 1)
      canvas.writeLine(text, in: Rect(x: x, y: below.y, width: below.maxX - x, height: 1))
    }
  }

  private func drawScrollIndicator(in column: Rect, offset: Int, count: Int, on canvas: inout Canvas) {
    let height = column.height
    let thumb = max(1, height * height / count)
    let travel = max(height - thumb, 0)
    let maxOffset = max(count - height, 1)
    let start = travel * offset / maxOffset
    for row in 0..<height {
      let inThumb = row >= start && row < start + thumb
      canvas.put(inThumb ? "┃" : "│", x: column.x, y: column.y + row, style: inThumb ? .accent : .border)
    }
  }
}
