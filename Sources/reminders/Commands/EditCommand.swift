import Foundation
import RemindersKit
import SQLiteData

/// `reminders edit REMINDER --title … --due … --priority … --list … --tags …`
enum EditCommand: Subcommand {
  static let names = ["edit"]
  static let summary = "Change a reminder"
  static let help = """
    Usage: reminders edit REMINDER [options]

    Changes a reminder. REMINDER is an id as `reminders ls` shows it (its first 4 characters
    or more are enough) or an exact title. What no option names stays as it is.

    Options:
      --title TEXT         The title
      --notes TEXT         The notes ("" to clear them)
      --due PHRASE         The due date: today, tomorrow 5pm, fri, next mon 9am, in 3d,
                           2026-03-14 09:30 ...
      --no-due             Remove the due date
      --priority LEVEL     none, low, medium or high (or !, !!, !!!)
      --flag, --unflag     Flag or unflag it
      --list NAME          Move it to another list
      --tags A,B           Replace its tags ("" for none)
      --add-tag TAG        Add a tag (repeatable)
      --remove-tag TAG     Remove a tag (repeatable)
      --json               Print the changed reminder as JSON
      -h, --help           Show this help
    """

  /// The options that change the reminder: one at least must be given.
  static let changes: [ParsedArguments.Option] = [
    .value("--title"), .value("--notes"), .value("--due"), .flag("--no-due"), .value("--priority"),
    .flag("--flag"), .flag("--unflag"), .value("--list"), .value("--tags"), .values("--add-tag"),
    .values("--remove-tag"),
  ]

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard let parsed = try parse(arguments, options: changes + [.flag("--json")]) else { return }
    guard parsed.positional.count == 1 else {
      throw CommandError.usage(
        parsed.positional.isEmpty ? "edit needs a reminder" : "edit changes one reminder at a time",
        help: help)
    }
    guard changes.contains(where: parsed.gave) else {
      throw CommandError.usage("edit needs something to change: --title, --due, --list, --tags …", help: help)
    }
    if parsed.has("--flag"), parsed.has("--unflag") {
      throw CommandError.usage("--flag and --unflag contradict each other", help: help)
    }
    if parsed.value("--due") != nil, parsed.has("--no-due") {
      throw CommandError.usage("--due and --no-due contradict each other", help: help)
    }
    let dueDate: Date?? = try parsed.value("--due").map { phrase in
      do {
        return try DueDateParser().parse(phrase)
      } catch {
        throw CommandError.usage("\(error)", help: help)
      }
    }
    let priority: Reminder.Priority?? = try parsed.value("--priority").map(Self.priority)
    let database = try context.existingDatabase()
    let (row, ids) = try database.write { db -> (ReminderRow, ShortIDs) in
      let reminder = try Lookup.reminder(parsed.positional[0], in: db)
      var draft = Reminder.Draft(reminder)
      if let title = parsed.value("--title") { draft.title = title }
      if let notes = parsed.value("--notes") { draft.notes = notes }
      if let dueDate { draft.dueDate = dueDate }
      if parsed.has("--no-due") { draft.dueDate = nil }
      if let priority { draft.priority = priority }
      if parsed.has("--flag") { draft.isFlagged = true }
      if parsed.has("--unflag") { draft.isFlagged = false }
      if let list = parsed.value("--list") { draft.remindersListID = try Lookup.list(list, in: db).id }
      var tags = try Tag.of(reminder: reminder.id).fetchAll(db).map(\.title)
      if let replacement = parsed.value("--tags") {
        tags = replacement.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
          !$0.isEmpty
        }
      }
      tags += parsed.all("--add-tag")
      let removed = Set(parsed.all("--remove-tag").map { Self.tagKey($0) })
      tags.removeAll { removed.contains(Self.tagKey($0)) }
      do {
        let saved = try db.saveReminder(draft, tags: tags)
        return (try ReminderRows.row(of: saved.id, in: db), try ShortIDs.reminders([saved.id], in: db))
      } catch let error as ActionError {
        throw CommandError.failure("\(error)")
      }
    }
    if parsed.has("--json") {
      try Console.printJSON(ReminderFormatting.JSON(row))
    } else {
      Console.print("Changed " + ReminderFormatting.line(row, ids: ids, dates: DueDateFormatter()))
    }
  }

  static func priority(_ text: String) throws -> Reminder.Priority? {
    switch text.lowercased() {
    case "none", "": return nil
    case "low", "!", "1": return .low
    case "medium", "!!", "2": return .medium
    case "high", "!!!", "3": return .high
    default: throw CommandError.usage("unknown priority '\(text)': use none, low, medium or high", help: help)
    }
  }

  /// Tags compare without their `#` and without regard to case.
  private static func tagKey(_ tag: String) -> String {
    (tag.hasPrefix("#") ? String(tag.dropFirst()) : tag).lowercased()
  }
}
