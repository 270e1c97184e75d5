import Foundation
import SQLiteData

// Adding a reminder typed on one line, the one way both front ends do it: which list it goes to,
// and what the line was understood to say.

/// A reminder added from a line, with what was made of it.
public struct QuickAddResult: Sendable {
  public let reminder: Reminder
  public let list: RemindersList
  /// The list did not exist and was made for this reminder (a database with no list yet).
  public let isNewList: Bool
  public let entry: QuickAdd

  /// What was understood besides the title, for the confirmation:
  /// `due Tomorrow 5:00 PM (“tomorrow 5pm”), new list “Personal”`; empty when nothing was.
  public func understood(dates: DueDateFormatter = DueDateFormatter()) -> String {
    var parts: [String] = []
    if let due = reminder.dueDate, let phrase = entry.datePhrase {
      parts.append("due \(dates.labelWithTime(for: due)) (“\(phrase)”)")
    }
    if isNewList { parts.append("new list “\(list.title)”") }
    return parts.joined(separator: ", ")
  }
}

/// The list a user named cannot be told: no list has that title (or id), or several have it.
public struct ListLookupError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Problem: Hashable, Sendable {
    /// No list is named so; `titles` are the lists there are.
    case noSuchList(titles: [String])
    /// Several lists have the title; `ids` are their short ids, which tell them apart.
    case ambiguous(ids: [String])
  }

  public let name: String
  public let problem: Problem

  public var description: String {
    switch problem {
    case .noSuchList(let titles):
      return "no list is titled '\(name)'"
        + (titles.isEmpty ? "; there are no lists yet" : "; the lists are: " + titles.joined(separator: ", "))
    case .ambiguous(let ids):
      let starts = ids.joined(separator: ", ")
      return "several lists are titled '\(name)'; name one by the start of its id: \(starts)"
    }
  }
}

extension RemindersList {
  /// The list a user names: by its title (case does not matter), else by the start of its id, as
  /// `ls` prints it (four characters or more). A title that several lists have is an error.
  public static func named(_ name: String, in db: Database) throws -> RemindersList? {
    let text = name.trimmingCharacters(in: .whitespaces)
    let byTitle = try RemindersList.where({ $0.title.collate(.nocase).eq(text) }).order(by: \.position)
      .limit(6).fetchAll(db)
    if byTitle.count == 1 { return byTitle[0] }
    // Two lists may share a title: picking one would act on the other list than meant.
    if byTitle.count > 1 {
      let ids = try ShortIDs.lists(byTitle.map(\.id), in: db)
      throw ListLookupError(name: text, problem: .ambiguous(ids: byTitle.map { ids.of($0.id) }))
    }
    guard ShortID.isPrefix(text) else { return nil }
    let byID = try RemindersList.where { ShortID.condition($0.id, startsWith: text) }.limit(2).fetchAll(db)
    return byID.count == 1 ? byID[0] : nil
  }

  /// The list a user names, or an error that says which lists there are.
  public static func find(named name: String, in db: Database) throws -> RemindersList {
    if let list = try named(name, in: db) { return list }
    let titles = try RemindersList.ordered.fetchAll(db).map(\.title)
    throw ListLookupError(
      name: name.trimmingCharacters(in: .whitespaces), problem: .noSuchList(titles: titles))
  }
}

extension Database {
  /// The list a new reminder goes to: the one named; without a name, `defaultList`, else the first
  /// list. A database without any list gets one, the list named or "Personal", so that the first
  /// reminder can always be added.
  public func destinationList(named name: String?, defaultList: RemindersList.ID? = nil) throws
    -> (list: RemindersList, isNew: Bool)
  {
    if let name {
      if try RemindersList.fetchCount(self) == 0 { return (try addList(title: name), true) }
      return (try RemindersList.find(named: name, in: self), false)
    }
    if let defaultList, let list = try RemindersList.find(defaultList).fetchOne(self) { return (list, false) }
    if let first = try RemindersList.ordered.fetchOne(self) { return (first, false) }
    return (try addList(title: RemindersList.defaultTitle), true)
  }

  /// Adds the reminder a line describes (`Call mom tomorrow 5pm !! #family @Personal`), in the
  /// list it names or `listName` (not both), else `defaultList`.
  public func addReminder(
    _ entry: QuickAdd, listName: String? = nil, defaultList: RemindersList.ID? = nil, notes: String = "",
    isFlagged: Bool = false
  ) throws -> QuickAddResult {
    if entry.listTitle != nil, listName != nil {
      throw ActionError("Give the list once: either @List in the text or the list option")
    }
    let (list, isNew) = try destinationList(named: entry.listTitle ?? listName, defaultList: defaultList)
    let draft = Reminder.Draft(
      dueDate: entry.dueDate, isFlagged: isFlagged, notes: notes, priority: entry.priority,
      remindersListID: list.id, title: entry.title)
    let reminder = try saveReminder(draft, tags: entry.tags)
    return QuickAddResult(reminder: reminder, list: list, isNewList: isNew, entry: entry)
  }
}
