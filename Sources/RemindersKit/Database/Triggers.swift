import Foundation
import SQLiteData

/// The app's temporary triggers, created on the writing connection (``AppDatabase/prepare(_:scheduler:)``):
///
/// 1. a new list goes after the others; 2. a new reminder goes after the others;
/// 3. deleting the last list creates "Personal";
/// 4–8. the search index follows each reminder's title, notes (on one line) and tags (`#a #b`):
///    on insert, update and delete of reminders, and when a tag is added, removed or renamed;
/// 9. a reminder set to completing is completed when its grace period ends, unless unticked.
///
/// While undo replays a step, 1–3 stand aside so that restored rows keep their values.
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
        when: { _ in UndoLog.isNotReplaying })
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
        when: { _ in UndoLog.isNotReplaying })
    )
    .execute(db)

    // 3. There is always a list to add reminders to.
    try RemindersList.createTemporaryTrigger(
      "remindersLists_default_after_delete", ifNotExists: true,
      after: .delete(
        forEachRow: { _ in
          RemindersList.insert { RemindersList.Draft(title: RemindersList.defaultTitle) }
        },
        when: { _ in UndoLog.isNotReplaying && !RemindersList.exists() })
    )
    .execute(db)

    // 4. A new reminder enters the search index, with the tags it may already have (undo
    // restores a reminder's tags before the reminder).
    try Reminder.createTemporaryTrigger(
      "reminderTexts_after_reminder_insert", ifNotExists: true,
      after: .insert { new in
        ReminderText.insert {
          ReminderText.Columns(
            rowid: new.rowid,
            title: new.title,
            notes: Reminder.searchableNotes(new.notes),
            tags: Reminder.tagsText(reminderID: new.id)
          )
        }
      }
    )
    .execute(db)

    // 5. Its title and notes follow edits.
    try Reminder.createTemporaryTrigger(
      "reminderTexts_after_reminder_update", ifNotExists: true,
      after: .update {
        ($0.title, $0.notes)
      } forEachRow: { _, new in
        ReminderText
          .where { $0.rowid.eq(new.rowid) }
          .update {
            $0.title = new.title
            $0.notes = Reminder.searchableNotes(new.notes)
          }
      }
    )
    .execute(db)

    // 6. A deleted reminder leaves the index.
    try Reminder.createTemporaryTrigger(
      "reminderTexts_after_reminder_delete", ifNotExists: true,
      after: .delete { old in
        ReminderText
          .where { $0.rowid.eq(old.rowid) }
          .delete()
      }
    )
    .execute(db)

    // 7. A tag added to a reminder.
    try ReminderTag.createTemporaryTrigger(
      "reminderTexts_after_tag_add", ifNotExists: true,
      after: .insert { new in
        refreshTags(reminderID: new.reminderID)
      }
    )
    .execute(db)

    // 8. A tag removed from a reminder (also when the tag or the reminder is deleted).
    try ReminderTag.createTemporaryTrigger(
      "reminderTexts_after_tag_remove", ifNotExists: true,
      after: .delete { old in
        refreshTags(reminderID: old.reminderID)
      }
    )
    .execute(db)

    // 8, continued. A tag renamed: the rename cascades to `remindersTags` first, so each
    // reminder that has the tag is indexed with its new name.
    try Tag.createTemporaryTrigger(
      "reminderTexts_after_tag_rename", ifNotExists: true,
      after: .update {
        $0.title
      } forEachRow: { _, new in
        let text = ReminderText.columns
        ReminderText
          .where {
            $0.rowid.in(
              Reminder
                .where { $0.id.in(ReminderTag.where { $0.tagID.eq(new.title) }.select(\.reminderID)) }
                .select(\.rowid))
          }
          .update {
            $0.tags = Reminder.tagsText(reminderID: Reminder.where { $0.rowid.eq(text.rowid) }.select(\.id))
          }
      }
    )
    .execute(db)

    // 8, continued. A tagging moved to another reminder or tag by hand.
    try ReminderTag.createTemporaryTrigger(
      "reminderTexts_after_tagging_update", ifNotExists: true,
      after: .update { old, new in
        refreshTags(reminderID: old.reminderID)
        refreshTags(reminderID: new.reminderID)
      }
    )
    .execute(db)

    // 9. Completing: the grace period starts when a reminder is ticked (or restored ticked).
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

  /// Re-reads the tags of one reminder into its index row.
  private static func refreshTags(reminderID: some QueryExpression<UUID>) -> Update<ReminderText, ()> {
    ReminderText
      .where { $0.rowid.eq(Reminder.where { $0.id.eq(reminderID) }.select(\.rowid)) }
      .update { $0.tags = Reminder.tagsText(reminderID: reminderID) }
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
