import Foundation
import RemindersKit

/// How reminders look in a command's output: one line each for people, an object each for
/// scripts (`--json`).
enum ReminderFormatting {
  /// `3f2a9c1e  [ ] !!! Doctor appointment  ⏰ Today 2:00 PM  Personal  #adulting  ⚑`
  static func line(
    _ row: ReminderRow, ids: ShortIDs, dates: DueDateFormatter, highlighting: [Range<String.Index>] = []
  ) -> ConsoleText {
    let reminder = row.reminder
    var parts = [Console.dim("\(ids.of(reminder.id))")]
    let mark =
      switch reminder.status {
      case .incomplete: "[ ]"
      case .completing: "[~]"
      case .completed: "[x]"
      }
    var title = ConsoleText(stringLiteral: mark)
    if let priority = reminder.priority { title += " \(String(repeating: "!", count: priority.rawValue))" }
    title += " " + highlighted(reminder.title, highlighting)
    parts.append(title)
    if let due = reminder.dueDate {
      let label: ConsoleText = "\(dates.label(for: due))"
      parts.append(row.isPastDue ? Console.red(label) : label)
    }
    parts.append("\(row.remindersList.title)")
    if !row.tags.isEmpty { parts.append("\(row.tags)") }
    if reminder.isFlagged { parts.append("⚑") }
    return parts.joined(separator: "  ")
  }

  /// `text` with the ranges in bold (when output is styled).
  static func highlighted(_ text: String, _ ranges: [Range<String.Index>]) -> ConsoleText {
    guard Console.isStyled, !ranges.isEmpty else { return "\(text)" }
    var result: ConsoleText = ""
    var index = text.startIndex
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= index {
      result += "\(text[index..<range.lowerBound])"
      result += Console.bold("\(text[range])")
      index = range.upperBound
    }
    result += "\(text[index...])"
    return result
  }

  /// A reminder as `ls --json` and `search --json` print it.
  struct JSON: Encodable {
    let id: String
    let title: String
    let notes: String
    let status: String
    let isCompleted: Bool
    let isFlagged: Bool
    let priority: String?
    let dueDate: String?
    let isPastDue: Bool
    let position: Int
    let list: ListJSON
    let tags: [String]

    init(_ row: ReminderRow) {
      let reminder = row.reminder
      id = reminder.id.uuidString.lowercased()
      title = reminder.title
      notes = reminder.notes
      status = "\(reminder.status)"
      isCompleted = reminder.isCompleted
      isFlagged = reminder.isFlagged
      priority = reminder.priority.map { "\($0)" }
      dueDate = reminder.dueDate.map { ReminderFormatting.iso8601.format($0) }
      isPastDue = row.isPastDue
      position = reminder.position
      list = ListJSON(row.remindersList, remindersCount: nil)
      tags = row.tagTitles
    }
  }

  /// A list as `lists --json` prints it (and as reminders name theirs).
  struct ListJSON: Encodable {
    let id: String
    let title: String
    let color: String
    let position: Int
    let remindersCount: Int?

    init(_ list: RemindersList, remindersCount: Int?) {
      id = list.id.uuidString.lowercased()
      title = list.title
      color = ListColorPalette.hexString(list.color)
      position = list.position
      self.remindersCount = remindersCount
    }
  }

  /// Dates in JSON output: ISO 8601 in UTC with milliseconds, as scripts expect.
  static let iso8601 = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
