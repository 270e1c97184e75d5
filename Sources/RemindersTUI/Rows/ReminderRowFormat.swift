import Foundation
import RemindersKit
import TerminalUI

/// How a reminder looks in a list: a completion mark, `!`/`!!`/`!!!`, the title, up to two lines
/// of notes, and on the right its tags, its due date (red when past due) and a flag.
struct ReminderRowFormat {
  /// Writes due dates relative to now.
  var formatter: DueDateFormatter
  /// Whether each row names its list (on screens that mix lists).
  var showsList: Bool
  /// Rows someone else just changed, with who: marked.
  var changedByOthers: [Reminder.ID: String] = [:]

  /// The most notes lines a row shows.
  static let maximumNoteLines = 2

  /// The notes lines a reminder shows under its title.
  static func noteLines(_ notes: String) -> [Substring] {
    Array(
      notes.split(whereSeparator: \.isNewline).lazy.filter { !$0.allSatisfy(\.isWhitespace) }
        .prefix(maximumNoteLines))
  }

  static func height(of row: ReminderRow) -> Int {
    1 + noteLines(row.reminder.notes).count
  }

  /// The most columns a row gives its list's name.
  static let listNameWidth = 16

  func listRow(
    _ row: ReminderRow, titleHighlights: [Range<String.Index>] = [],
    notesHighlights: [Range<String.Index>] = [],
    tagsHighlights: [Range<String.Index>] = []
  ) -> ListRow {
    let reminder = row.reminder
    let completed = reminder.isCompleted
    let color = row.remindersList.color
    let marker: StyledText =
      switch reminder.status {
      case .incomplete: StyledText("○", style: .item(color))
      case .completing: StyledText("◉", style: .item(color))
      case .completed: StyledText("●", style: .item(color))
      }
    var title = StyledText()
    if let priority = reminder.priority {
      title.append(String(repeating: "!", count: priority.rawValue) + " ", style: .item(color, bold: true))
    }
    let titleStyle: Style = completed ? .dim : .normal
    title.append(
      Self.highlighted(reminder.title.isEmpty ? "Untitled" : reminder.title, titleHighlights, titleStyle))

    var detail = StyledText()
    if let user = changedByOthers[row.id] {
      detail.append("✎ " + user, style: .highlight)
    }
    if showsList {
      if !detail.isEmpty { detail.append("  ") }
      // A long list name is cut, so that it never takes the row's tags and date off the screen.
      detail.append(
        StyledText(row.remindersList.title, style: .item(color)).truncated(toWidth: Self.listNameWidth))
    }
    if !row.tags.isEmpty {
      if !detail.isEmpty { detail.append("  ") }
      detail.append(Self.highlighted(row.tags, tagsHighlights, .dim))
    }
    if let dueDate = reminder.dueDate {
      if !detail.isEmpty { detail.append("  ") }
      detail.append(
        formatter.label(for: dueDate), style: row.isPastDue ? .error : (completed ? .dim : .normal))
    }
    if reminder.isFlagged {
      if !detail.isEmpty { detail.append(" ") }
      detail.append("⚑", style: .warning)
    }

    // Notes lines keep their highlights: each line's range is found again in the whole text.
    let notes = reminder.notes
    let lines = Self.noteLines(notes).map { line -> StyledText in
      let local = notesHighlights.compactMap { range -> Range<String.Index>? in
        let lower = max(range.lowerBound, line.startIndex)
        let upper = min(range.upperBound, line.endIndex)
        return lower < upper ? lower..<upper : nil
      }
      return Self.highlighted(line, local, .dim)
    }
    return ListRow(title: title, detail: detail, marker: marker, lines: lines)
  }

  /// Text with some ranges in the highlight style.
  static func highlighted(_ text: some StringProtocol, _ ranges: [Range<String.Index>], _ style: Style)
    -> StyledText
  {
    var result = StyledText()
    var position = text.startIndex
    for range in ranges where range.lowerBound >= position && range.upperBound <= text.endIndex {
      result.append(String(text[position..<range.lowerBound]), style: style)
      result.append(String(text[range]), style: .highlight)
      position = range.upperBound
    }
    result.append(String(text[position...]), style: style)
    return result
  }
}
