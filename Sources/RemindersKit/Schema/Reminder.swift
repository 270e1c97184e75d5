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
  /// When the reminder was completed; nil while it is not, and for completions made before this
  /// was recorded. Kept by a trigger as the status changes.
  public var completedAt: Date?

  public enum Priority: Int, QueryBindable, CaseIterable, Sendable {
    case low = 1
    case medium
    case high

    /// Read from the database, a number outside 1...3 that another program wrote (0 for "none",
    /// say, or 7) reads as the nearest priority, where ordering by priority (the stored number)
    /// places it: it does not make the row, and every screen showing it, unreadable. An archive
    /// being imported is stricter: its decoding names the bad value.
    public init(decoder: inout QueryDecoder) throws {
      self = try Self(
        rawValue: Swift.min(Swift.max(Int(decoder: &decoder), Self.low.rawValue), Self.high.rawValue))!
    }
  }

  /// `completing` is a completion that can still be undone for a few seconds; it counts as
  /// completed everywhere.
  public enum Status: Int, QueryBindable, CaseIterable, Sendable {
    case incomplete = 0
    case completed = 1
    case completing = 2

    /// Read from the database, any status but 0 and 2 is completed, as the counts and screens'
    /// SQL judge it (`status <> 0`): a value another program wrote (5, say) does not make the row
    /// unreadable. An archive being imported is stricter: its decoding names the bad value.
    public init(decoder: inout QueryDecoder) throws {
      switch try Int(decoder: &decoder) {
      case 0: self = .incomplete
      case 2: self = .completing
      default: self = .completed
      }
    }
  }

  public init(
    id: UUID, dueDate: Date? = nil, isFlagged: Bool = false, notes: String = "", position: Int = 0,
    priority: Priority? = nil, remindersListID: RemindersList.ID, status: Status = .incomplete,
    title: String = "", completedAt: Date? = nil
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
    self.completedAt = completedAt
  }

  public var isCompleted: Bool { status != .incomplete }
}

extension Reminder {
  /// The moments a reminder can be due: dates are stored as UTC text with a four-digit year,
  /// so from the start of the year 1 to the end of 9999, in UTC. Every way in (typing, the
  /// form, an import) is checked against this, so that no stored date fails to read back.
  public static let dueDates: ClosedRange<Date> =
    // 0001-01-01 00:00:00.000 and 9999-12-31 23:59:59.999 UTC in the proleptic Gregorian calendar
    // the stored text uses (Foundation's Gregorian calendar is Julian before 1582).
    Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799.999)
}
