import Foundation
import Observation
import SQLiteData

/// Adds reminders typed on one line (`Call mom tomorrow 5pm !! #family @Personal`), into the
/// list named with `@`, else the screen's list, else the first list.
@MainActor
@Observable
public final class QuickAddModel {
  @ObservationIgnored
  @Dependency(\.defaultDatabase) var database

  @ObservationIgnored private let parser = DueDateParser()

  public init() {}

  /// What a line means, or why it cannot be read.
  public func parse(_ text: String) throws -> QuickAdd {
    try QuickAdd(parsing: text, dates: parser)
  }

  /// Adds the reminder a line describes; returns it with the title of its list.
  @discardableResult
  public func add(_ text: String, defaultList: RemindersList.ID?) throws -> (
    reminder: Reminder, listTitle: String
  ) {
    let entry = try parse(text)
    guard !entry.title.isEmpty else {
      throw ActionError("A reminder needs a title: type it with anything else, as in “\(QuickAdd.example)”.")
    }
    return try database.write { db in
      let list = try Self.list(for: entry, defaultList: defaultList, db)
      let draft = Reminder.Draft(
        dueDate: entry.dueDate, priority: entry.priority, remindersListID: list.id, title: entry.title)
      return (try db.saveReminder(draft, tags: entry.tags), list.title)
    }
  }

  /// The list an entry goes to.
  static func list(for entry: QuickAdd, defaultList: RemindersList.ID?, _ db: Database) throws
    -> RemindersList
  {
    let lists = try RemindersList.ordered.fetchAll(db)
    if let title = entry.listTitle {
      guard let list = lists.first(where: { $0.title.caseInsensitiveCompare(title) == .orderedSame }) else {
        let known = lists.map { "@" + $0.title }.joined(separator: ", ")
        throw ActionError("There is no list named “\(title)”; the lists are \(known).")
      }
      return list
    }
    if let defaultList, let list = lists.first(where: { $0.id == defaultList }) { return list }
    guard let first = lists.first else {
      throw ActionError("There is no list to add the reminder to: add a list first.")
    }
    return first
  }
}
