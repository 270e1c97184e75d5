import Foundation
import RemindersKit
import SQLiteData
import Testing

@Suite("Actions: reordering, saving, and the errors bad input gets", .fixedClock)
struct ActionTests {
  func listTitles(_ fixture: Fixture) throws -> [String] {
    try fixture.database.read { try ReminderListState.all.fetchAll($0) }.map(\.remindersList.title)
  }

  @Test func reorderLists() throws {
    let fixture = try Fixture()
    let business = try fixture.list("Business").id
    let personal = try fixture.list("Personal").id
    try fixture.database.writeAction { try $0.reorderLists([business, personal]) }
    #expect(try listTitles(fixture) == ["Business", "Personal", "Family"])
    #expect(try fixture.database.writeAction { try $0.moveList(personal, .down) })
    #expect(try listTitles(fixture) == ["Business", "Family", "Personal"])
    #expect(try !fixture.database.writeAction { try $0.moveList(personal, .down) })
    #expect(try fixture.database.writeAction { try $0.moveList(personal, .up) })
    #expect(try listTitles(fixture) == ["Business", "Personal", "Family"])
    #expect(try fixture.database.undoAvailability().undoLabel == "Move “Personal” Up")
  }

  @Test func moveRemindersSwitchesToManualOrder() throws {
    let fixture = try Fixture()
    let personal = DetailKind.list(try fixture.list("Personal").id)
    try fixture.database.writeAction { try $0.setOrdering(.title, for: personal) }
    #expect(
      try fixture.titles(personal, .title)
        == ["Buy concert tickets", "Doctor appointment", "Groceries", "Haircut"])
    let groceries = try fixture.reminder("Groceries").id
    #expect(try fixture.database.writeAction { try $0.moveReminder(groceries, .up, in: personal) })
    #expect(try fixture.database.settings(for: personal).ordering == .manual)
    #expect(
      try fixture.titles(personal, .manual)
        == ["Buy concert tickets", "Groceries", "Doctor appointment", "Haircut"])
    #expect(try fixture.database.writeAction { try $0.moveReminder(groceries, .up, in: personal) })
    #expect(try !fixture.database.writeAction { try $0.moveReminder(groceries, .up, in: personal) })
    #expect(
      try fixture.titles(personal, .manual)
        == ["Groceries", "Buy concert tickets", "Doctor appointment", "Haircut"])
    // Positions are the slots the rows held, so the other lists keep their order.
    let positions = try fixture.database.read {
      try DetailKind.list(personal.listID!).rows(ordering: .manual, showCompleted: false).fetchAll($0)
    }
    .map(\.reminder.position)
    #expect(positions == [1, 2, 3, 5])
    #expect(
      try fixture.titles(.smart(.all), .manual) == [
        "Groceries", "Buy concert tickets", "Doctor appointment", "Haircut", "Pick up kids from school",
        "Take out trash", "Call accountant", "Prepare for WWDC",
      ])
  }

  @Test func completedRemindersStayBelow() throws {
    let fixture = try Fixture()
    let personal = DetailKind.list(try fixture.list("Personal").id)
    try fixture.database.writeAction { try $0.setShowCompleted(true, for: personal) }
    let concert = try fixture.reminder("Buy concert tickets").id
    #expect(try !fixture.database.writeAction { try $0.moveReminder(concert, .down, in: personal) })
    let walk = try fixture.reminder("Take a walk").id
    #expect(try !fixture.database.writeAction { try $0.moveReminder(walk, .up, in: personal) })
  }

  /// An edit saved after another window or command deleted the reminder is refused: the
  /// deletion stands, rather than the reminder coming back.
  @Test func savingAReminderDeletedMeanwhileIsRefused() throws {
    let fixture = try Fixture()
    let reminder = try #require(try fixture.database.read { try Reminder.fetchOne($0) })
    var edit = Reminder.Draft(reminder)
    edit.title = "Edited"
    try fixture.database.writeAction { try $0.deleteReminders([reminder.id]) }
    let error = #expect(throws: ActionError.self) {
      try fixture.database.writeAction { try $0.saveReminder(edit) }
    }
    #expect(error?.message.hasPrefix("That reminder no longer exists") == true)
    #expect(try fixture.database.read { try Reminder.find(reminder.id).fetchCount($0) } == 0)
  }

  @Test func saveReminderCreatesAndEditsWithTags() throws {
    let fixture = try Fixture()
    let family = try fixture.list("Family")
    let created = try fixture.database.writeAction {
      try $0.saveReminder(
        Reminder.Draft(notes: "Two bags", priority: .low, remindersListID: family.id, title: "  Dog food "),
        tags: ["#Errands", "errands", "kids"])
    }
    #expect(created.title == "Dog food")
    #expect(
      try fixture.database.read { try Tag.of(reminder: created.id).fetchAll($0) }.map(\.title) == [
        "Errands", "kids",
      ])
    try fixture.database.writeAction { try $0.toggleCompletion(created.id) }
    var edit = Reminder.Draft(created)
    edit.title = "Dog food (big)"
    edit.isFlagged = true
    edit.status = .incomplete
    let edited = try fixture.database.writeAction { try $0.saveReminder(edit, tags: ["KIDS"]) }
    #expect(edited.id == created.id)
    #expect(edited.title == "Dog food (big)")
    #expect(edited.isFlagged)
    #expect(edited.status == .completing)
    #expect(edited.position == created.position)
    #expect(
      try fixture.database.read { try Tag.of(reminder: created.id).fetchAll($0) }.map(\.title) == ["kids"])
  }

  @Test func badInputGetsClearErrors() throws {
    let fixture = try Fixture()
    let family = try fixture.list("Family")
    #expect(throws: ActionError.self) { try fixture.database.writeAction { try $0.addList(title: "  ") } }
    #expect(throws: ActionError.self) {
      try fixture.database.writeAction {
        try $0.saveReminder(Reminder.Draft(remindersListID: family.id, title: "\n"))
      }
    }
    let missingList = UUID()
    let noList = #expect(throws: ActionError.self) {
      try fixture.database.writeAction {
        try $0.saveReminder(Reminder.Draft(remindersListID: missingList, title: "Orphan"))
      }
    }
    #expect(noList?.message.contains("no longer exists") == true)
    let spaced = #expect(throws: ActionError.self) {
      try fixture.database.writeAction { try $0.addTag("two words") }
    }
    #expect(spaced?.message.contains("#two-words") == true)
    let taken = #expect(throws: ActionError.self) {
      try fixture.database.writeAction { try $0.renameTag("car", to: "KIDS") }
    }
    #expect(
      taken?.message == "A tag named “#kids” already exists: pick another name, or delete that tag first")
    #expect(throws: ActionError.self) { try fixture.database.writeAction { try $0.deleteTag("nope") } }
    #expect(throws: ActionError.self) { try fixture.database.writeAction { try $0.toggleFlag(UUID()) } }
    // Nothing was recorded by the refused actions.
    #expect(try fixture.database.undoAvailability().undoLabel == "Load Sample Data")
  }

  @Test func tagsAreCaseInsensitive() throws {
    let fixture = try Fixture()
    #expect(try fixture.database.writeAction { try $0.addTag("#Social") }.title == "social")
    #expect(try fixture.database.undoAvailability().undoLabel == "Load Sample Data")
    #expect(try fixture.database.writeAction { try $0.renameTag("SOCIAL", to: "Social") }.title == "Social")
    #expect(try fixture.search("#social").results.count == 2)
    #expect(try fixture.reminder("Prepare for WWDC").id == fixture.search("#Social").results.last?.row.id)
  }
}

extension DetailKind {
  var listID: RemindersList.ID? {
    if case .list(let id) = self { return id }
    return nil
  }
}
