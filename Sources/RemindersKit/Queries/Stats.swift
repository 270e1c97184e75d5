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
  /// The counts that do not depend on the date are sums over the counts the triggers keep per
  /// list (`remindersListCounts`, a row per list); today's is counted over the `(status, dueDate)`
  /// index between the day's bounds, which reads only today's reminders. So the statement costs
  /// the same at a million reminders as at ten. "Today" is the day when the statement is built.
  public static var query: Select<Stats, Reminder, ()> { query(on: .today) }

  /// ``query`` with `day` for today.
  public static func query(on day: LocalDay) -> Select<Stats, Reminder, ()> {
    builtQueries.statement(for: day) { build(on: day) }
  }

  private static let builtQueries = BuiltStatements<LocalDay, Select<Stats, Reminder, ()>>(capacity: 4)

  private static func build(on day: LocalDay) -> Select<Stats, Reminder, ()> {
    Reminder
      .where { $0.isIncomplete && $0.isDue(on: day) }
      .select { _ in
        Stats.Columns(
          allCount: RemindersListCounts.select { $0.incompleteCount.sum() ?? 0 },
          completedCount: RemindersListCounts.select { $0.completedCount.sum() ?? 0 },
          flaggedCount: RemindersListCounts.select { $0.flaggedCount.sum() ?? 0 },
          scheduledCount: RemindersListCounts.select { $0.scheduledCount.sum() ?? 0 },
          todayCount: SQLQueryExpression<Int>("count(*)")
        )
      }
  }
}
