import Foundation
import RemindersKit
import SQLiteData

/// `reminders ls [--today|--scheduled|--flagged|--completed] [--list NAME] [--tag TAG]... [--json]`
enum ListCommand: Subcommand {
  static let names = ["ls", "list"]
  static let summary = "List reminders"
  static let help = """
    Usage: reminders ls [options]

    Lists incomplete reminders (all of them unless a filter is given), one per line:
    short id, completion, priority, title, due date, list, tags, flag.

    Filters (one of):
      --today          Due today
      --scheduled      With a due date
      --flagged        Flagged
      --completed      Completed
      --list NAME      In the list NAME
      --tag TAG        With the tag TAG (repeat for any of several tags)

    Options:
      --all            Include completed reminders
      --sort ORDER     due, manual, priority or title (default: due for smart lists,
                       manual for a list or tags)
      --limit N        At most N reminders
      --json           Print JSON (an array of reminders) for scripts
      -h, --help       Show this help
    """

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard
      let parsed = try parse(
        arguments,
        options: [
          .flag("--today"), .flag("--scheduled"), .flag("--flagged"), .flag("--completed"), .value("--list"),
          .values("--tag"), .flag("--all"), .value("--sort"), .value("--limit"), .flag("--json"),
        ])
    else { return }
    guard parsed.positional.isEmpty else {
      throw CommandError.usage(
        "ls takes no arguments, only options (got '\(parsed.positional[0])')", help: help)
    }
    let smartFlags: [(String, SmartList)] = [
      ("--today", .today), ("--scheduled", .scheduled), ("--flagged", .flagged), ("--completed", .completed),
    ]
    let chosen = smartFlags.filter { parsed.has($0.0) }
    let filterCount =
      chosen.count + (parsed.value("--list") == nil ? 0 : 1) + (parsed.all("--tag").isEmpty ? 0 : 1)
    guard filterCount <= 1 else {
      throw CommandError.usage("give one filter at a time (a smart list, --list or --tag)", help: help)
    }
    let ordering = try parsed.value("--sort").map { try Self.ordering($0) }
    let limit = try parsed.value("--limit").map { text -> Int in
      guard let limit = Int(text), limit >= 0 else {
        throw CommandError.usage("--limit needs a whole number, got '\(text)'", help: help)
      }
      return limit
    }
    let database = try context.existingDatabase()
    let json = parsed.has("--json")
    let (rows, ids, hidesCompleted) = try database.read { db -> ([ReminderRow], ShortIDs?, Bool) in
      let kind: DetailKind
      if let title = parsed.value("--list") {
        kind = .list(try Lookup.list(title, in: db).id)
      } else if !parsed.all("--tag").isEmpty {
        kind = .tags(try Lookup.tags(parsed.all("--tag"), in: db))
      } else {
        kind = .smart(chosen.first?.1 ?? .all)
      }
      var query = kind.rows(ordering: ordering ?? kind.defaultOrdering, showCompleted: parsed.has("--all"))
      if let limit { query = query.limit(limit) }
      let rows = try query.fetchAll(db)
      // Nothing to show: whether completed reminders are there, left out, for the note below.
      let hidesCompleted =
        try rows.isEmpty && !parsed.has("--all")
        && !kind.rows(ordering: .manual, showCompleted: true).limit(1).fetchAll(db).isEmpty
      // JSON has whole ids.
      return (rows, json ? nil : try ShortIDs.reminders(rows.map(\.reminder.id), in: db), hidesCompleted)
    }
    if let ids {
      let dates = DueDateFormatter()
      for row in rows { Console.print(ReminderFormatting.line(row, ids: ids, dates: dates)) }
      // For people, on standard error: what a pipe reads stays empty.
      if rows.isEmpty {
        Console.error(
          hidesCompleted ? "No reminders to do here (--all shows the completed ones)" : "No reminders here")
      }
    } else {
      try Console.printJSON(rows.map(ReminderFormatting.JSON.init))
    }
  }

  static func ordering(_ text: String) throws -> ScreenSettings.Ordering {
    switch text.lowercased() {
    case "due", "duedate", "date": return .dueDate
    case "manual", "position": return .manual
    case "priority": return .priority
    case "title": return .title
    default:
      throw CommandError.usage("unknown order '\(text)': use due, manual, priority or title", help: help)
    }
  }
}
