import Foundation
import SQLiteData

/// The search index (`reminderTexts`, FTS5 with trigrams) holds each reminder's title, notes on
/// one line and tags as `#a #b`, under the reminder's rowid. It is kept by **persistent** triggers,
/// like the live counts, so that every writer keeps it right: this app, its command line, the
/// `sqlite3` shell, another program. They call no function of the app's, so any connection can
/// run them.
enum SearchIndex {
  /// Creates the triggers if missing.
  static func createTriggers(_ db: Database) throws {
    // A new reminder enters the search index, with the tags it may already have (undo
    // restores a reminder's tags before the reminder).
    try SchemaTrigger(
      Reminder.createTemporaryTrigger(
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
    )
    .execute(db)

    // Its title and notes follow edits.
    try SchemaTrigger(
      Reminder.createTemporaryTrigger(
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
    )
    .execute(db)

    // A deleted reminder leaves the index.
    try SchemaTrigger(
      Reminder.createTemporaryTrigger(
        "reminderTexts_after_reminder_delete", ifNotExists: true,
        after: .delete { old in
          ReminderText
            .where { $0.rowid.eq(old.rowid) }
            .delete()
        }
      )
    )
    .execute(db)

    // A tag added to a reminder.
    try SchemaTrigger(
      ReminderTag.createTemporaryTrigger(
        "reminderTexts_after_tag_add", ifNotExists: true,
        after: .insert { new in
          refreshTags(reminderID: new.reminderID)
        }
      )
    )
    .execute(db)

    // A tag removed from a reminder (also when the tag or the reminder is deleted).
    try SchemaTrigger(
      ReminderTag.createTemporaryTrigger(
        "reminderTexts_after_tag_remove", ifNotExists: true,
        after: .delete { old in
          refreshTags(reminderID: old.reminderID)
        }
      )
    )
    .execute(db)

    // A tag renamed: the rename cascades to `remindersTags` first, so each
    // reminder that has the tag is indexed with its new name.
    try SchemaTrigger(
      Tag.createTemporaryTrigger(
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
    )
    .execute(db)

    // A tagging moved to another reminder or tag by hand.
    try SchemaTrigger(
      ReminderTag.createTemporaryTrigger(
        "reminderTexts_after_tagging_update", ifNotExists: true,
        after: .update { old, new in
          refreshTags(reminderID: old.reminderID)
          refreshTags(reminderID: new.reminderID)
        }
      )
    )
    .execute(db)
  }

  /// Fills the index from the reminders, whatever it held: for a file written by a program that
  /// did not keep it.
  static func rebuild(_ db: Database) throws {
    try ReminderText.delete().execute(db)
    try #sql(
      """
      INSERT INTO "reminderTexts" ("rowid", "title", "notes", "tags")
      SELECT \(Reminder.rowid), \(Reminder.title), \(Reminder.columns.searchableNotes),
        \(Reminder.columns.tagsText)
      FROM \(Reminder.self)
      """
    )
    .execute(db)
  }

  /// Re-reads the tags of one reminder into its index row.
  private static func refreshTags(reminderID: some QueryExpression<UUID>) -> Update<ReminderText, ()> {
    ReminderText
      .where { $0.rowid.eq(Reminder.where { $0.id.eq(reminderID) }.select(\.rowid)) }
      .update { $0.tags = Reminder.tagsText(reminderID: reminderID) }
  }
}

/// A trigger written with the query builder's trigger syntax, stored in the schema instead of on
/// one connection.
private struct SchemaTrigger<On: Table> {
  let trigger: TemporaryTrigger<On>

  init(_ trigger: TemporaryTrigger<On>) { self.trigger = trigger }

  func execute(_ db: Database) throws {
    let temporary = "CREATE TEMPORARY TRIGGER"
    let sql = trigger.query.inlinedSQL
    precondition(sql.hasPrefix(temporary), "a trigger statement starts with \(temporary)")
    try db.execute(sql: "CREATE TRIGGER" + sql.dropFirst(temporary.count))
  }
}
