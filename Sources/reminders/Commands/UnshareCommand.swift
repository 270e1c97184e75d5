import Foundation
import RemindersKit
import SQLiteData

/// `reminders unshare LIST`: stops sharing a list, or leaves one shared with you.
enum UnshareCommand: Subcommand {
  static let names = ["unshare"]
  static let summary = "Stop sharing a list, or leave a list shared with you"
  static let help = """
    Usage: reminders unshare LIST [--user USER]

    For a list you share: stops sharing it, or with --user takes only that person
    out. The others lose the list; you keep it. For a list shared with you: leaves
    it, and it leaves this device; its owner keeps it.

    Options:
      --user USER   Take only this person out of a list you share
      -h, --help    Show this help
    """

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard let parsed = try parse(arguments, options: [.value("--user")]) else { return }
    guard parsed.positional.count == 1 else { throw CommandError.usage("unshare needs one list", help: help) }
    let database = try context.existingDatabase()
    let engine = try context.requireSyncEngine()
    let list = try database.read { try Lookup.list(parsed.positional[0], in: $0) }
    let user = parsed.value("--user")
    let outcome: ListSharing.Unshared
    do {
      outcome = try syncCall { try await ListSharing(engine: engine).unshare(list, user: user) }
    } catch let refusal as ListSharing.Refusal {
      throw CommandError.failure(refusal.description)
    }
    Console.print("\(outcome.message(list: list.title))")
  }
}
