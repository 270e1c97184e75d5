import TerminalUI

/// A list whose selected row's title is being edited in place: the list as usual, with a text
/// field over the selected row, past its marker.
struct RowTitleEditor<Source: ListDataSource>: View {
  var list: List<Source>
  /// The title being typed; nil draws the list alone.
  var field: TextFieldState?

  func render(in rect: Rect, on canvas: inout Canvas) {
    list.render(in: rect, on: &canvas)
    guard let field, let line = list.state.selectionLine(in: list.source, height: rect.height),
      let index = list.state.resolvedIndex(in: list.source),
      let row = list.source.rows(in: index..<index + 1).first
    else { return }
    // The marker and the gap after it stay; the scroll indicator's column too.
    let start = row.marker.isEmpty ? 0 : row.marker.terminalWidth + 1
    let indicator = list.source.count > rect.height ? 1 : 0
    let area = Rect(
      x: rect.x + start, y: rect.y + line, width: max(rect.width - start - indicator, 0), height: 1)
    TextField(field, style: .selection).render(in: area, on: &canvas)
  }
}
