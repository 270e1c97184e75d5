import Foundation
import Observation
import SQLiteData

/// The reminder form, for a new reminder or an existing one: title, notes, tags, a due date typed
/// in words (`tomorrow 5pm`, `next mon 9am`, `in 3d`) and read back as it is understood, flag,
/// priority and list. Saving writes the reminder and its tags in one transaction.
@MainActor
@Observable
public final class ReminderFormModel {
  /// The reminder edited, or nil for a new one.
  public let reminderID: Reminder.ID?
  public var title: String
  public var notes: String
  /// Tag titles, without `#`.
  public var tags: [String]
  /// Whether the reminder has a due date; `dueText` is kept when it is turned off.
  public var hasDueDate: Bool
  public var dueText: String
  public var isFlagged: Bool
  public var priority: Reminder.Priority?
  public var listID: RemindersList.ID

  /// Every list, for choosing the reminder's.
  @ObservationIgnored
  @FetchAll(RemindersList.ordered) public var lists

  @ObservationIgnored private let parser = DueDateParser()
  @ObservationIgnored private let formatter = DueDateFormatter()

  /// A new reminder in a list, with fields filled in already (by quick-add, say).
  public init(
    newIn listID: RemindersList.ID, title: String = "", notes: String = "", tags: [String] = [],
    dueDate: Date? = nil, isFlagged: Bool = false, priority: Reminder.Priority? = nil
  ) {
    reminderID = nil
    self.listID = listID
    self.title = title
    self.notes = notes
    self.tags = tags
    hasDueDate = dueDate != nil
    dueText = ""
    self.isFlagged = isFlagged
    self.priority = priority
    if let dueDate { dueText = formatter.preciseString(from: dueDate) }
  }

  /// The form for an existing reminder, filled from the database; fails when it no longer exists.
  public init(editing id: Reminder.ID) throws {
    @Dependency(\.defaultDatabase) var database
    let (reminder, tags) = try database.read { db in
      guard let reminder = try Reminder.find(id).fetchOne(db) else {
        throw ActionError("That reminder no longer exists: it was deleted, perhaps by another program.")
      }
      return (reminder, try Tag.of(reminder: id).fetchAll(db).map(\.title))
    }
    reminderID = id
    listID = reminder.remindersListID
    title = reminder.title
    notes = reminder.notes
    self.tags = tags
    hasDueDate = reminder.dueDate != nil
    dueText = ""
    isFlagged = reminder.isFlagged
    priority = reminder.priority
    if let dueDate = reminder.dueDate { dueText = formatter.preciseString(from: dueDate) }
  }

  public var isNew: Bool { reminderID == nil }

  /// The due date as typed, nil when there is none, or why the text is not a date.
  public var dueDate: Result<Date?, DueDateParseError> {
    guard hasDueDate else { return .success(nil) }
    do {
      return .success(try parser.parse(dueText))
    } catch {
      return .failure(error)
    }
  }

  /// The due date as understood (`Tue, Mar 14, 2026 at 5:00 PM`), or why it is not understood.
  public var duePreview: String {
    guard hasDueDate else { return "No due date" }
    switch dueDate {
    case .success(let date?):
      return formatter.label(for: date) + "  (" + formatter.preciseString(from: date) + ")"
    case .success(nil):
      return "No due date"
    case .failure(let error):
      return error.message
    }
  }

  /// Whether the due date text is not understood.
  public var hasDueDateError: Bool {
    if case .failure = dueDate { return true }
    return false
  }

  /// The reminder and its tags as the form has them, to save with
  /// ``Database/saveReminder(_:tags:)``; throws when the due date is not understood.
  public func validated() throws -> (draft: Reminder.Draft, tags: [String]) {
    let date: Date?
    switch dueDate {
    case .success(let value): date = value
    case .failure(let error):
      throw ActionError("The due date \(error.message). Try “tomorrow 5pm” or “2026-03-14”.")
    }
    let draft = Reminder.Draft(
      id: reminderID, dueDate: date, isFlagged: isFlagged, notes: notes, priority: priority,
      remindersListID: listID, title: title)
    return (draft, tags)
  }
}
