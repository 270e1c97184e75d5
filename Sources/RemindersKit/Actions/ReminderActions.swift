import Foundation
import SQLiteData

// Reminders: save (create or edit, with tags), complete, flag, delete, move by hand. Each is one
// undo step.

extension Database {
  /// Creates a reminder (when `draft.id` is nil) or edits the one it names (refused when that
  /// one no longer exists), and makes
  /// its tags exactly `tags` (titles, with or without `#`; missing tags are created), in one
  /// transaction. Editing changes what the form edits (title, notes, due date, flag, priority,
  /// list) and leaves its status and position alone. Returns the saved reminder.
  @discardableResult
  public func saveReminder(_ draft: Reminder.Draft, tags: [String] = []) throws -> Reminder {
    var draft = draft
    draft.title = cleanTitle(draft.title)
    guard !draft.title.isEmpty else { throw ActionError.emptyTitle("A reminder") }
    guard try RemindersList.find(draft.remindersListID).fetchCount(self) > 0 else {
      throw ActionError.listNotFound
    }
    var tagTitles: [String] = []
    for title in tags {
      let title = try Tag.normalizedTitle(title)
      if !tagTitles.contains(where: { $0.caseInsensitiveCompare(title) == .orderedSame }) {
        tagTitles.append(title)
      }
    }
    let existing = try draft.id.flatMap { try Reminder.find($0).fetchOne(self) }
    // An edit of a reminder deleted meanwhile (by another window, a command, a sync) is refused,
    // not saved as a new one: a deletion is not undone behind the user's back.
    if draft.id != nil, existing == nil { throw ActionError.reminderNotFound }
    let label = existing.map { "Edit \(quoted($0.title))" } ?? "New Reminder \(quoted(draft.title))"
    return try undoable(label) {
      let id = try Reminder.insert { draft }
        .onConflict({ [$0.id] }) {
          $0.dueDate = $1.dueDate
          $0.isFlagged = $1.isFlagged
          $0.notes = $1.notes
          $0.priority = $1.priority
          $0.remindersListID = $1.remindersListID
          $0.title = $1.title
        }
        .returning(\.id)
        .fetchOne(self)
      guard let id else { throw ActionError.reminderNotFound }
      try replaceTags(of: id, with: tagTitles)
      guard let reminder = try Reminder.find(id).fetchOne(self) else { throw ActionError.reminderNotFound }
      return reminder
    }
  }

  /// Gives a reminder exactly these tags, creating missing ones; tags it keeps are not touched.
  private func replaceTags(of id: Reminder.ID, with titles: [String]) throws {
    for title in titles { try Tag.insert { Tag(title: title) }.onConflictDoNothing().execute(self) }
    // The tags' own spelling, so that "Work" given for an existing "work" links "work".
    let saved = try titles.compactMap { try Tag.find($0).select(\.title).fetchOne(self) }
    try ReminderTag
      .where { $0.reminderID.eq(id) && $0.tagID.notIn(saved) }
      .delete()
      .execute(self)
    let current = Set(try ReminderTag.where { $0.reminderID.eq(id) }.select(\.tagID).fetchAll(self))
    let added = saved.filter { !current.contains($0) }
    guard !added.isEmpty else { return }
    try ReminderTag.insert {
      for title in added { ReminderTag.Draft(reminderID: id, tagID: title) }
    }
    .execute(self)
  }

  /// Ticks an incomplete reminder (it is completing, then completed after its grace period) or
  /// unticks a completing or completed one. Returns its new status.
  @discardableResult
  public func toggleCompletion(_ id: Reminder.ID) throws -> Reminder.Status {
    try toggleCompletion([id]).state
  }

  /// Ticks reminders as a group, one undo step: the incomplete ones start completing (those done
  /// already stay done); when none is incomplete, all of them are unticked. Returns the status
  /// the group now has (`.completing` or `.incomplete`), and which reminders changed.
  @discardableResult
  public func toggleCompletion(_ ids: [Reminder.ID]) throws -> GroupToggle<Reminder.Status> {
    let rows = try Reminder.find(ids).select { ($0.title, $0.status) }.fetchAll(self)
    guard !rows.isEmpty else { throw ActionError.reminderNotFound }
    let ticking = rows.contains { $0.1 == .incomplete }
    let changing = rows.filter { ticking ? $0.1 == .incomplete : $0.1 != .incomplete }.map(\.0)
    let label = ticking ? "Complete \(named(changing))" : "Mark \(named(changing)) Incomplete"
    let status: Reminder.Status = ticking ? .completing : .incomplete
    try undoable(label) {
      try Reminder.find(ids)
        .where {
          ticking ? $0.status.eq(Reminder.Status.incomplete) : $0.status.neq(Reminder.Status.incomplete)
        }
        .update { $0.status = status }
        .execute(self)
    }
    return GroupToggle(state: status, changedTitles: changing, unchangedCount: rows.count - changing.count)
  }

  /// Completes reminders at once, without a grace period (for scripts: `reminders done`).
  /// Returns how many changed; completed ones are left as they are.
  @discardableResult
  public func completeReminders(_ ids: [Reminder.ID]) throws -> Int {
    try setStatus(of: ids, to: .completed, verb: "Complete")
  }

  /// Marks completed (or completing) reminders incomplete again (`reminders done --reopen`).
  /// Returns how many changed.
  @discardableResult
  public func reopenReminders(_ ids: [Reminder.ID]) throws -> Int {
    try setStatus(of: ids, to: .incomplete, verb: "Reopen")
  }

  /// Gives reminders `status` at once, as one undo step named "<verb> “title”".
  private func setStatus(of ids: [Reminder.ID], to status: Reminder.Status, verb: String) throws -> Int {
    let titles = try Reminder.find(ids).where { $0.status.neq(status) }.select(\.title).fetchAll(self)
    guard try Reminder.find(ids).fetchCount(self) > 0 else { throw ActionError.reminderNotFound }
    guard !titles.isEmpty else { return 0 }
    try undoable("\(verb) \(named(titles))") {
      try Reminder.find(ids).where { $0.status.neq(status) }.update { $0.status = status }.execute(self)
    }
    return titles.count
  }

  /// Flags or unflags a reminder. Returns whether it is now flagged.
  @discardableResult
  public func toggleFlag(_ id: Reminder.ID) throws -> Bool {
    try toggleFlag([id]).state
  }

  /// Flags reminders as a group, one undo step: all of them when any is unflagged, else unflags
  /// them all. Returns whether they are now flagged, and which changed.
  @discardableResult
  public func toggleFlag(_ ids: [Reminder.ID]) throws -> GroupToggle<Bool> {
    let rows = try Reminder.find(ids).select { ($0.title, $0.isFlagged) }.fetchAll(self)
    guard !rows.isEmpty else { throw ActionError.reminderNotFound }
    let flagging = rows.contains { !$0.1 }
    let changing = rows.filter { $0.1 != flagging }.map(\.0)
    try undoable("\(flagging ? "Flag" : "Unflag") \(named(changing))") {
      try Reminder.find(ids).update { $0.isFlagged = flagging }.execute(self)
    }
    return GroupToggle(state: flagging, changedTitles: changing, unchangedCount: rows.count - changing.count)
  }

  /// Deletes reminders (with their tags' links). Returns how many were deleted.
  @discardableResult
  public func deleteReminders(_ ids: [Reminder.ID]) throws -> Int {
    let titles = try Reminder.find(ids).select(\.title).fetchAll(self)
    guard !titles.isEmpty else { throw ActionError.reminderNotFound }
    try undoable("Delete \(named(titles))") {
      try Reminder.find(ids).delete().execute(self)
    }
    return titles.count
  }

  /// Moves a reminder one row up or down on a detail screen, as the screen shows it now. The
  /// screen switches to manual order, and the rows' positions are rewritten (in one `CASE`
  /// update) so that manual order is the order seen, with the move made. Completed reminders
  /// stay below the others. Returns false when the row cannot move that way.
  @discardableResult
  public func moveReminder(_ id: Reminder.ID, _ direction: MoveDirection, in kind: DetailKind) throws -> Bool
  {
    let settings = try kind.settings.fetchOne(self) ?? kind.defaultSettings
    let rows = try kind.visibleOrder(ordering: settings.ordering, showCompleted: settings.showCompleted)
      .fetchAll(self)
    guard let index = rows.firstIndex(where: { $0.0 == id }) else { throw ActionError.reminderNotFound }
    let target = index + direction.offset
    guard rows.indices.contains(target), rows[target].2 == rows[index].2 else { return false }
    var order = rows.map(\.0)
    order.swapAt(index, target)
    let current = Dictionary(rows.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
    let positions = Positions.reassign(order: order, current: current)
    let title = try Reminder.find(id).select(\.title).fetchOne(self) ?? ""
    try undoable("Move \(quoted(title)) \(direction.name)") {
      if settings.ordering != .manual {
        var manual = settings
        manual.ordering = .manual
        try saveSettings(manual)
      }
      guard !positions.isEmpty else { return }
      try Reminder
        .where { $0.id.in(Array(positions.keys)) }
        .update {
          $0.position = Positions.positionCase(Reminder.columns.id, Reminder.columns.position, positions)
        }
        .execute(self)
    }
    return true
  }
}
