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

extension Reminder {
  /// The moments a reminder can be due: dates are stored as UTC text with a four-digit year,
  /// so from the start of the year 1 to the end of 9999, in UTC. Every way in (typing, the
  /// form, an import) is checked against this, so that no stored date fails to read back.
  public static let dueDates: ClosedRange<Date> = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    let first = calendar.date(from: DateComponents(year: 1, month: 1, day: 1))!
    let last = calendar.date(
      from: DateComponents(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59))!
    return first...last.addingTimeInterval(0.999)
  }()
}
