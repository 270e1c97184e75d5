import Foundation
import RemindersKit
import SQLiteData

/// `reminders rm REMINDER...`
enum RemoveCommand: Subcommand {
  static let names = ["rm"]
  static let summary = "Delete reminders"
  static let help = """
    Usage: reminders rm REMINDER...

    Deletes reminders. A REMINDER is an id as `reminders ls` shows it (its first 4 characters
    or more are enough) or an exact title.

    Options:
      -h, --help   Show this help
    """

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard let parsed = try parse(arguments, options: []) else { return }
    guard !parsed.positional.isEmpty else { throw CommandError.usage("rm needs a reminder", help: help) }
    let database = try context.existingDatabase()
    let (reminders, shortIDs) = try database.write { db in
      let reminders = try Lookup.reminders(parsed.positional, in: db)
      // Worked out before they go, as `ls` printed them.
      let shortIDs = try ShortIDs.reminders(reminders.map(\.id), in: db)
      try db.deleteReminders(reminders.map(\.id))
      return (reminders, shortIDs)
    }
    for reminder in reminders { Console.print("Deleted \(shortIDs.of(reminder.id))  \(reminder.title)") }
  }
}
