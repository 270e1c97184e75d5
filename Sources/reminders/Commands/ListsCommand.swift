import Foundation
import RemindersKit
import SQLiteData
import TerminalUI

/// `reminders lists`, `reminders lists add NAME`, `reminders lists rm NAME`, `reminders lists rename OLD NEW`
enum ListsCommand: Subcommand {
  static let names = ["lists"]
  static let summary = "Show the lists with their counts; add, rename or delete one"
  static let help = """
    Usage: reminders lists [--json]
           reminders lists add TITLE [--color COLOR]
           reminders lists rename LIST TITLE [--color COLOR]
           reminders lists rm LIST [--yes]

    Without a subcommand, shows each list with its colour and number of incomplete
    reminders, in order. COLOR is a name (\(ListColorPalette.all.map(\.name).joined(separator: ", ")))
    or #rrggbb. Deleting a list deletes its reminders: give --yes when it has any.

    Options:
      --json       Print JSON for scripts
      -h, --help   Show this help
    """

  /// "  ⇄ with bob, carol (invited)" or "  ⇄ from alice, read-only"; nothing for a list nobody
  /// shares.
  static func sharing(_ list: ReminderListState) -> String {
    guard let share = list.share else { return "" }
    if let owner = list.sharedBy {
      return "  ⇄ from \(owner)" + (list.isWritable ? "" : ", read-only")
    }
    let people = share.participants.map { $0.isAccepted ? $0.userName : "\($0.userName) (invited)" }
    return "  ⇄ " + (people.isEmpty ? "shared" : "with " + people.joined(separator: ", "))
  }

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard let parsed = try parse(arguments, options: [.flag("--json"), .value("--color"), .flag("--yes")])
    else { return }
    switch parsed.positional.first {
    case nil:
      let (lists, ids) = try context.existingDatabase().read { db in
        let lists = try ReminderListState.fetchAll(db)
        return (lists, try ShortIDs.lists(lists.map(\.remindersList.id), in: db))
      }
      if parsed.has("--json") {
        try Console.printJSON(
          lists.map { ReminderFormatting.ListJSON($0.remindersList, remindersCount: $0.remindersCount) })
      } else {
        // Columns by the width titles take on screen (wide characters take two), titles whole.
        let titleWidth = lists.map(\.remindersList.title.terminalWidth).max() ?? 0
        let countWidth = lists.map { String($0.remindersCount).count }.max() ?? 0
        if lists.isEmpty {
          // For people, on standard error: what a pipe reads stays empty.
          Console.error("No lists yet: `reminders lists add NAME` adds one, `reminders seed` the sample data")
        }
        for list in lists {
          let name =
            ListColorPalette.name(of: list.remindersList.color)
            ?? ListColorPalette.hexString(list.remindersList.color)
          let title = list.remindersList.title
          let paddedTitle = title + String(repeating: " ", count: titleWidth - title.terminalWidth)
          let count = String(list.remindersCount)
          let paddedCount = String(repeating: " ", count: countWidth - count.count) + count
          Console.print(
            "\(Console.dim("\(ids.of(list.id))"))  \(paddedTitle)  \(paddedCount)  \(Console.dim("\(name)"))\(sharing(list))"
          )
        }
      }
    case "add":
      guard parsed.positional.count == 2 else {
        throw CommandError.usage("lists add needs one title", help: help)
      }
      let color = try parsed.value("--color").map(Self.color) ?? RemindersList.defaultColor
      let (list, namesakes) = try context.database().write { db in
        let list = try db.addList(title: parsed.positional[1], color: color)
        return (list, try Namesakes(of: list, in: db))
      }
      Console.print("Added list \(namesakes.ids.of(list.id))  \(list.title)")
      namesakes.warn()
    case "rename":
      guard parsed.positional.count == 3 else {
        throw CommandError.usage("lists rename needs the list and its new title", help: help)
      }
      let color = try parsed.value("--color").map(Self.color)
      let (list, namesakes) = try context.existingDatabase().write { db in
        let list = try Lookup.list(parsed.positional[1], in: db)
        var draft = RemindersList.Draft(list)
        draft.title = parsed.positional[2]
        if let color { draft.color = color }
        let saved = try db.saveList(draft)
        return (saved, try Namesakes(of: saved, in: db))
      }
      Console.print("Renamed list \(namesakes.ids.of(list.id))  \(list.title)")
      namesakes.warn()
    case "rm":
      guard parsed.positional.count == 2 else {
        throw CommandError.usage("lists rm needs one list", help: help)
      }
      let database = try context.existingDatabase()
      let engine = try context.syncEngineIfAny()
      let (list, owner, leavesThroughServer, count) = try database.write { db in
        let list = try Lookup.list(parsed.positional[1], in: db)
        let count = try Reminder.where { $0.remindersListID.eq(list.id) }.fetchCount(db)
        // A list shared with the user is left, not deleted: its owner keeps it.
        let state = try ReminderListState.fetchAll(db).first { $0.id == list.id }
        let owner = state?.sharedBy
        // Asked, as the app asks, when reminders would go, or people the user shares it with
        // would lose it.
        let sharedByUser = owner == nil && state?.share != nil
        guard (count == 0 && !sharedByUser) || parsed.has("--yes") else {
          if let owner {
            throw CommandError.failure(
              "the list “\(list.title)” is shared with you by \(owner): removing it leaves the share, and its "
                + "\(count: count, "reminder") leave this device (\(owner) keeps them); add --yes to leave it"
            )
          }
          let holds = state?.remindersDescription.map { "holds \($0), which would be deleted with it" }
          let shared = sharedByUser ? ReminderListState.sharedDeletionNote : nil
          throw CommandError.failure(
            "the list “\(list.title)” " + [holds, shared].compactMap { $0 }.joined(separator: "; ")
              + "; add --yes to delete it")
        }
        // Shared with this user, the list is left through the server (below), after what waits to
        // be sent in it. Only without an account (logged out, the data kept) is it deleted here,
        // where a list shared read-only cannot be.
        let leavesThroughServer = owner != nil && (engine != nil || state?.isWritable == false)
        if !leavesThroughServer { try db.deleteList(list.id) }
        return (list, owner, leavesThroughServer, count)
      }
      if leavesThroughServer {
        let engine = try context.requireSyncEngine()
        let outcome = try syncCall { try await ListSharing(engine: engine).unshare(list) }
        Console.print("\(outcome.message(list: list.title))")
      } else {
        let message =
          owner.map { ListSharing.Unshared.left(owner: $0).message(list: list.title) }
          ?? "Deleted list \(list.title)" + (count == 0 ? "" : " and its \(count: count, "reminder")")
        Console.print("\(message)")
      }
    case let other?:
      throw CommandError.usage("unknown lists subcommand '\(other)': use add, rename or rm", help: help)
    }
  }

  /// A list just added or renamed, and the other lists with its title (case does not matter),
  /// which commands can then name only by their ids.
  struct Namesakes {
    let list: RemindersList
    let others: [RemindersList]
    /// The short ids of the list and of the others.
    let ids: ShortIDs

    init(of list: RemindersList, in db: Database) throws {
      self.list = list
      others = try RemindersList.where { $0.title.collate(.nocase).eq(list.title) && $0.id.neq(list.id) }
        .order(by: \.position).fetchAll(db)
      ids = try ShortIDs.lists([list.id] + others.map(\.id), in: db)
    }

    /// Says, after the change, that the title is now shared: allowed, but a name no longer finds
    /// the list.
    func warn() {
      guard !others.isEmpty else { return }
      let shown = ([list] + others).map { ids.of($0.id) }.joined(separator: ", ")
      Console.error(
        "reminders: note: \(count: others.count + 1, "list") are now titled '\(list.title)'; "
          + "commands name them by the start of their ids: \(shown)")
    }
  }

  static func color(_ text: String) throws -> Int {
    do {
      return try ListColorPalette.value(from: text)
    } catch {
      throw CommandError.usage("\(error)", help: help)
    }
  }
}
