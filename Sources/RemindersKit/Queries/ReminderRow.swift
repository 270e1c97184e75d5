import Foundation
import SQLiteData

/// A reminder as a detail screen or a search lists it: with its list, its tags and whether it is
/// past due.
@Selection
public struct ReminderRow: Hashable, Identifiable, Sendable {
  public var reminder: Reminder
  public var remindersList: RemindersList
  /// `#a #b`, ordered by title; empty when it has none.
  public var tags: String
  public var isPastDue: Bool

  public var id: Reminder.ID { reminder.id }

  /// The tag titles, without their `#`.
  public var tagTitles: [String] {
    tags.split(separator: " ").map { String($0.dropFirst()) }
  }
}

extension ReminderRow {
  /// Reminders matching `condition` with their lists, in `ordering`, completed reminders last.
  static func ordered(
    where condition: @escaping (Reminder.TableColumns) -> SQLQueryExpression<Bool>,
    ordering: ScreenSettings.Ordering
  ) -> Select<(Reminder, RemindersList), Reminder, RemindersList> {
    Reminder
      .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
      .where { reminder, _ in condition(reminder) }
      .order { reminder, _ in
        reminder.isSettledCompleted
        switch ordering {
        case .dueDate:
          (reminder.dueDate.asc(nulls: .last), reminder.position)
        case .manual:
          reminder.position
        case .priority:
          (reminder.priority.desc(nulls: .last), reminder.isFlagged.desc(), reminder.position)
        case .title:
          (reminder.title.collate(.nocase), reminder.position)
        }
      }
  }

  /// The rows of reminders matching `condition`, in `ordering`, completed reminders last, past due
  /// as of `today`.
  static func select(
    where condition: @escaping (Reminder.TableColumns) -> SQLQueryExpression<Bool>,
    ordering: ScreenSettings.Ordering, today: LocalDay = .today
  ) -> Select<ReminderRow, Reminder, RemindersList> {
    ordered(where: condition, ordering: ordering)
      .select { reminder, list in
        ReminderRow.Columns(
          reminder: reminder, remindersList: list, tags: reminder.tagsText,
          isPastDue: reminder.isPastDue(on: today))
      }
  }
}
