import Foundation
import RemindersKit
import SQLiteData
import Testing

/// Actions on several reminders at once, as a visual selection makes them: each is one undo step
/// that restores every row, and each tells what it did.
@Suite("Actions on marked reminders", .fixedClock)
struct GroupActionTests {
  /// Runs `body` (one action) and checks that one undo brings back exactly what was there, under
  /// the label the action gave its step.
  private func expectOneUndoStep(
    _ fixture: Fixture, label: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
  ) throws {
    let before = try fixture.snapshot()
    try body()
    #expect(try fixture.database.undoAvailability().undoLabel == label, sourceLocation: sourceLocation)
    #expect(
      try fixture.database.writeAction { try $0.undo() }?.message == "Undid \(label)",
      sourceLocation: sourceLocation)
    #expect(try fixture.snapshot() == before, sourceLocation: sourceLocation)
  }

  private func ids(_ fixture: Fixture, _ titles: String...) throws -> [Reminder.ID] {
    try titles.map { try fixture.reminder($0).id }
  }

  @Test func completingTicksTheIncompleteOnesThenUntickingAll() throws {
    let fixture = try Fixture()
    let marked = try ids(fixture, "Groceries", "Haircut", "Take out trash")
    // One of them is done already: ticking leaves it done and ticks the others.
    _ = try fixture.database.write { try $0.completeReminders([marked[2]]) }
    try expectOneUndoStep(fixture, label: "Complete 2 Reminders") {
      let result1 = try fixture.database.write { try $0.toggleCompletion(marked) }
      #expect(result1.state == .completing)
      #expect(result1.message { "Completed \($0)" } == "Completed 2 reminders (1 already was)")
      let statuses = try fixture.database.read { try Reminder.find(marked).select(\.status).fetchAll($0) }
      #expect(Set(statuses) == [.completing, .completed])
    }
    try fixture.database.write { _ = try $0.toggleCompletion(marked) }
    // None is incomplete now: the same key unticks all three.
    try expectOneUndoStep(fixture, label: "Mark 3 Reminders Incomplete") {
      let result2 = try fixture.database.write { try $0.toggleCompletion(marked) }
      #expect(result2.state == .incomplete)
      #expect(result2.message { "Marked \($0) not completed" } == "Marked 3 reminders not completed")
      let statuses = try fixture.database.read { try Reminder.find(marked).select(\.status).fetchAll($0) }
      #expect(statuses == [.incomplete, .incomplete, .incomplete])
    }
  }

  @Test func flaggingFlagsAllWhenAnyIsUnflagged() throws {
    let fixture = try Fixture()
    // Haircut is flagged in the sample data, Groceries is not.
    let marked = try ids(fixture, "Groceries", "Haircut")
    try expectOneUndoStep(fixture, label: "Flag “Groceries”") {
      let flagged = try fixture.database.write { try $0.toggleFlag(marked) }
      #expect(flagged.state)
      // Named as the undo step names it: Haircut was flagged already.
      #expect(flagged.message { "Flagged \($0)" } == "Flagged “Groceries” (1 already was)")
      #expect(try fixture.reminder("Groceries").isFlagged)
      #expect(try fixture.reminder("Haircut").isFlagged)
    }
    try fixture.database.write { _ = try $0.toggleFlag(marked) }
    try expectOneUndoStep(fixture, label: "Unflag 2 Reminders") {
      let flagged = try fixture.database.write { try $0.toggleFlag(marked) }
      #expect(!flagged.state)
      #expect(try !fixture.reminder("Groceries").isFlagged)
      #expect(try !fixture.reminder("Haircut").isFlagged)
    }
  }

  @Test func movingToAnotherList() throws {
    let fixture = try Fixture()
    let family = try fixture.list("Family")
    // Groceries is in Personal; Pick up kids from school is in Family already.
    let marked = try ids(fixture, "Groceries", "Doctor appointment", "Pick up kids from school")
    try expectOneUndoStep(fixture, label: "Move 2 Reminders to “Family”") {
      let result3 = try fixture.database.write { try $0.moveReminders(marked, to: family.id) }
      #expect(result3 == 2)
      let titles = try fixture.titles(.list(family.id), .title)
      #expect(titles == ["Doctor appointment", "Groceries", "Pick up kids from school", "Take out trash"])
    }
    let inFamily = try ids(fixture, "Pick up kids from school")
    let moved = try fixture.database.write { try $0.moveReminders(inFamily, to: family.id) }
    #expect(moved == 0)
    #expect(throws: ActionError.self) {
      try fixture.database.write { try $0.moveReminders(marked, to: UUID()) }
    }
  }

  @Test func taggingAddsTheTagThenTakesItOff() throws {
    let fixture = try Fixture()
    let marked = try ids(fixture, "Groceries", "Haircut")
    // A tag that does not exist is made.
    try expectOneUndoStep(fixture, label: "Tag 2 Reminders “#errand”") {
      let result4 = try fixture.database.write { try $0.toggleTag("#errand", on: marked) }
      #expect(result4 == .added(2, tag: "errand"))
      #expect(try fixture.reminderTags("Groceries").contains("errand"))
      #expect(try fixture.reminderTags("Haircut").contains("errand"))
    }
    // An existing tag keeps its spelling, and those that have it are not counted: Groceries has
    // "adulting", Haircut does not.
    try expectOneUndoStep(fixture, label: "Tag “Haircut” “#adulting”") {
      let result5 = try fixture.database.write { try $0.toggleTag("Adulting", on: marked) }
      #expect(result5 == .added(1, tag: "adulting"))
      #expect(try fixture.reminderTags("Haircut").contains("adulting"))
    }
    // When all have it, it comes off all of them.
    try fixture.database.write { _ = try $0.toggleTag("adulting", on: marked) }
    try expectOneUndoStep(fixture, label: "Remove “#adulting” from 2 Reminders") {
      let result6 = try fixture.database.write { try $0.toggleTag("adulting", on: marked) }
      #expect(result6 == .removed(2, tag: "adulting"))
      #expect(try !fixture.reminderTags("Groceries").contains("adulting"))
      #expect(try !fixture.reminderTags("Haircut").contains("adulting"))
    }
    #expect(throws: ActionError.self) {
      try fixture.database.write { try $0.toggleTag("two words", on: marked) }
    }
  }

  @Test func duplicatingCopiesWithTagsIncomplete() throws {
    let fixture = try Fixture()
    let original = try fixture.reminder("Groceries")
    _ = try fixture.database.write { try $0.completeReminders([original.id]) }
    try expectOneUndoStep(fixture, label: "Duplicate “Groceries”") {
      let copies = try fixture.database.write { try $0.duplicateReminders([original.id]) }
      #expect(copies.count == 1)
      let copy = try #require(try fixture.database.read { try Reminder.find(copies[0]).fetchOne($0) })
      #expect(copy.id != original.id)
      #expect(copy.title == original.title)
      #expect(copy.notes == original.notes)
      #expect(copy.remindersListID == original.remindersListID)
      #expect(copy.priority == original.priority)
      #expect(copy.status == .incomplete)
      let tags = try fixture.database.read { db in
        try ReminderTag.where { $0.reminderID.eq(copies[0]) }.select(\.tagID).order(by: \.tagID).fetchAll(db)
      }
      #expect(tags == ["adulting", "optional", "someday"])
    }
  }

  @Test func renamingInPlace() throws {
    let fixture = try Fixture()
    let id = try fixture.reminder("Haircut").id
    try expectOneUndoStep(fixture, label: "Rename “Haircut” to “Haircut at noon”") {
      let result7 = try fixture.database.write { try $0.renameReminder(id, to: "  Haircut at noon \n") }
      #expect(result7 == "Haircut at noon")
    }
    #expect(throws: ActionError.self) { try fixture.database.write { try $0.renameReminder(id, to: "  ") } }
    #expect(throws: ActionError.self) {
      try fixture.database.write { try $0.renameReminder(UUID(), to: "x") }
    }
  }
}

extension Fixture {
  /// A reminder's tags.
  func reminderTags(_ title: String) throws -> [String] {
    let id = try reminder(title).id
    return try database.read { db in
      try ReminderTag.where { $0.reminderID.eq(id) }.select(\.tagID).fetchAll(db)
    }
  }
}
