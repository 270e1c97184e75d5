import Foundation
import SQLiteData

extension DetailKind {
  /// The reminders the screen is about, whatever their status: today's, the flagged ones, a
  /// list's, those with any of the tags.
  public func matches(_ reminder: Reminder.TableColumns) -> SQLQueryExpression<Bool> {
    matches(reminder, on: .today)
  }

  /// ``matches(_:)`` with `day` for today.
  func matches(_ reminder: Reminder.TableColumns, on day: LocalDay) -> SQLQueryExpression<Bool> {
    switch self {
    case .smart(.today):
      SQLQueryExpression(reminder.isDue(on: day).queryFragment)
    case .smart(.scheduled):
      reminder.dueDate.isNot(nil)
    case .smart(.all):
      SQLQueryExpression("1")
    case .smart(.flagged):
      SQLQueryExpression(reminder.isFlagged.queryFragment)
    case .smart(.completed):
      SQLQueryExpression(reminder.isCompleted.queryFragment)
    case .list(let id):
      reminder.remindersListID.eq(id)
    case .tags(let tags):
      reminder.id.in(ReminderTag.where { $0.tagID.in(tags) }.select(\.reminderID))
    }
  }

  /// The rows the screen shows with these settings: its reminders in the chosen order, completed
  /// ones last, or without them when they are hidden.
  ///
  ///     @FetchAll(DetailKind.list(id).rows(settings)) var rows
  public func rows(_ settings: ScreenSettings) -> Select<ReminderRow, Reminder, RemindersList> {
    rows(ordering: settings.ordering, showCompleted: settings.showCompleted)
  }

  /// The rows the screen shows in `ordering`, with or without completed reminders.
  public func rows(ordering: ScreenSettings.Ordering, showCompleted: Bool)
    -> Select<ReminderRow, Reminder, RemindersList>
  {
    let showsCompleted = showCompleted || showsOnlyCompleted
    // "Today" is the one input besides the arguments (past due, due today).
    let today = LocalDay.today
    let key = RowsKey(kind: self, ordering: ordering, showsCompleted: showsCompleted, today: today)
    return Self.builtRows.statement(for: key) {
      ReminderRow.select(
        where: { reminder in
          let matches = matches(reminder, on: today)
          return showsCompleted ? matches : matches && !reminder.isSettledCompleted
        },
        ordering: ordering, readsOrderIndex: readsOrderIndex(ordering), today: today)
    }
  }

  private struct RowsKey: Hashable, Sendable {
    let kind: DetailKind
    let ordering: ScreenSettings.Ordering
    let showsCompleted: Bool
    let today: LocalDay
  }

  private static let builtRows = BuiltStatements<RowsKey, Select<ReminderRow, Reminder, RemindersList>>()

  /// Whether the screen's rows in `ordering` are read from an index of the screens' orders
  /// (`Migrations.indexOrders`): "All", today, scheduled and flagged by due date, a list by due
  /// date or by hand. The completed ones and tags, and the other orders, sort their matches.
  func readsOrderIndex(_ ordering: ScreenSettings.Ordering) -> Bool {
    switch (self, ordering) {
    case (.list, .dueDate), (.list, .manual): true
    case (.smart(.completed), _): false
    case (.smart, .dueDate): true
    default: false
    }
  }

  /// The screen's reminders in the order it shows them, as (id, position, is completed at the
  /// bottom): what moving a row by hand reorders.
  func visibleOrder(ordering: ScreenSettings.Ordering, showCompleted: Bool)
    -> Select<(UUID, Int, Bool), Reminder, RemindersList>
  {
    let showsCompleted = showCompleted || showsOnlyCompleted
    return ReminderRow.ordered(
      where: { reminder in
        showsCompleted ? matches(reminder) : matches(reminder) && !reminder.isSettledCompleted
      },
      ordering: ordering, readsOrderIndex: readsOrderIndex(ordering)
    )
    .select { reminder, _ in (reminder.id, reminder.position, reminder.isSettledCompleted) }
  }

  /// The screen's saved settings, or nil before any are saved (use ``defaultSettings`` then):
  /// `@FetchOne(kind.settings) var settings: ScreenSettings?`.
  public var settings: Select<ScreenSettings, ScreenSettings, ()> {
    ScreenSettings.find(settingsKey)
  }

  /// How many of the screen's reminders are completed and settled: the header's "N completed
  /// hidden" (or shown). One in its completing grace is still among the screen's other rows, so
  /// it is not counted twice.
  public var completedCount: Select<Int, Reminder, ()> {
    Reminder.where { matches($0) && $0.isSettledCompleted }.count()
  }
}
