import Foundation
import SQLiteData

// The derived facts about a reminder, as query expressions, so that every screen, count and
// command means the same thing by them. "Today" is read from the dependencies when the query is
// built: a live query built before midnight keeps that day until it is built again.

extension Reminder.TableColumns {
  /// Completed or completing: `status <> 0`.
  public var isCompleted: some QueryExpression<Bool> {
    status.neq(Reminder.Status.incomplete)
  }

  /// Not completed: `status = 0`, the form the `(status, …)` indexes can seek.
  public var isIncomplete: some QueryExpression<Bool> {
    status.eq(Reminder.Status.incomplete)
  }

  /// Not completed and due before today began (false, never NULL, without a due date).
  public var isPastDue: some QueryExpression<Bool> { isPastDue(on: .today) }

  /// Not completed and due before `day` began.
  public func isPastDue(on day: LocalDay) -> some QueryExpression<Bool> {
    isIncomplete && dueDate.isNot(nil) && dueDate.lt(day.start)
  }

  /// Not completed and due today.
  public var isToday: some QueryExpression<Bool> {
    isIncomplete && isDueToday
  }

  /// Due today, whatever the status.
  public var isDueToday: some QueryExpression<Bool> { isDue(on: .today) }

  /// Due on `day`, whatever the status.
  public func isDue(on day: LocalDay) -> some QueryExpression<Bool> {
    dueDate.isNot(nil) && dueDate.gte(day.start) && dueDate.lt(day.end)
  }

  /// Not completed and has a due date.
  public var isScheduled: some QueryExpression<Bool> {
    isIncomplete && dueDate.isNot(nil)
  }

  /// Whether a screen lists the reminder among the completed ones, at the bottom (and hides it
  /// when completed reminders are hidden). A reminder in its completing grace period stays where
  /// it was, ticked, so that it can be unticked; it counts as completed everywhere else.
  public var isSettledCompleted: some QueryExpression<Bool> {
    status.eq(Reminder.Status.completed)
  }

  /// The reminder's tags as the search index and the rows show them: `#a #b`, ordered by title
  /// without regard to case; empty when it has none.
  public var tagsText: SQLQueryExpression<String> {
    Reminder.tagsText(reminderID: id)
  }

  /// The notes on one line, as the search index holds them: newlines become spaces.
  public var searchableNotes: SQLQueryExpression<String> {
    Reminder.searchableNotes(notes)
  }
}

extension Reminder {
  /// `#a #b` for the reminder with this id (a column, or `new.reminderID` in a trigger).
  static func tagsText(reminderID: some QueryExpression<UUID>) -> SQLQueryExpression<String> {
    #sql(
      """
      coalesce((SELECT group_concat('#' || "tagID", ' ') FROM (\
      SELECT "tagID" FROM "remindersTags" WHERE "reminderID" = \(reminderID) \
      ORDER BY "tagID" COLLATE NOCASE)), '')
      """
    )
  }

  /// Notes with line breaks turned into spaces.
  static func searchableNotes(_ notes: some QueryExpression<String>) -> SQLQueryExpression<String> {
    #sql("replace(replace(\(notes), char(13), ' '), char(10), ' ')")
  }
}
