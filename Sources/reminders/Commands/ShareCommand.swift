import Foundation
import RemindersKit
import SQLiteData

/// `reminders share LIST --with USER | --invite [--read-only]`: shares a list, with all its
/// reminders, with other people of the sync server.
enum ShareCommand: Subcommand {
  static let names = ["share"]
  static let summary = "Share a list with someone: by user name, or with an invitation"
  static let help = """
    Usage: reminders share LIST --with USER [--read-only]
           reminders share LIST --invite [--read-only]

    Shares LIST (a title, or the start of its id) and its reminders with another
    user of your sync server. --with USER adds them; they join with
    `reminders accept SHARE` (`reminders shares` shows it to them). --invite prints
    an invitation token instead: whoever you hand it to joins with
    `reminders accept TOKEN`, once, within a week. People can change the list
    unless you give --read-only; run share again to change a person's permission.

    Options:
      --with USER    The user to share with
      --invite       Print an invitation token
      --read-only    They may read the list, not change it
      -h, --help     Show this help
    """

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard
      let parsed = try parse(arguments, options: [.value("--with"), .flag("--invite"), .flag("--read-only")])
    else { return }
    guard parsed.positional.count == 1 else { throw CommandError.usage("share needs one list", help: help) }
    let user = parsed.value("--with")
    guard (user == nil) != !parsed.has("--invite") else {
      throw CommandError.usage("share needs --with USER or --invite (one of them)", help: help)
    }
    let database = try context.existingDatabase()
    let engine = try context.requireSyncEngine()
    let list = try database.read { try Lookup.list(parsed.positional[0], in: $0) }
    let permission: CKShare.Permission = parsed.has("--read-only") ? .readOnly : .readWrite
    let access = ListSharing.describe(permission)
    let sharing = ListSharing(engine: engine)
    if let user {
      let share = try syncCall { try await sharing.add(user, permission: permission, to: list) }
      // Someone who joined already has the list: only the permission changed.
      if share.participant(named: user)?.isAccepted == true {
        Console.print("\(user) takes part in \(list.title) already; now \(access)")
      } else {
        Console.print(
          "Shared \(list.title) with \(user) (\(access)). They join with: reminders accept \(share.shareID)")
      }
    } else {
      let token = try syncCall { try await sharing.invite(to: list, permission: permission) }
      Console.error("Invitation to \(list.title) (\(access)), valid once for a week; hand it over privately:")
      Console.print("\(token)")
    }
  }
}
