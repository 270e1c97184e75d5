import Foundation
import RemindersKit
import SQLiteData

/// Finds the reminders and lists that command-line arguments name.
enum Lookup {
  /// The reminder `reference` names: its id, the first characters of its id (four or more, as
  /// `ls` prints them), or its exact title (case does not matter).
  static func reminder(_ reference: String, in db: Database) throws -> Reminder {
    let text = reference.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else { throw CommandError.notFound("an empty reminder reference names nothing") }
    if ShortID.isPrefix(text) {
      let byID = try Reminder.withID(startingWith: text).limit(6).fetchAll(db)
      if byID.count == 1 { return byID[0] }
      if byID.count > 1 {
        // Whole ids: their first characters are what the reference already failed to tell apart.
        let candidates = byID.prefix(5).map { "  \($0.id.uuidString.lowercased())  \($0.title)" }
          .joined(separator: "\n")
        throw CommandError.notFound(
          "'\(text)' is the start of several reminder ids; give more characters:\n\(candidates)")
      }
    }
    let byTitle = try Reminder.titled(text).order(by: \.position).limit(6).fetchAll(db)
    switch byTitle.count {
    case 1:
      return byTitle[0]
    case 0:
      throw CommandError.notFound(
        ShortID.isTooShortPrefix(text)
          ? "no reminder is titled '\(text)', and an id needs at least \(ShortID.minimumPrefix) of its first "
            + "characters; `reminders ls` shows ids and titles"
          : "no reminder has the id or title '\(text)'; `reminders ls` shows ids and titles")
    default:
      let ids = try ShortIDs.reminders(byTitle.prefix(5).map(\.id), in: db)
      let candidates = byTitle.prefix(5).map { "  \(ids.of($0.id))  \($0.title)" }.joined(separator: "\n")
      throw CommandError.notFound(
        "several reminders are titled '\(text)'; name one by its id:\n\(candidates)")
    }
  }

  /// The reminders `references` name, each once, in the order first named.
  static func reminders(_ references: [String], in db: Database) throws -> [Reminder] {
    var seen = Set<Reminder.ID>()
    return try references.map { try reminder($0, in: db) }.filter { seen.insert($0.id).inserted }
  }

  /// The tags `titles` name (a leading `#` and case do not matter), as the database spells them.
  static func tags(_ titles: [String], in db: Database) throws -> [String] {
    try titles.map { text in
      let title = text.hasPrefix("#") ? String(text.dropFirst()) : text
      if let tag = try Tag.where({ $0.title.eq(title) }).select(\.title).fetchOne(db) { return tag }
      let known = try Tag.order(by: \.title).select(\.title).fetchAll(db)
      guard !known.isEmpty else {
        throw CommandError.notFound("no tag is called '\(title)': there are no tags yet")
      }
      let shown = known.prefix(10).joined(separator: ", ") + (known.count > 10 ? ", …" : "")
      throw CommandError.notFound("no tag is called '\(title)'; the tags are \(shown)")
    }
  }

  /// The list titled `title` (case does not matter), or whose id starts with `title`.
  static func list(_ title: String, in db: Database) throws -> RemindersList {
    do {
      return try RemindersList.find(named: title, in: db)
    } catch let error as ListLookupError {
      throw CommandError.notFound(error.description)
    }
  }
}
