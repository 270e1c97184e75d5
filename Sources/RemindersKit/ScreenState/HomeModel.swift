import Foundation
import Observation
import SQLiteData

/// The home screen (the sidebar): the smart lists' counts, the lists with their counts of
/// incomplete reminders and their sharing, the tags in use, and the changes waiting to be sent,
/// all one live request.
@MainActor
@Observable
public final class HomeModel {
  @ObservationIgnored
  @Fetch(HomeRequest(day: .today)) public var screen = HomeRequest.Value()

  public var stats: Stats { screen.stats }
  public var lists: [ReminderListState] { screen.lists }
  public var tags: [TagUsage] { screen.tags }

  @ObservationIgnored
  @Dependency(\.defaultDatabase) var database

  public init() {}

  /// True when the database holds no lists at all: the screen offers the sample data.
  public var isEmpty: Bool { lists.isEmpty }

  /// The list new reminders go to when no list is selected: the first one.
  public var firstList: RemindersList? { lists.first?.remindersList }

  public func list(_ id: RemindersList.ID) -> RemindersList? {
    lists.first { $0.id == id }?.remindersList
  }

  /// Counts again for a new day: the Today count changes at midnight, with no commit to say so.
  public func refreshDay() async throws {
    try await $screen.load(HomeRequest(day: .today))
  }

  public func loadSampleData() throws {
    try database.loadSampleData()
  }

  public func deleteList(_ id: RemindersList.ID) throws {
    try database.deleteList(id)
  }

  /// Moves a list up or down the sidebar; false when it is already at that end.
  @discardableResult
  public func moveList(_ id: RemindersList.ID, _ direction: MoveDirection) throws -> Bool {
    try database.moveList(id, direction)
  }

  public func deleteTag(_ id: Tag.ID) throws {
    try database.deleteTag(id)
  }

  /// Ticks or unticks a reminder, wherever it is shown; returns its new status.
  @discardableResult
  public func toggleCompletion(_ id: Reminder.ID) throws -> Reminder.Status {
    try database.toggleCompletion(id)
  }

  /// Flags or unflags a reminder; returns whether it is now flagged.
  @discardableResult
  public func toggleFlag(_ id: Reminder.ID) throws -> Bool {
    try database.toggleFlag(id)
  }

  public func deleteReminder(_ id: Reminder.ID) throws {
    _ = try database.deleteReminders([id])
  }

  /// Undoes the last change; nil when there was none.
  public func undo() throws -> UndoOutcome? {
    try database.undo()
  }

  /// Redoes the last undone change; nil when there was none.
  public func redo() throws -> UndoOutcome? {
    try database.redo()
  }
}
