import Foundation
import SQLiteData

/// The app's temporary triggers, created on the writing connection (``AppDatabase/prepare(_:scheduler:)``):
///
/// 1. a new list goes after the others; 2. a new reminder goes after the others;
/// 3. deleting the last list creates "Personal";
/// 4. a reminder set to completing is completed when its grace period ends, unless unticked.
///
/// The search index is kept by persistent triggers instead (``SearchIndex``), so that every
/// writer keeps it.
///
/// While undo replays a step, 1–3 stand aside so that restored rows keep their values; so they
/// do for rows the sync engine writes, which arrive from another device with their values set
/// (and where the other device made its own default list already).
enum Triggers {
  static func create(_ db: Database) throws {
    // 1. New list: after every other list.
    try RemindersList.createTemporaryTrigger(
      "remindersLists_position_after_insert", ifNotExists: true,
      after: .insert(
        forEachRow: { new in
          RemindersList
            .find(new.id)
            .update { $0.position = RemindersList.select { ($0.position.max() ?? -1) + 1 } }
        },
        when: { _ in UndoLog.isNotReplaying && !SyncEngine.isSynchronizingChanges() })
    )
    .execute(db)

    // 2. New reminder: after every other reminder.
    try Reminder.createTemporaryTrigger(
      "reminders_position_after_insert", ifNotExists: true,
      after: .insert(
        forEachRow: { new in
          Reminder
            .find(new.id)
            .update { $0.position = Reminder.select { ($0.position.max() ?? -1) + 1 } }
        },
        when: { _ in UndoLog.isNotReplaying && !SyncEngine.isSynchronizingChanges() })
    )
    .execute(db)

    // 3. There is always a list to add reminders to.
    try RemindersList.createTemporaryTrigger(
      "remindersLists_default_after_delete", ifNotExists: true,
      after: .delete(
        forEachRow: { _ in
          RemindersList.insert { RemindersList.Draft(title: RemindersList.defaultTitle) }
        },
        when: { _ in UndoLog.isNotReplaying && !SyncEngine.isSynchronizingChanges() && !RemindersList.exists()
        })
    )
    .execute(db)

    // 4. Completing: the grace period starts when a reminder is ticked (or restored ticked).
    try Reminder.createTemporaryTrigger(
      "reminders_completing_after_update", ifNotExists: true,
      after: .update(
        of: { $0.status },
        forEachRow: { _, new in completeLater(new.id) },
        when: { old, new in
          new.status.eq(Reminder.Status.completing) && old.status.neq(Reminder.Status.completing)
        })
    )
    .execute(db)
    try Reminder.createTemporaryTrigger(
      "reminders_completing_after_insert", ifNotExists: true,
      after: .insert(
        forEachRow: { new in completeLater(new.id) },
        when: { new in new.status.eq(Reminder.Status.completing) })
    )
    .execute(db)
  }

  /// `SELECT reminders_complete_later(id)`.
  private static func completeLater(_ id: some QueryExpression<UUID>) -> RawStatement {
    RawStatement(query: "SELECT \(raw: CompletionGrace.functionName)(" + id.queryFragment + ")")
  }
}

/// A statement written by hand, for trigger bodies.
struct RawStatement: SQLiteQueries.Statement {
  typealias QueryValue = ()
  let query: QueryFragment
}

extension RemindersList {
  /// The list made when the last one is deleted.
  public static let defaultTitle = "Personal"
}
