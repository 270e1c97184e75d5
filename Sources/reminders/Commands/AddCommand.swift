import Foundation
import RemindersKit
import SQLiteData

/// `reminders add "Call mom tomorrow 5pm !! #family @Personal"`
enum AddCommand: Subcommand {
  static let names = ["add"]
  static let summary = "Add a reminder written in quick-add syntax"
  static let help = """
    Usage: reminders add [options] TEXT...

    Adds a reminder. The text is read in quick-add syntax, tokens anywhere:
      !  !!  !!!        low, medium, high priority
      #tag              a tag (created if new); several allowed
      @List  @"A List"  the list, by title (default: the first list)
      a date phrase     the due date: today, tomorrow 5pm, fri, next mon 9am, in 3d,
                        eom, 2026-03-14 09:30 ...
    The rest is the title.

    Example:
      reminders add "\(QuickAdd.example)"

    Options:
      --list NAME    The list (instead of @List)
      --notes TEXT   Notes
      --flag         Flag the reminder
      --json         Print the new reminder as JSON
      -h, --help     Show this help
    """

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard
      let parsed = try parse(
        arguments, options: [.value("--list"), .value("--notes"), .flag("--flag"), .flag("--json")])
    else { return }
    let text = parsed.positional.joined(separator: " ")
    guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw CommandError.usage("add needs the reminder's text", help: help)
    }
    let quickAdd: QuickAdd
    do {
      quickAdd = try QuickAdd(parsing: text)
    } catch {
      throw CommandError.usage("\(error)", help: help)
    }
    if quickAdd.listTitle != nil, parsed.value("--list") != nil {
      throw CommandError.usage("give the list once: either @List in the text or --list", help: help)
    }
    let database = try context.database()
    let (added, row, ids) = try database.write { db in
      do {
        let added = try db.addReminder(
          quickAdd, listName: parsed.value("--list"), notes: parsed.value("--notes") ?? "",
          isFlagged: parsed.has("--flag"))
        let id = added.reminder.id
        return (added, try ReminderRows.row(of: id, in: db), try ShortIDs.reminders([id], in: db))
      } catch let error as ListLookupError {
        throw CommandError.notFound(error.description)
      }
    }
    if parsed.has("--json") {
      try Console.printJSON(ReminderFormatting.JSON(row))
    } else {
      let dates = DueDateFormatter()
      Console.print("Added " + ReminderFormatting.line(row, ids: ids, dates: dates))
      let understood = added.understood(dates: dates)
      if !understood.isEmpty { Console.print("  \(Console.dim("read as: \(understood)"))") }
    }
  }
}
