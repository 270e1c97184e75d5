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

extension Reminder.TableColumns {
  /// Completed reminders last, in one of two forms that sort alike: `"status" = 1` with the 1
  /// written in, the expression the order indexes are made of (`Migrations.indexOrders`; SQLite
  /// matches an index only to the same expression), or with the 1 bound, which no index matches.
  fileprivate func settledCompletedLast(readsIndex: Bool) -> SQLQueryExpression<Bool> {
    readsIndex
      ? SQLQueryExpression(status.queryFragment + " = \(raw: Reminder.Status.completed.rawValue)")
      : SQLQueryExpression(isSettledCompleted.queryFragment)
  }
}

/// `x IS NULL`: sorting by it, then by `x`, puts NULLs last as `ASC NULLS LAST` does, in a form an
/// index can give in order.
private func isNull(_ expression: some QueryExpression) -> SQLQueryExpression<Bool> {
  SQLQueryExpression(expression.queryFragment + " IS NULL")
}

extension ReminderRow {
  /// Reminders matching `condition` with their lists, in `ordering`, completed reminders last.
  ///
  /// With `readsOrderIndex`, the order is written so that SQLite reads it from an index of the
  /// screens' orders, and a window of the first rows reads those rows alone, whatever the number
  /// of reminders. Only where such an index gives the whole order and the rows come early in it
  /// (see ``DetailKind/readsOrderIndex(_:)``): elsewhere SQLite would read the index for the
  /// first term alone and sort the rest a group at a time, slower than sorting the matches.
  static func ordered(
    where condition: @escaping (Reminder.TableColumns) -> SQLQueryExpression<Bool>,
    ordering: ScreenSettings.Ordering, readsOrderIndex: Bool = false
  ) -> Select<(Reminder, RemindersList), Reminder, RemindersList> {
    Reminder
      .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
      .where { reminder, _ in condition(reminder) }
      .order { reminder, _ in
        orderTerms(reminder, ordering, readsOrderIndex: readsOrderIndex, reversed: false)
      }
  }

  /// The rowids of the reminders matching `condition` in `ordering` (or its reverse), completed
  /// last: what a window of a long screen skips through. Only the reminders table is read, and
  /// where an order index serves, only that index (it holds the rowids), so skipping a million
  /// rows reads no row. Reversed, the end of a screen is as near as its start.
  static func orderedRowIDs(
    where condition: @escaping (Reminder.TableColumns) -> SQLQueryExpression<Bool>,
    ordering: ScreenSettings.Ordering, readsOrderIndex: Bool, reversed: Bool
  ) -> Select<Int, Reminder, ()> {
    Reminder
      .where { condition($0) }
      .order { orderTerms($0, ordering, readsOrderIndex: readsOrderIndex, reversed: reversed) }
      .select(\.rowid)
  }

  /// The ORDER BY terms of a screen's order, completed reminders last, then the rowid, so that the
  /// order is total; `reversed`, each term's direction (and where NULLs go) is flipped.
  private static func orderTerms(
    _ reminder: Reminder.TableColumns, _ ordering: ScreenSettings.Ordering, readsOrderIndex: Bool,
    reversed: Bool
  ) -> SQLQueryExpression<Void> {
    let ascending = reversed ? " DESC" : ""
    let descending = reversed ? "" : " DESC"
    var terms: [QueryFragment] = [
      reminder.settledCompletedLast(readsIndex: readsOrderIndex).queryFragment + QueryFragment(ascending)
    ]
    switch ordering {
    case .dueDate:
      terms += [
        isNull(reminder.dueDate).queryFragment + QueryFragment(ascending),
        reminder.dueDate.queryFragment + QueryFragment(ascending),
        reminder.position.queryFragment + QueryFragment(ascending),
      ]
    case .manual:
      terms += [reminder.position.queryFragment + QueryFragment(ascending)]
    case .priority:
      terms += [
        reminder.priority.queryFragment
          + QueryFragment(descending + (reversed ? " NULLS FIRST" : " NULLS LAST")),
        reminder.isFlagged.queryFragment + QueryFragment(descending),
        reminder.position.queryFragment + QueryFragment(ascending),
      ]
    case .title:
      terms += [
        reminder.title.collate(.nocase).queryFragment + QueryFragment(ascending),
        reminder.position.queryFragment + QueryFragment(ascending),
      ]
    }
    // Last, the rowid: rows that tie on every term keep one order, the same read from either end.
    terms.append(reminder.rowid.queryFragment + QueryFragment(ascending))
    return SQLQueryExpression(terms.joined(separator: ", "))
  }

  /// The rows of reminders matching `condition`, in `ordering`, completed reminders last, past due
  /// as of `today`.
  static func select(
    where condition: @escaping (Reminder.TableColumns) -> SQLQueryExpression<Bool>,
    ordering: ScreenSettings.Ordering, readsOrderIndex: Bool = false, today: LocalDay = .today
  ) -> Select<ReminderRow, Reminder, RemindersList> {
    ordered(where: condition, ordering: ordering, readsOrderIndex: readsOrderIndex)
      .select { reminder, list in
        ReminderRow.Columns(
          reminder: reminder, remindersList: list, tags: reminder.tagsText,
          isPastDue: reminder.isPastDue(on: today))
      }
  }
}
