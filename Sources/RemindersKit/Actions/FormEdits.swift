import Foundation
import SQLiteData

// A form is filled when it opens, and saved later. Meanwhile another program, device or person
// may change the same row: a save writes only the fields the form changed, over the row as it is
// then, so that their other changes stay (as a sync merges column by column).

/// A reminder as a form had it when it opened, to tell what the form changed.
public struct ReminderFormOriginal: Sendable {
  public var draft: Reminder.Draft
  public var tags: [String]

  public init(draft: Reminder.Draft, tags: [String]) {
    self.draft = draft
    self.tags = tags
  }

  /// `edited` over `current`: each field the form changed from this original, and the current
  /// value of every other.
  func apply(_ edited: Reminder.Draft, to current: Reminder) -> Reminder.Draft {
    var merged = Reminder.Draft(current)
    if edited.title != draft.title { merged.title = edited.title }
    if edited.notes != draft.notes { merged.notes = edited.notes }
    if edited.dueDate != draft.dueDate { merged.dueDate = edited.dueDate }
    if edited.isFlagged != draft.isFlagged { merged.isFlagged = edited.isFlagged }
    if edited.priority != draft.priority { merged.priority = edited.priority }
    if edited.remindersListID != draft.remindersListID { merged.remindersListID = edited.remindersListID }
    return merged
  }

  /// The tags the form added and took off, applied to `current` (tags ignore case).
  func apply(tags edited: [String], to current: [String]) -> [String] {
    func has(_ tags: [String], _ tag: String) -> Bool {
      tags.contains { $0.caseInsensitiveCompare(tag) == .orderedSame }
    }
    let removed = tags.filter { !has(edited, $0) }
    var merged = current.filter { !has(removed, $0) }
    for tag in edited where !has(tags, tag) && !has(merged, tag) { merged.append(tag) }
    return merged
  }
}

extension Database {
  /// Saves what a form changed in a reminder since it opened on `original`: only those fields
  /// and tags are written, over the reminder as it is now. A form that changed nothing writes
  /// nothing (and leaves no undo step). Refused when the reminder no longer exists.
  @discardableResult
  public func saveReminder(_ draft: Reminder.Draft, tags: [String], since original: ReminderFormOriginal)
    throws
    -> Reminder
  {
    guard let id = draft.id, let current = try Reminder.find(id).fetchOne(self) else {
      throw ActionError.reminderNotFound
    }
    let currentTags = try Tag.of(reminder: id).fetchAll(self).map(\.title)
    let merged = original.apply(draft, to: current)
    let mergedTags = original.apply(tags: tags, to: currentTags)
    let unchanged =
      merged.title == current.title && merged.notes == current.notes && merged.dueDate == current.dueDate
      && merged.isFlagged == current.isFlagged && merged.priority == current.priority
      && merged.remindersListID == current.remindersListID && mergedTags == currentTags
    if unchanged { return current }
    return try saveReminder(merged, tags: mergedTags)
  }

  /// Saves what a form changed in a list since it opened on `original` (its title, its colour),
  /// over the list as it is now; a form that changed nothing writes nothing.
  @discardableResult
  public func saveList(_ draft: RemindersList.Draft, since original: RemindersList.Draft) throws
    -> RemindersList
  {
    guard let id = draft.id, let current = try RemindersList.find(id).fetchOne(self) else {
      throw ActionError("That list no longer exists (it was deleted, perhaps by another window or command)")
    }
    var merged = RemindersList.Draft(current)
    if draft.title != original.title { merged.title = draft.title }
    if draft.color != original.color { merged.color = draft.color }
    if merged.title == current.title, merged.color == current.color { return current }
    return try saveList(merged)
  }
}
