import Foundation
import SQLiteData

// Changes to several reminders at once, as a visual selection makes them: move to another list,
// tag or untag, duplicate. Each is one undo step, whatever the number of reminders.

extension Database {
  /// Moves reminders to another list; those already there stay. Returns how many moved.
  @discardableResult
  public func moveReminders(_ ids: [Reminder.ID], to listID: RemindersList.ID) throws -> Int {
    guard let list = try RemindersList.find(listID).fetchOne(self) else { throw ActionError.listNotFound }
    let titles = try Reminder.find(ids).where { $0.remindersListID.neq(listID) }.select(\.title).fetchAll(
      self)
    guard try Reminder.find(ids).fetchCount(self) > 0 else { throw ActionError.reminderNotFound }
    guard !titles.isEmpty else { return 0 }
    try undoable("Move \(named(titles)) to \(quoted(list.title))") {
      try Reminder.find(ids)
        .where { $0.remindersListID.neq(listID) }
        .update { $0.remindersListID = listID }
        .execute(self)
    }
    return titles.count
  }

  /// What tagging a group did.
  public enum Tagging: Hashable, Sendable {
    /// The tag was added to this many reminders (those that had it already are not counted),
    /// spelled as the database has it.
    case added(Int, tag: String)
    /// Every reminder had the tag: it was taken off this many.
    case removed(Int, tag: String)
  }

  /// Gives reminders a tag (made when it does not exist); when every one of them has it already,
  /// takes it off them instead, so that the same key undoes a tagging by hand.
  @discardableResult
  public func toggleTag(_ title: String, on ids: [Reminder.ID]) throws -> Tagging {
    let title = try Tag.normalizedTitle(title)
    let reminders = try Reminder.find(ids).select(\.id).fetchAll(self)
    guard !reminders.isEmpty else { throw ActionError.reminderNotFound }
    // The tag's own spelling when it exists, so that "Work" given for "work" tags "work".
    let existing = try Tag.find(title).select(\.title).fetchOne(self)
    let tagged =
      try existing.map { tag in
        try ReminderTag.where { $0.tagID.eq(tag) && $0.reminderID.in(reminders) }.select(\.reminderID)
          .fetchAll(self)
      } ?? []
    if let existing, tagged.count == reminders.count {
      try undoable("Remove “#\(existing)” from \(try titles(of: reminders))") {
        try ReminderTag.where { $0.tagID.eq(existing) && $0.reminderID.in(reminders) }.delete().execute(self)
      }
      return .removed(reminders.count, tag: existing)
    }
    let untagged = reminders.filter { !tagged.contains($0) }
    let tag = existing ?? title
    try undoable("Tag \(try titles(of: untagged)) “#\(tag)”") {
      try Tag.insert { Tag(title: tag) }.onConflictDoNothing().execute(self)
      try ReminderTag.insert {
        for id in untagged { ReminderTag.Draft(reminderID: id, tagID: tag) }
      }
      .execute(self)
    }
    return .added(untagged.count, tag: tag)
  }

  /// Copies reminders, with their tags, into their own lists, below the others; the copies are
  /// incomplete. Returns the copies' ids, in the order of `ids`.
  @discardableResult
  public func duplicateReminders(_ ids: [Reminder.ID]) throws -> [Reminder.ID] {
    let originals = try Reminder.find(ids).fetchAll(self)
    guard !originals.isEmpty else { throw ActionError.reminderNotFound }
    let ordered = ids.compactMap { id in originals.first { $0.id == id } }
    return try undoable("Duplicate \(named(ordered.map(\.title)))") {
      try ordered.map { original in
        let copy = try Reminder.insert {
          Reminder.Draft(
            dueDate: original.dueDate, isFlagged: original.isFlagged, notes: original.notes,
            priority: original.priority, remindersListID: original.remindersListID, title: original.title)
        }
        .returning(\.id)
        .fetchOne(self)
        guard let copy else { throw ActionError.reminderNotFound }
        let tags = try ReminderTag.where { $0.reminderID.eq(original.id) }.select(\.tagID).fetchAll(self)
        if !tags.isEmpty {
          try ReminderTag.insert {
            for tag in tags { ReminderTag.Draft(reminderID: copy, tagID: tag) }
          }
          .execute(self)
        }
        return copy
      }
    }
  }

  /// Gives a reminder a new title. Returns the title as saved (trimmed).
  @discardableResult
  public func renameReminder(_ id: Reminder.ID, to title: String) throws -> String {
    let title = cleanTitle(title)
    guard !title.isEmpty else { throw ActionError.emptyTitle("A reminder") }
    guard let old = try Reminder.find(id).select(\.title).fetchOne(self) else {
      throw ActionError.reminderNotFound
    }
    guard old != title else { return title }
    try undoable("Rename \(quoted(old)) to \(quoted(title))") {
      try Reminder.find(id).update { $0.title = title }.execute(self)
    }
    return title
  }

  /// How a label names these reminders: the one title, or how many.
  private func titles(of ids: [Reminder.ID]) throws -> String {
    ids.count == 1 ? named(try Reminder.find(ids).select(\.title).fetchAll(self)) : "\(ids.count) Reminders"
  }
}
