import Foundation
import SQLiteData

/// How many reminders of one list are in each of the sidebar's counts, kept by persistent triggers
/// on `reminders` (see `LiveCounts`), so that the live counts read one row per list instead of
/// every reminder. A row exists for each list id that has reminders with a known status.
@Table("remindersListCounts")
public struct RemindersListCounts: Hashable, Sendable {
  @Column(primaryKey: true)
  public let remindersListID: RemindersList.ID
  /// Reminders not completed (`status = 0`).
  public var incompleteCount = 0
  /// Incomplete reminders that are flagged.
  public var flaggedCount = 0
  /// Incomplete reminders with a due date.
  public var scheduledCount = 0
  /// Completed or completing reminders.
  public var completedCount = 0

  public init(
    remindersListID: RemindersList.ID, incompleteCount: Int = 0, flaggedCount: Int = 0,
    scheduledCount: Int = 0,
    completedCount: Int = 0
  ) {
    self.remindersListID = remindersListID
    self.incompleteCount = incompleteCount
    self.flaggedCount = flaggedCount
    self.scheduledCount = scheduledCount
    self.completedCount = completedCount
  }
}
