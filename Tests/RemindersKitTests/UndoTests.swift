import Foundation
import RemindersKit
import SQLiteData
import Synchronization
import Testing

@Suite("Undo and redo restore every row exactly", .fixedClock)
struct UndoTests {
  /// Runs `action`, then checks that undo restores the database as it was (every table, rowids,
  /// search index) and that redo brings back what the action made, twice over.
  func checkUndoRedo<Result>(
    _ fixture: Fixture, _ label: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ action: () throws -> Result
  ) throws {
    let before = try fixture.snapshot()
    _ = try action()
    let after = try fixture.snapshot()
    #expect(before != after, "the action changed nothing", sourceLocation: sourceLocation)
    let recorded = try fixture.database.undoAvailability().undoLabel
    #expect(recorded == label, sourceLocation: sourceLocation)
    for _ in 1...2 {
      #expect(
        try fixture.database.writeAction { try $0.undo() }?.message == "Undid \(label)",
        sourceLocation: sourceLocation)
      #expect(try fixture.snapshot() == before, "undo", sourceLocation: sourceLocation)
      #expect(try fixture.database.undoAvailability().redoLabel == label, sourceLocation: sourceLocation)
      #expect(
        try fixture.database.writeAction { try $0.redo() }?.message == "Redid \(label)",
        sourceLocation: sourceLocation)
      #expect(try fixture.snapshot() == after, "redo", sourceLocation: sourceLocation)
    }
  }

  @Test func lists() throws {
    let fixture = try Fixture()
    try checkUndoRedo(fixture, "New List “Work”") {
      try fixture.database.writeAction { try $0.addList(title: "Work") }
    }
    let family = try fixture.list("Family")
    try checkUndoRedo(fixture, "Edit List “Family”") {
      var draft = RemindersList.Draft(family)
      draft.title = "Home"
      draft.color = 0x65c4_66ff
      try fixture.database.writeAction { try $0.saveList(draft) }
    }
    try checkUndoRedo(fixture, "Reorder Lists") {
      try fixture.database.writeAction { try $0.reorderLists([try fixture.list("Business").id]) }
    }
    try checkUndoRedo(fixture, "Move “Personal” Down") {
      try fixture.database.writeAction { try $0.moveList(try fixture.list("Personal").id, .down) }
    }
  }

  @Test func deletingAListWithItsRemindersAndTags() throws {
    let fixture = try Fixture()
    let personal = try fixture.list("Personal").id
    try fixture.database.writeAction { try $0.setOrdering(.title, for: .list(personal)) }
    try checkUndoRedo(fixture, "Delete List “Personal”") {
      try fixture.database.writeAction { try $0.deleteList(personal) }
    }
    // The rows' inverses share a statement per table and change, their values in the log: undo
    // prepares a few statements, whatever the number of rows.
    let inverses = try fixture.database.writeWithoutTransaction { db in
      try Row.fetchOne(
        db,
        sql:
          #"SELECT count(DISTINCT "sql"), count(*) FROM "undoLog" WHERE "step" = (SELECT max("step") FROM "undoLog")"#
      )
    }
    #expect(try inverses?.decode(Int.self, at: 0) == 4)  // the list, its reminders, tags, settings
    #expect(try inverses?.decode(Int.self, at: 1) ?? 0 > 10)
    try fixture.database.writeAction { try $0.undo() }
    #expect(try fixture.search("#someday").results.map(\.row.reminder.title) == ["Groceries", "Haircut"])
    #expect(try fixture.database.settings(for: .list(personal)).ordering == .title)
  }

  @Test func deletingTheLastList() throws {
    let fixture = try Fixture()
    try fixture.database.writeAction { try $0.deleteList(try fixture.list("Family").id) }
    try fixture.database.writeAction { try $0.deleteList(try fixture.list("Business").id) }
    let personal = try fixture.list("Personal")
    try checkUndoRedo(fixture, "Delete List “Personal”") {
      try fixture.database.writeAction { try $0.deleteList(personal.id) }
    }
    #expect(try fixture.database.read { try RemindersList.fetchAll($0) }.map(\.title) == ["Personal"])
    try fixture.database.writeAction { try $0.undo() }
    #expect(try fixture.database.read { try RemindersList.fetchAll($0) } == [personal])
  }

  @Test func tags() throws {
    let fixture = try Fixture()
    try checkUndoRedo(fixture, "New Tag “#errands”") {
      try fixture.database.writeAction { try $0.addTag("errands") }
    }
    try checkUndoRedo(fixture, "Rename Tag “#someday” to “#later”") {
      try fixture.database.writeAction { try $0.renameTag("someday", to: "later") }
    }
    try checkUndoRedo(fixture, "Rename Tag “#social” to “#Social”") {
      try fixture.database.writeAction { try $0.renameTag("social", to: "Social") }
    }
    try checkUndoRedo(fixture, "Delete Tag “#adulting”") {
      try fixture.database.writeAction { try $0.deleteTag("adulting") }
    }
    #expect(try fixture.search("#later").results.count == 2)
  }

  @Test func reminders() throws {
    let fixture = try Fixture()
    let business = try fixture.list("Business")
    try checkUndoRedo(fixture, "New Reminder “Invoice”") {
      try fixture.database.writeAction {
        try $0.saveReminder(
          Reminder.Draft(dueDate: fixedNow, remindersListID: business.id, title: "Invoice"),
          tags: ["money", "social"])
      }
    }
    let groceries = try fixture.reminder("Groceries")
    try checkUndoRedo(fixture, "Edit “Groceries”") {
      var draft = Reminder.Draft(groceries)
      draft.title = "Market"
      draft.notes = "Fish"
      draft.remindersListID = business.id
      draft.priority = .medium
      try fixture.database.writeAction { try $0.saveReminder(draft, tags: ["someday", "weekend"]) }
    }
    let haircut = try fixture.reminder("Haircut").id
    try checkUndoRedo(fixture, "Complete “Haircut”") {
      try fixture.database.writeAction { try $0.toggleCompletion(haircut) }
    }
    let walk = try fixture.reminder("Take a walk").id
    try checkUndoRedo(fixture, "Mark “Take a walk” Incomplete") {
      try fixture.database.writeAction { try $0.toggleCompletion(walk) }
    }
    try checkUndoRedo(fixture, "Complete 2 Reminders") {
      try fixture.database.writeAction {
        try $0.completeReminders([
          haircut, try fixture.reminder("Buy concert tickets").id, try fixture.reminder("Get laundry").id,
        ])
      }
    }
    try fixture.database.writeAction { try $0.undo() }
    try checkUndoRedo(fixture, "Unflag “Haircut”") {
      try fixture.database.writeAction { try $0.toggleFlag(haircut) }
    }
    try checkUndoRedo(fixture, "Flag “Take a walk”") {
      try fixture.database.writeAction { try $0.toggleFlag(walk) }
    }
    try checkUndoRedo(fixture, "Delete “Haircut”") {
      try fixture.database.writeAction { try $0.deleteReminders([haircut]) }
    }
    try checkUndoRedo(fixture, "Delete 2 Reminders") {
      try fixture.database.writeAction {
        try $0.deleteReminders([
          try fixture.reminder("Prepare for WWDC").id, try fixture.reminder("Take out trash").id,
        ])
      }
    }
  }

  @Test func movesSettingsClearingAndSampleData() throws {
    let fixture = try Fixture()
    let personal = DetailKind.list(try fixture.list("Personal").id)
    try checkUndoRedo(fixture, "Move “Haircut” Down") {
      try fixture.database.writeAction {
        try $0.moveReminder(try fixture.reminder("Haircut").id, .down, in: .smart(.all))
      }
    }
    try checkUndoRedo(fixture, "Sort by Priority") {
      try fixture.database.writeAction { try $0.setOrdering(.priority, for: personal) }
    }
    try checkUndoRedo(fixture, "Show Completed") {
      try fixture.database.writeAction { try $0.setShowCompleted(true, for: personal) }
    }
    try checkUndoRedo(fixture, "Clear 3 Completed Reminders") {
      try fixture.database.writeAction { try $0.clearCompleted(matching: SearchQuery("e"), olderThan: .all) }
    }
    let empty = try Fixture(sample: false)
    #expect(try empty.database.isEmpty())
    try checkUndoRedo(empty, "Load Sample Data") {
      try empty.database.writeAction { try $0.loadSampleData() }
    }
  }

  /// An import inserts new reminders in bulk and updates existing ones; one undo takes all of it
  /// back, search index and counts included, and redo brings the same rows back.
  @Test func aBulkImport() throws {
    let fixture = try Fixture()
    var archive = try fixture.database.archive()
    let list = try #require(archive.lists.first)
    archive.reminders[0].title = "Renamed by the import"
    archive.tags.append(Tag(title: "imported"))
    for number in 1...600 {
      let id = UUID()
      archive.reminders.append(
        Reminder(
          id: id, dueDate: number.isMultiple(of: 2) ? Date(timeIntervalSince1970: 1_900_000_000) : nil,
          isFlagged: number.isMultiple(of: 5), position: 100 + number, remindersListID: list.id,
          status: number.isMultiple(of: 4) ? .completed : .incomplete, title: "Imported \(number)"))
      archive.reminderTags.append(ReminderTag(id: UUID(), reminderID: id, tagID: "imported"))
      archive.reminderTags.append(ReminderTag(id: UUID(), reminderID: id, tagID: "Someday"))
    }
    try checkUndoRedo(fixture, "Import 611 Reminders") {
      // Many rows a statement, and a few statements to undo them: not a statement (and an undo
      // record) per row.
      let statements = Mutex(0)
      try fixture.database.writeWithoutTransaction { db in
        db.trace { event in if !event.sql.hasPrefix("--") { statements.withLock { $0 += 1 } } }
      }
      let summary = try fixture.database.writeAction { try $0.importArchive(archive) }
      try fixture.database.writeWithoutTransaction { db in db.trace(nil) }
      #expect(summary.remindersAdded == 600)
      #expect(summary.remindersUpdated == 11)
      #expect(statements.withLock { $0 } < 100)
      let undoRecords = try fixture.database.writeWithoutTransaction { db in
        try Int.fetchOne(db, sql: #"SELECT count(*) FROM "undoLog""#)
      }
      #expect((undoRecords ?? .max) < 100)
    }
    #expect(try fixture.search("Imported 599 #imported #someday").results.count == 1)
    #expect(try fixture.database.read(countDifferences) == [])
  }

  /// Another program's writes between a step and its undo: a deleted reminder's rowid taken by a
  /// new row, and a deleted reminder put back under its id.
  @Test func undoAfterAnotherProgramsWrites() throws {
    let fixture = try Fixture()
    let db = fixture.database
    let list = try fixture.list("Personal")
    // The reminder with the largest rowid, whose rowid the next insert takes once it is deleted.
    let last = try #require(try db.read { try Reminder.order { $0.rowid.desc() }.fetchOne($0) })
    try db.writeAction { try $0.toggleFlag(fixture.reminder("Groceries").id) }
    try db.writeAction { try $0.deleteReminders([last.id]) }
    // Another program's insert, not recorded: it takes the freed rowid.
    try db.write { db in
      try Reminder.insert { Reminder.Draft(remindersListID: list.id, title: "From elsewhere") }.execute(db)
    }
    #expect(try db.writeAction { try $0.undo() }?.message == "Undid Delete “\(last.title)”")
    #expect(try fixture.reminder(last.title).id == last.id)
    #expect(try fixture.reminder("From elsewhere").title == "From elsewhere")

    // Deleted again, then put back by another program under the same id: the undo cannot insert
    // it a second time. It says so, drops that step, and the step before it still undoes.
    try db.writeAction { try $0.deleteReminders([last.id]) }
    try db.write { db in try Reminder.insert { last }.execute(db) }
    let failed = try db.writeAction { try $0.undo() }?.message
    #expect(
      failed
        == "Could not undo Delete “\(last.title)”: another program has changed the same reminders or lists since. It "
        + "is dropped; the steps before it remain")
    #expect(try db.undoAvailability().undoLabel == "Flag “Groceries”")
    #expect(try db.writeAction { try $0.undo() }?.message == "Undid Flag “Groceries”")
    #expect(try !fixture.reminder("Groceries").isFlagged)

    // A reminder deleted, then its list deleted by another program: putting it back would break
    // a reference, found only at commit. That step is dropped too, not left failing on top.
    let business = try fixture.list("Business")
    let call = try fixture.reminder("Call accountant")
    try db.writeAction { try $0.toggleFlag(call.id) }
    try db.writeAction { try $0.deleteReminders([call.id]) }
    try db.write { db in try RemindersList.find(business.id).delete().execute(db) }
    #expect(
      try db.writeAction { try $0.undo() }?.message
        == "Could not undo Delete “Call accountant”: another program has changed the same reminders or lists since. It "
        + "is dropped; the steps before it remain")
    #expect(try db.undoAvailability().undoLabel == "Flag “Call accountant”")
    #expect(try db.read { try RemindersList.find(business.id).fetchCount($0) } == 0)
    // The reminder went with its list: undoing its flag changes nothing, and says so.
    #expect(
      try db.writeAction { try $0.undo() }?.message
        == "Could not undo Flag “Call accountant”: another program has changed the same reminders or lists since. It "
        + "is dropped; the steps before it remain")
  }

  /// Undoing what made a row deletes it: not when another program changed that row since, nor
  /// when the deletion would take rows another program added under it. The step is dropped,
  /// saying so, and their work stays.
  @Test func undoingWhatMadeARowKeepsWhatOthersDidWithIt() throws {
    let fixture = try Fixture()
    let db = fixture.database
    let refused = { (label: String) in
      "Could not undo \(label): another program has changed the same reminders or lists since. It is dropped; the "
        + "steps before it remain"
    }
    // A new list that another program put a reminder in.
    let garden = try db.writeAction { try $0.addList(title: "Garden") }
    try db.write { db in
      try Reminder.insert { Reminder.Draft(remindersListID: garden.id, title: "Roses") }.execute(db)
    }
    #expect(try db.writeAction { try $0.undo() }?.message == refused("New List “Garden”"))
    #expect(try fixture.reminder("Roses").remindersListID == garden.id)

    // A copy, then edited by another program.
    let copies = try db.writeAction { try $0.duplicateReminders([fixture.reminder("Haircut").id]) }
    try db.write { db in
      try Reminder.find(copies[0]).update { $0.notes = "Typed elsewhere" }.execute(db)
    }
    #expect(try db.writeAction { try $0.undo() }?.message == refused("Duplicate “Haircut”"))
    #expect(try db.read { try Reminder.find(copies[0]).fetchOne($0)?.notes } == "Typed elsewhere")

    // A new tag on two reminders, which another program put on a third.
    let two = [try fixture.reminder("Groceries").id, try fixture.reminder("Haircut").id]
    _ = try db.writeAction { try $0.toggleTag("errands", on: two) }
    let third = try fixture.reminder("Call accountant").id
    try db.write { db in
      try ReminderTag.insert { ReminderTag.Draft(reminderID: third, tagID: "errands") }.execute(db)
    }
    #expect(try db.writeAction { try $0.undo() }?.message == refused("Tag 2 Reminders “#errands”"))
    #expect(try db.read { try ReminderTag.where { $0.reminderID.eq(third) }.fetchCount($0) } == 1)

    // An edit whose column another program changed since: refused, their title stays.
    let call = try fixture.reminder("Call accountant").id
    _ = try db.writeAction { try $0.renameReminder(call, to: "Call the accountant") }
    try db.write { try Reminder.find(call).update { $0.title = "Call Ann" }.execute($0) }
    #expect(
      try db.writeAction { try $0.undo() }?.message
        == refused("Rename “Call accountant” to “Call the accountant”"))
    #expect(try db.read { try Reminder.find(call).fetchOne($0)?.title } == "Call Ann")
    // Another column changed since: the undo restores the title alone, and their notes stay.
    _ = try db.writeAction { try $0.renameReminder(call, to: "Call Ann today") }
    try db.write { try Reminder.find(call).update { $0.notes = "About the roof" }.execute($0) }
    #expect(try db.writeAction { try $0.undo() }?.message == "Undid Rename “Call Ann” to “Call Ann today”")
    let restored = try #require(try db.read { try Reminder.find(call).fetchOne($0) })
    #expect(restored.title == "Call Ann" && restored.notes == "About the roof")

    // Untouched since, a new reminder is undone as before.
    _ = try db.writeAction {
      try $0.saveReminder(Reminder.Draft(remindersListID: garden.id, title: "Tulips"))
    }
    #expect(try db.writeAction { try $0.undo() }?.message == "Undid New Reminder “Tulips”")
  }

  /// Redo checks the rows undo left as undo checks the step's: what undo put back, or a column it
  /// restored, that another program changed since is not redone over their change.
  @Test func redoKeepsWhatOthersDidSinceTheUndo() throws {
    let fixture = try Fixture()
    let db = fixture.database
    let refused = { (label: String) in
      "Could not redo \(label): another program has changed the same reminders or lists since. It is dropped"
    }
    // A deletion undone, then the reminder it put back edited by another program.
    let haircut = try fixture.reminder("Haircut").id
    try db.writeAction { try $0.deleteReminders([haircut]) }
    #expect(try db.writeAction { try $0.undo() }?.message == "Undid Delete “Haircut”")
    try db.write { try Reminder.find(haircut).update { $0.notes = "Typed elsewhere" }.execute($0) }
    #expect(try db.writeAction { try $0.redo() }?.message == refused("Delete “Haircut”"))
    #expect(try db.read { try Reminder.find(haircut).fetchOne($0)?.notes } == "Typed elsewhere")
    #expect(try db.undoAvailability().redoLabel == nil)

    // A rename undone, then the title it restored changed by another program.
    let call = try fixture.reminder("Call accountant").id
    _ = try db.writeAction { try $0.renameReminder(call, to: "Call the accountant") }
    #expect(
      try db.writeAction { try $0.undo() }?.message
        == "Undid Rename “Call accountant” to “Call the accountant”")
    try db.write { try Reminder.find(call).update { $0.title = "Call Ann" }.execute($0) }
    #expect(
      try db.writeAction { try $0.redo() }?.message
        == refused("Rename “Call accountant” to “Call the accountant”"))
    #expect(try db.read { try Reminder.find(call).fetchOne($0)?.title } == "Call Ann")

    // Another column changed since: the redo makes its own change, and theirs stays.
    _ = try db.writeAction { try $0.toggleFlag(call) }
    #expect(try db.writeAction { try $0.undo() }?.message == "Undid Flag “Call Ann”")
    try db.write { try Reminder.find(call).update { $0.notes = "About the roof" }.execute($0) }
    #expect(try db.writeAction { try $0.redo() }?.message == "Redid Flag “Call Ann”")
    let redone = try #require(try db.read { try Reminder.find(call).fetchOne($0) })
    #expect(redone.isFlagged && redone.notes == "About the roof")
  }

  /// A step that changes the same row several times, its key included, is undone to the row as
  /// it was before the step, and redone to the row as the step left it.
  @Test func aStepThatChangesARowSeveralTimes() throws {
    let fixture = try Fixture()
    let groceries = try fixture.reminder("Groceries").id
    let haircut = try fixture.reminder("Haircut").id
    try fixture.database.writeAction { try $0.setOrdering(.title, for: .smart(.all)) }
    let screen = DetailKind.smart(.all).settingsKey
    try checkUndoRedo(fixture, "Many edits") {
      try fixture.database.writeAction { db in
        try db.undoable("Many edits") {
          for title in ["Milk", "More milk", "Milk and eggs"] {
            try Reminder.find(groceries).update { $0.title = title }.execute(db)
          }
          try Reminder.find(haircut).update { $0.title = "Barber" }.execute(db)
          try Reminder.find(groceries).update { $0.title = "Milk, eggs" }.execute(db)
          // The key changed twice: each update finds the row by the key the next one gave.
          try db.renameTag("someday", to: "later")
          try db.renameTag("later", to: "eventually")
          // And twice in a row, with nothing between: the second finds the row by the first's key.
          try db.execute(
            sql: #"UPDATE "screenSettings" SET "screen" = 'a' WHERE "screen" = ?"#, arguments: [screen])
          try db.execute(sql: #"UPDATE "screenSettings" SET "screen" = 'b' WHERE "screen" = 'a'"#)
        }
      }
    }
    #expect(try fixture.reminder("Milk, eggs").id == groceries)
    #expect(
      try fixture.search("#eventually").results.map(\.row.reminder.title).sorted() == [
        "Barber", "Milk, eggs",
      ])
  }

  @Test func aNewActionClearsRedoAndStepsUndoInOrder() throws {
    let fixture = try Fixture()
    let haircut = try fixture.reminder("Haircut").id
    try fixture.database.writeAction { try $0.toggleFlag(haircut) }
    try fixture.database.writeAction { try $0.addTag("errands") }
    #expect(try fixture.database.writeAction { try $0.undo() }?.label == "New Tag “#errands”")
    #expect(
      try fixture.database.undoAvailability()
        == .init(undoLabel: "Unflag “Haircut”", redoLabel: "New Tag “#errands”"))
    try fixture.database.writeAction { try $0.addList(title: "Work") }
    #expect(try fixture.database.undoAvailability().redoLabel == nil)
    #expect(try fixture.database.writeAction { try $0.redo() } == nil)
    #expect(try fixture.database.writeAction { try $0.undo() }?.label == "New List “Work”")
    #expect(try fixture.database.writeAction { try $0.undo() }?.label == "Unflag “Haircut”")
    #expect(try fixture.database.writeAction { try $0.undo() }?.label == "Load Sample Data")
    #expect(try fixture.database.writeAction { try $0.undo() } == nil)
    #expect(try fixture.database.isEmpty())
    // Actions that change nothing leave no step.
    try fixture.database.writeAction { try $0.redo() }
    try fixture.database.writeAction { try $0.addTag("social") }
    #expect(try fixture.database.undoAvailability().undoLabel == "Load Sample Data")
  }

  @Test func aStepIsRolledBackWithItsTransaction() throws {
    let fixture = try Fixture()
    let haircut = try fixture.reminder("Haircut").id
    struct Abandon: Error {}
    #expect(throws: Abandon.self) {
      try fixture.database.write { db in
        try db.toggleFlag(haircut)
        throw Abandon()
      }
    }
    #expect(try fixture.reminder("Haircut").isFlagged)
    #expect(try fixture.database.undoAvailability().undoLabel == "Load Sample Data")
    // Several actions in one write make one step, named by the outer one.
    try fixture.database.write { db in
      try db.undoable("Tidy Up") {
        try db.toggleFlag(haircut)
        try db.addTag("errands")
      }
    }
    #expect(try fixture.database.writeAction { try $0.undo() }?.message == "Undid Tidy Up")
    #expect(try fixture.reminder("Haircut").isFlagged)
  }
}
