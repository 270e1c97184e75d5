import Foundation
import RemindersKit
import SQLiteData
import Testing

/// A form saved after another program, device or person changed the same row: only what the
/// form changed is written, and their other changes stay.
@Suite("Saving what a form changed", .dependency(\.date, .constant(fixedNow)))
struct FormEditTests {
  @Test func aReminderKeepsWhatOthersChangedMeanwhile() throws {
    let fixture = try Fixture()
    let haircut = try fixture.reminder("Haircut")
    let tags = try fixture.database.read { try Tag.of(reminder: haircut.id).fetchAll($0).map(\.title) }
    let original = ReminderFormOriginal(draft: Reminder.Draft(haircut), tags: tags)
    // Another program, while the form is open: notes, flag, priority, due date, and a tag.
    let due = Date(timeIntervalSince1970: 1_773_300_000)
    try fixture.database.write { db in
      try db.execute(
        sql: "UPDATE reminders SET notes = ?, isFlagged = 1, priority = 3, dueDate = ? WHERE id = ?",
        arguments: ["From the other program", DatabaseDateFormat.string(from: due), haircut.id])
      try ReminderTag.insert { ReminderTag.Draft(reminderID: haircut.id, tagID: "car") }.execute(db)
    }
    // The form changed the title, and took off one of its tags and added another.
    var edited = original.draft
    edited.title = "Haircut, short"
    let saved = try fixture.database.writeAction {
      try $0.saveReminder(edited, tags: Array(tags.dropFirst()) + ["kids"], since: original)
    }
    #expect(saved.title == "Haircut, short")
    #expect(saved.notes == "From the other program")
    #expect(saved.isFlagged)
    #expect(saved.priority == .high)
    #expect(saved.dueDate == due)
    let savedTags = try fixture.database.read { try Tag.of(reminder: haircut.id).fetchAll($0).map(\.title) }
    #expect(Set(savedTags) == Set(tags.dropFirst() + ["car", "kids"]))
  }

  /// A form saved as it opened writes nothing, and leaves no step to undo: text another program
  /// wrote (a carriage return, bytes that are not UTF-8) stays as it was.
  @Test func aFormThatChangedNothingWritesNothing() throws {
    let fixture = try Fixture()
    let haircut = try fixture.reminder("Haircut")
    try fixture.database.write { db in
      try db.execute(
        sql:
          "UPDATE reminders SET title = 'Hair' || CAST(X'FF' AS TEXT), notes = 'a' || char(13) || 'b' WHERE id = ?",
        arguments: [haircut.id])
    }
    let before = try fixture.database.read { db in
      try Row.fetchOne(
        db, sql: "SELECT hex(title), hex(notes) FROM reminders WHERE id = ?", arguments: [haircut.id])
    }
    let current = try #require(try fixture.database.read { try Reminder.find(haircut.id).fetchOne($0) })
    #expect(current.title == "Hair\u{FFFD}")
    let tags = try fixture.database.read { try Tag.of(reminder: haircut.id).fetchAll($0).map(\.title) }
    let original = ReminderFormOriginal(draft: Reminder.Draft(current), tags: tags)
    let undo = try fixture.database.read { try $0.undoAvailability() }
    try fixture.database.writeAction { try $0.saveReminder(original.draft, tags: tags, since: original) }
    let after = try fixture.database.read { db in
      try Row.fetchOne(
        db, sql: "SELECT hex(title), hex(notes) FROM reminders WHERE id = ?", arguments: [haircut.id])
    }
    #expect(after == before)
    #expect(try fixture.database.read { try $0.undoAvailability() } == undo)
  }

  @Test func aListKeepsTheColourOthersChose() throws {
    let fixture = try Fixture()
    let family = try fixture.list("Family")
    let original = RemindersList.Draft(family)
    try fixture.database.write { db in
      try RemindersList.find(family.id).update { $0.color = 0xEF_44_44_FF }.execute(db)
    }
    var edited = original
    edited.title = "Family!"
    let saved = try fixture.database.writeAction { try $0.saveList(edited, since: original) }
    #expect(saved.title == "Family!")
    #expect(saved.color == 0xEF_44_44_FF)
  }

  @Test func aReminderDeletedMeanwhileIsNotSaved() throws {
    let fixture = try Fixture()
    let haircut = try fixture.reminder("Haircut")
    let original = ReminderFormOriginal(draft: Reminder.Draft(haircut), tags: [])
    try fixture.database.write { try Reminder.find(haircut.id).delete().execute($0) }
    #expect(throws: ActionError.self) {
      try fixture.database.writeAction { try $0.saveReminder(original.draft, tags: [], since: original) }
    }
    #expect(try fixture.database.read { try Reminder.find(haircut.id).fetchCount($0) } == 0)
  }
}
