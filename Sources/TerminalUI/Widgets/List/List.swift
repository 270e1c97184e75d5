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
    let visible = offset..<min(offset + rect.height, count)
    let indicator = showsScrollIndicator && count > rect.height && rect.width > 2
    let rowWidth = rect.width - (indicator ? 1 : 0)

    for (position, row) in zip(visible, source.rows(in: visible)) {
      let line = Rect(x: rect.x, y: rect.y + position - offset, width: rowWidth, height: 1)
      draw(row, in: line, on: &canvas)
      if position == selected {
        // Focused, the selection takes the row over (item colours would clash with it);
        // unfocused, it only marks the row.
        canvas.restyle(line) { style in isFocused ? .selection : style.with(role: .highlight) }
      }
    }
    if indicator {
      drawScrollIndicator(
        in: Rect(x: rect.maxX - 1, y: rect.y, width: 1, height: rect.height), offset: offset, count: count,
        on: &canvas)
    }
  }

  private func draw(_ row: ListRow, in line: Rect, on canvas: inout Canvas) {
    var x = line.x
    if !row.marker.isEmpty {
      x = canvas.write(row.marker + " ", at: Point(x: x, y: line.y), style: row.markerStyle, clip: line)
    }
    let detailWidth = row.detail.isEmpty ? 0 : min(row.detail.terminalWidth, max(line.maxX - x - 2, 0))
    let textWidth = line.maxX - x - (detailWidth > 0 ? detailWidth + 1 : 0)
    canvas.write(
      row.text.truncated(toWidth: textWidth), at: Point(x: x, y: line.y), style: row.style, clip: line)
    if detailWidth > 0 {
      canvas.writeLine(
        row.detail, in: Rect(x: line.maxX - detailWidth, y: line.y, width: detailWidth, height: 1),
        style: row.detailStyle, alignment: .trailing)
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
