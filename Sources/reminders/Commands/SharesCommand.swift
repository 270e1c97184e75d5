import Foundation
import RemindersKit
import SQLiteData

/// `reminders shares [--json]`: the lists shared by this user and with them.
enum SharesCommand: Subcommand {
  static let names = ["shares"]
  static let summary = "Show the lists you share and those shared with you"
  static let help = """
    Usage: reminders shares [--json]

    Lists you share, with who takes part and their permission, and lists shared
    with you, with their owner; an invitation you have not accepted yet shows the
    id that `reminders accept` takes.

    Options:
      --json       Print JSON instead
      -h, --help   Show this help
    """

  struct Entry: Encodable {
    struct Person: Encodable {
      var user: String
      var permission: String
      var accepted: Bool
    }
    var shareID: String
    var list: String
    var listID: String
    var owner: String
    var sharedByMe: Bool
    var permission: String
    var accepted: Bool
    var participants: [Person]
  }

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard let parsed = try parse(arguments, options: [.flag("--json")]) else { return }
    guard parsed.positional.isEmpty else { throw CommandError.usage("shares takes no arguments", help: help) }
    let database = try context.databaseForSync()
    let engine = try context.requireSyncEngine()
    let shares = try syncCall { try await engine.shares() }
    let me = try syncCall { try await engine.currentUserName() }
    let entries = try database.read { db in
      try shares.map { share in
        let listID = String(share.rootRecordName.split(separator: ":").first ?? "")
        let local = try UUID(uuidString: listID).flatMap { try RemindersList.find($0).fetchOne(db) }
        let mine = share.participant(named: me)
        return Entry(
          shareID: share.shareID, list: local?.title ?? share[CKShare.SystemFieldKey.title] ?? listID,
          listID: listID, owner: share.ownerName, sharedByMe: share.ownerName == me,
          permission: permissionName(share.ownerName == me ? .readWrite : mine?.permission ?? .none),
          accepted: share.ownerName == me || mine?.isAccepted == true,
          participants: share.participants.map {
            Entry.Person(
              user: $0.userName, permission: permissionName($0.permission), accepted: $0.isAccepted)
          })
      }
    }
    if parsed.has("--json") {
      try Console.printJSON(entries)
      return
    }
    let byMe = entries.filter(\.sharedByMe)
    let withMe = entries.filter { !$0.sharedByMe }
    if entries.isEmpty { Console.print("No shared lists.") }
    if !byMe.isEmpty {
      Console.print(Console.bold("Shared by you"))
      for entry in byMe {
        let people = entry.participants.map { person -> String in
          "\(person.user) (\(person.permission)\(person.accepted ? "" : ", invited"))"
        }
        Console.print("  \(entry.list): \(people.isEmpty ? "nobody" : people.joined(separator: ", "))")
      }
    }
    if !withMe.isEmpty {
      Console.print(Console.bold("Shared with you"))
      for entry in withMe {
        if entry.accepted {
          Console.print("  \(entry.list), from \(entry.owner) (\(entry.permission))")
        } else {
          Console.print(
            "  \(entry.list), from \(entry.owner) (\(entry.permission)): join with `reminders accept \(entry.shareID)`"
          )
        }
      }
    }
  }

  private static func permissionName(_ permission: CKShare.Permission) -> String {
    switch permission {
    case .readWrite: "read-write"
    case .readOnly: "read-only"
    case .none: "none"
    }
  }
}
