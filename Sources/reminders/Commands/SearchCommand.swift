import Foundation
import RemindersKit
import SQLiteData

/// `reminders search TEXT...`
enum SearchCommand: Subcommand {
  static let names = ["search"]
  static let summary = "Search titles, notes and tags"
  static let help = """
    Usage: reminders search [options] TEXT...

    Finds incomplete reminders whose title, notes or tags contain every word of TEXT;
    `#tag` words keep only reminders with that tag. Matches are shown in bold on a
    terminal.

    Options:
      --all        Include completed reminders
      --json       Print JSON (an array of reminders) for scripts
      -h, --help   Show this help
    """

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard let parsed = try parse(arguments, options: [.flag("--all"), .flag("--json")]) else { return }
    let text = parsed.positional.joined(separator: " ")
    guard !SearchQuery(text).isEmpty else {
      throw CommandError.usage("search needs something to find", help: help)
    }
    let database = try context.database()
    let found = try database.read { db in
      try SearchRequest(text: text, showCompleted: parsed.has("--all")).fetch(db)
    }
    if parsed.has("--json") {
      try Console.printJSON(found.results.map { ReminderFormatting.JSON($0.row) })
      return
    }
    let dates = DueDateFormatter()
    for result in found.results {
      Console.print(ReminderFormatting.line(result.row, dates: dates, highlighting: result.titleHighlights))
      if !result.notesHighlights.isEmpty {
        let notes = result.row.reminder.notes.replacingOccurrences(of: "\n", with: " ")
        let highlights = Highlighter.ranges(of: SearchQuery(text).terms, in: notes)
        Console.print("          \(ReminderFormatting.highlighted(notes, highlights))")
      }
    }
    if !parsed.has("--all"), found.completedCount > 0 {
      Console.print(
        Console.dim(
          "\(found.completedCount) completed match\(found.completedCount == 1 ? "" : "es") not shown (--all)")
      )
    }
  }
}
