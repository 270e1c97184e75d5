import Foundation
import RemindersKit
import SQLiteData

/// `reminders done REMINDER...`
enum DoneCommand: Subcommand {
  static let names = ["done"]
  static let summary = "Mark reminders completed (or --reopen them)"
  static let help = """
    Usage: reminders done [--reopen] REMINDER...

    Marks reminders completed. A REMINDER is an id as `reminders ls` shows it (its first 4
    characters or more are enough) or an exact title.

    Options:
      --reopen     Mark them incomplete instead
      -h, --help   Show this help
    """

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard let parsed = try parse(arguments, options: [.flag("--reopen")]) else { return }
    guard !parsed.positional.isEmpty else { throw CommandError.usage("done needs a reminder", help: help) }
    let isCompleted = !parsed.has("--reopen")
    let database = try context.existingDatabase()
    let (reminders, shortIDs, changed) = try database.write { db in
      let reminders = try Lookup.reminders(parsed.positional, in: db)
      let ids = reminders.map(\.id)
      let shortIDs = try ShortIDs.reminders(ids, in: db)
      return (reminders, shortIDs, try isCompleted ? db.completeReminders(ids) : db.reopenReminders(ids))
    }
    let verb = isCompleted ? "Completed" : "Reopened"
    for reminder in reminders { Console.print("\(verb) \(shortIDs.of(reminder.id))  \(reminder.title)") }
    if changed < reminders.count {
      Console.print("(\(reminders.count - changed) already \(isCompleted ? "completed" : "incomplete"))")
    }
  }
}
