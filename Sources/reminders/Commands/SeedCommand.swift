import Foundation
import RemindersKit
import SQLiteData

/// `reminders seed`
enum SeedCommand: Subcommand {
  static let names = ["seed"]
  static let summary = "Add the sample lists and reminders"
  static let help = """
    Usage: reminders seed [--force]

    Adds three sample lists (Personal, Family, Business) with reminders, tags, flags,
    priorities and due dates around today.

    Options:
      --force      Add them even though the database already holds reminders
      -h, --help   Show this help
    """

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard let parsed = try parse(arguments, options: [.flag("--force")]) else { return }
    guard parsed.positional.isEmpty else {
      throw CommandError.usage("seed takes no arguments (got '\(parsed.positional[0])')", help: help)
    }
    let database = try context.database()
    let counts = try database.write { db -> (lists: Int, reminders: Int) in
      let existing = try Reminder.fetchCount(db)
      guard existing == 0 || parsed.has("--force") else {
        throw CommandError.failure(
          "the database already holds \(count: existing, "reminder"); add --force to add the sample data too"
        )
      }
      try db.loadSampleData()
      return (try RemindersList.fetchCount(db), try Reminder.fetchCount(db))
    }
    Console.print("Added the sample data: \(counts.lists) lists, \(counts.reminders) reminders.")
  }
}
