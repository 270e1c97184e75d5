import Foundation
import RemindersKit
import SQLiteData

/// `reminders accept TOKEN|SHARE`: joins a shared list.
enum AcceptCommand: Subcommand {
  static let names = ["accept"]
  static let summary = "Join a list shared with you"
  static let help = """
    Usage: reminders accept TOKEN
           reminders accept SHARE

    Joins a list someone shared: with the invitation TOKEN they handed you, or the
    SHARE id `reminders shares` shows for a list shared with you by name. Its
    reminders are fetched at once.

    Options:
      -h, --help   Show this help
    """

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard let parsed = try parse(arguments, options: []) else { return }
    guard parsed.positional.count == 1 else {
      throw CommandError.usage("accept needs one invitation token or share id", help: help)
    }
    _ = try context.databaseForSync()
    let sharing = ListSharing(engine: try context.requireSyncEngine())
    let invitation = ListSharing.invitation(parsed.positional[0])
    let share = try syncCall { try await sharing.join(invitation) }
    Console.print("Joined \(ListSharing.describe(share)).")
  }
}
