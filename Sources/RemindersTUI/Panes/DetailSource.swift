import RemindersKit
import TerminalUI

/// A row's identity in a list whose rows are loaded in windows: the reminder when its row is
/// loaded, else its position.
enum RowID: Hashable, Sendable {
  case reminder(Reminder.ID)
  case position(Int)
}

/// A detail screen's rows as the list asks for them: only the loaded window is at hand, the rest
/// is known by count. Read once per frame (and per key) from the model.
struct DetailSource: ListDataSource {
  let count: Int
  let offset: Int
  let rows: [ReminderRow]
  let format: ReminderRowFormat

  @MainActor
  init(model: DetailModel, format: ReminderRowFormat) {
    let loaded = model.loadedRows
    count = model.count
    offset = loaded.offset
    rows = loaded.rows
    self.format = format
  }

  func row(at index: Int) -> ReminderRow? {
    let local = index - offset
    return rows.indices.contains(local) ? rows[local] : nil
  }

  func id(at index: Int) -> RowID {
    row(at: index).map { .reminder($0.id) } ?? .position(index)
  }

  func index(of id: RowID) -> Int? {
    switch id {
    case .reminder(let reminder): rows.firstIndex { $0.id == reminder }.map { $0 + offset }
    case .position(let index): index < count ? index : nil
    }
  }

  func rowHeight(at index: Int) -> Int {
    row(at: index).map(ReminderRowFormat.height) ?? 1
  }

  func rows(in range: Range<Int>) -> [ListRow] {
    range.map { index in
      row(at: index).map { format.listRow($0) } ?? ListRow(title: StyledText("…", style: .dim))
    }
  }
}

/// Search results as the list asks for them: like a detail screen's rows, only the loaded window
/// is at hand, the rest is known by count.
struct SearchSource: ListDataSource {
  let count: Int
  let offset: Int
  let results: [SearchResult]
  let format: ReminderRowFormat

  @MainActor
  init(model: SearchModel, format: ReminderRowFormat) {
    let loaded = model.loadedResults
    count = model.count
    offset = loaded.offset
    results = loaded.results
    self.format = format
  }

  func result(at index: Int) -> SearchResult? {
    let local = index - offset
    return results.indices.contains(local) ? results[local] : nil
  }

  func id(at index: Int) -> RowID { result(at: index).map { .reminder($0.id) } ?? .position(index) }

  func index(of id: RowID) -> Int? {
    switch id {
    case .reminder(let reminder): results.firstIndex { $0.id == reminder }.map { $0 + offset }
    case .position(let index): index < count ? index : nil
    }
  }

  func rowHeight(at index: Int) -> Int { result(at: index).map { ReminderRowFormat.height(of: $0.row) } ?? 1 }

  func rows(in range: Range<Int>) -> [ListRow] {
    range.map { index in
      guard let result = result(at: index) else { return ListRow(title: StyledText("…", style: .dim)) }
      return format.listRow(
        result.row, titleHighlights: result.titleHighlights, notesHighlights: result.notesHighlights,
        tagsHighlights: result.tagsHighlights)
    }
  }
}
