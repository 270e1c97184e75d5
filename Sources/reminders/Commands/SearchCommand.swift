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
    let database = try context.existingDatabase()
    // Read a window at a time, so that a search matching most of a large database holds a
    // window in memory, not every match.
    let pageSize = 1000
    var offset = 0
    var json: [ReminderFormatting.JSON] = []
    var completedCount = 0
    let dates = DueDateFormatter()
    // Worked out for the first page; a full page reads every id, and serves the later pages too.
    var ids: ShortIDs?
    while true {
      let (page, pageIDs) = try database.read { db in
        let page = try SearchRequest(
          text: text, showCompleted: parsed.has("--all"), offset: offset, limit: pageSize
        ).fetch(db)
        return (page, try ids ?? ShortIDs.reminders(page.results.map(\.row.reminder.id), in: db))
      }
      ids = pageIDs
      completedCount = page.completedCount
      if parsed.has("--json") {
        json += page.results.map { ReminderFormatting.JSON($0.row) }
      } else {
        for result in page.results { print(result, text: text, ids: pageIDs, dates: dates) }
      }
      offset = page.range.upperBound
      guard page.results.count == pageSize, offset < page.count else { break }
    }
    if parsed.has("--json") {
      try Console.printJSON(json)
      return
    }
    if !parsed.has("--all"), completedCount > 0 {
      // A note for people, on standard error, so that it stays out of what a pipe reads.
      Console.error(
        "\(count: completedCount, "completed match", plural: "completed matches") not shown (--all)")
    }
  }

  private static func print(_ result: SearchResult, text: String, ids: ShortIDs, dates: DueDateFormatter) {
    Console.print(
      ReminderFormatting.line(result.row, ids: ids, dates: dates, highlighting: result.titleHighlights))
    if !result.notesHighlights.isEmpty {
      let notes = result.row.reminder.notes.replacingOccurrences(of: "\n", with: " ")
      let highlights = Highlighter.ranges(of: SearchQuery(text).terms, in: notes)
      Console.print("          \(ReminderFormatting.highlighted(notes, highlights))")
    }
  }
}
