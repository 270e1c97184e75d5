import RemindersKit
import TerminalUI

/// A row's identity in a list whose rows are loaded in windows: the reminder when its row is
/// loaded, else its position.
enum RowID: Hashable, Sendable {
  case reminder(Reminder.ID)
  case position(Int)
}

/// Rows as the list asks for them when only a window of them is loaded: the rest is known by
/// count, and drawn as "…" until its window is read. Made from the screen's value once per frame
/// (and per key). A detail screen's rows and search results are both such lists.
struct WindowedSource<Element: Identifiable>: ListDataSource where Element.ID == Reminder.ID {
  let count: Int
  let offset: Int
  let elements: [Element]
  let height: (Element) -> Int
  /// A loaded row as drawn, given its index.
  let listRow: (Element, Int) -> ListRow

  func element(at index: Int) -> Element? {
    let local = index - offset
    return elements.indices.contains(local) ? elements[local] : nil
  }

  func id(at index: Int) -> RowID {
    element(at: index).map { .reminder($0.id) } ?? .position(index)
  }

  func index(of id: RowID) -> Int? {
    switch id {
    case .reminder(let reminder): elements.firstIndex { $0.id == reminder }.map { $0 + offset }
    case .position(let index): index < count ? index : nil
    }
  }

  func rowHeight(at index: Int) -> Int { element(at: index).map(height) ?? 1 }

  func rows(in range: Range<Int>) -> [ListRow] {
    range.map { index in
      element(at: index).map { listRow($0, index) } ?? ListRow(title: StyledText("…", style: .dim))
    }
  }
}

/// A detail screen's rows.
typealias DetailSource = WindowedSource<ReminderRow>

extension WindowedSource where Element == ReminderRow {
  /// The screen's rows; with reminders marked (`marks`, and the open range over `range`), every
  /// row has a gutter that shows which are.
  init(
    window: DetailWindow.Value, format: ReminderRowFormat, marks: VisualSelection = VisualSelection(),
    range: Range<Int> = 0..<0
  ) {
    self.init(
      count: window.count, offset: window.offset, elements: window.rows, height: ReminderRowFormat.height,
      listRow: { row, index in
        var listRow = format.listRow(row)
        if !marks.isEmpty {
          let marked = marks.contains(row.id, at: index, range: range)
          listRow.marker = StyledText(marked ? "▌" : " ", style: .accent) + listRow.marker
        }
        return listRow
      })
  }
}

/// Search results, with their highlights.
typealias SearchSource = WindowedSource<SearchResult>

extension WindowedSource where Element == SearchResult {
  init(results: SearchRequest.Value, format: ReminderRowFormat) {
    self.init(
      count: results.count, offset: results.offset, elements: results.results,
      height: { ReminderRowFormat.height(of: $0.row) },
      listRow: { result, _ in
        format.listRow(
          result.row, titleHighlights: result.titleHighlights, notesHighlights: result.notesHighlights,
          tagsHighlights: result.tagsHighlights)
      })
  }
}
