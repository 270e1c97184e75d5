import Foundation
import SQLiteData

/// A reminder: a title with optional notes, due date, flag and priority, in one list.
@Table
public struct Reminder: Hashable, Identifiable, Sendable {
  public let id: UUID
  public var dueDate: Date?
  public var isFlagged = false
  public var notes = ""
  public var position = 0
  public var priority: Priority?
  public var remindersListID: RemindersList.ID
  public var status: Status = .incomplete
  public var title = ""

  public enum Priority: Int, QueryBindable, CaseIterable, Sendable {
    case low = 1
    case medium
    case high
  }

  /// `completing` is a completion that can still be undone for a few seconds; it counts as
  /// completed everywhere.
  public enum Status: Int, QueryBindable, CaseIterable, Sendable {
    case incomplete = 0
    case completed = 1
    case completing = 2
  }

  public init(
    id: UUID, dueDate: Date? = nil, isFlagged: Bool = false, notes: String = "", position: Int = 0,
    priority: Priority? = nil, remindersListID: RemindersList.ID, status: Status = .incomplete,
    title: String = ""
  ) {
    self.id = id
    self.dueDate = dueDate
    self.isFlagged = isFlagged
    self.notes = notes
    self.position = position
    self.priority = priority
    self.remindersListID = remindersListID
    self.status = status
    self.title = title
  }

  public var isCompleted: Bool { status != .incomplete }
}
