import Foundation
import RemindersKit
import SQLiteData
import Synchronization

/// `reminders sync`: sends this database's changes to the sync server and fetches the others'.
enum SyncCommand: Subcommand {
  static let names = ["sync"]
  static let summary = "Send and fetch changes through the sync server"
  static let help = """
    Usage: reminders sync [--status]

    Sends the changes made on this device and fetches those made on the user's
    other devices, through the server of `reminders account login` (or the one in
    SQLITEDATA_SYNC_URL, a PostgreSQL connection string such as
    postgresql://alice@sync.example.com/reminders, when it is set). The
    full-screen app does this by itself while it runs; changes made by commands
    wait until then, or until `reminders sync`. On a new device, the first sync
    starts the database and fetches everything.

    Options:
      --status     Only show how many changes wait to be sent
      -h, --help   Show this help
    """

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard let parsed = try parse(arguments, options: [.flag("--status")]) else { return }
    _ = try context.databaseForSync()
    let engine = try context.requireSyncEngine()
    let pending = try engine.pendingChangeCount()
    if parsed.has("--status") {
      Console.print("\(count: pending, "change") waiting to be sent")
      return
    }
    let receivedBefore = engine.receivedRecordCount
    let refusedBefore = engine.refusedChangeCount
    do {
      try runBlocking { try await engine.syncChanges() }
    } catch let error as CloudError {
      let waiting = try engine.pendingChangeCount()
      throw CommandError.failure(
        "\(error) (\(count: waiting, "change") \(waiting == 1 ? "waits" : "wait") on this device)")
    } catch SyncError.unsentChanges(let count, let previousUser, let currentUser) {
      let previous = previousUser == currentUser ? "the server this device synced with before" : previousUser
      throw CommandError.failure(
        "\(count: count, "change") on this device \(count == 1 ? "was" : "were") not sent to \(previous), and "
          + "this device now syncs \(previousUser == currentUser ? "with another" : "as \(currentUser)"): "
          + "log in \(previousUser == currentUser ? "to it" : "as \(previousUser)") again "
          + "(`reminders account login`) to send \(count == 1 ? "it" : "them"), or delete them with "
          + "`reminders account logout --delete-local-data --discard-unsent`")
    }
    let problems = engine.problems
    for problem in problems { Console.error("reminders: \(problem)") }
    let received = engine.receivedRecordCount - receivedBefore
    let refused = engine.refusedChangeCount - refusedBefore
    if refused > 0 { Console.error("reminders: " + SyncState.refusalMessage(refused)) }
    Console.print(
      "Synced: sent \(count: max(pending - refused, 0), "change")"
        + (refused > 0 ? ", \(refused) refused" : "") + ", received \(received); up to date")
  }
}
