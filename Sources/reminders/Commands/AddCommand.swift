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
    let row = try database.write { db -> ReminderRow in
      let list = try targetList(named: quickAdd.listTitle ?? parsed.value("--list"), in: db)
      var draft = Reminder.Draft(remindersListID: list.id)
      draft.title = quickAdd.title
      draft.dueDate = quickAdd.dueDate
      draft.priority = quickAdd.priority
      draft.notes = parsed.value("--notes") ?? ""
      draft.isFlagged = parsed.has("--flag")
      let reminder = try db.saveReminder(draft, tags: quickAdd.tags)
      return try ReminderRows.row(of: reminder.id, in: db)
    }
    if parsed.has("--json") {
      try Console.printJSON(ReminderFormatting.JSON(row))
    } else {
      Console.print("Added " + ReminderFormatting.line(row, dates: DueDateFormatter()))
    }
  }

  /// The list named `title`, or the first list; a database with no list gets "Personal".
  private static func targetList(named title: String?, in db: Database) throws -> RemindersList {
    if let title { return try Lookup.list(title, in: db) }
    if let first = try RemindersList.ordered.fetchOne(db) { return first }
    return try db.addList(title: "Personal")
  }
}
