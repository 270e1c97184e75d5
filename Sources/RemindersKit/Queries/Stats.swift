import Foundation
import SQLiteData

/// The counts the sidebar shows beside the smart lists.
@Selection
public struct Stats: Hashable, Sendable {
  /// Incomplete reminders.
  public var allCount = 0
  /// Completed (or completing) reminders.
  public var completedCount = 0
  /// Incomplete flagged reminders.
  public var flaggedCount = 0
  /// Incomplete reminders with a due date.
  public var scheduledCount = 0
  /// Incomplete reminders due today.
  public var todayCount = 0

  public init(
    allCount: Int = 0, completedCount: Int = 0, flaggedCount: Int = 0, scheduledCount: Int = 0,
    todayCount: Int = 0
  ) {
    self.allCount = allCount
    self.completedCount = completedCount
    self.flaggedCount = flaggedCount
    self.scheduledCount = scheduledCount
    self.todayCount = todayCount
  }

  /// The count shown beside a smart list (the completed list shows its own too, for scripts).
  public func count(for list: SmartList) -> Int {
    switch list {
    case .today: todayCount
    case .scheduled: scheduledCount
    case .all: allCount
    case .flagged: flaggedCount
    case .completed: completedCount
    }
  }
}

extension Stats {
  /// Every count in one statement, for `@FetchOne(Stats.query) var stats = Stats()`.
  ///
  /// Each count is its own subquery so that each reads only an index (covering: `count(*)`, not
  /// `count(id)`) instead of all of them sharing one scan of the table: at a million reminders the
  /// sidebar stays live. "Today" is the day when the statement is built.
  public static var query: Select<Stats, Reminder, ()> {
    Reminder
      .where { $0.isIncomplete }
      .select { _ in
        Stats.Columns(
          allCount: SQLQueryExpression<Int>("count(*)"),
          completedCount: Reminder.where { $0.status.in([Reminder.Status.completed, .completing]) }.count(),
          flaggedCount: Reminder.where { $0.isFlagged && $0.isIncomplete }.count(),
          scheduledCount: Reminder.where { $0.isScheduled }.count(),
          todayCount: Reminder.where { $0.isToday }.count()
        )
      }
  }
}
