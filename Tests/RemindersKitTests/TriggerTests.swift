import Foundation
import RemindersKit
import SQLiteData
import Testing

@Suite("Temporary triggers on the writing connection", .fixedClock)
struct TriggerTests {
  @Test func newListsAndRemindersGoLast() throws {
    let fixture = try Fixture()
    let work = try fixture.database.writeAction { try $0.addList(title: "Work") }
    #expect(work.position == 4)
    let reminder = try fixture.database.writeAction {
      try $0.saveReminder(
        Reminder.Draft(remindersListID: work.id, title: "Report"))
    }
    #expect(reminder.position == 12)
    #expect(
      try fixture.database.read { try ReminderListState.all.fetchAll($0) }.last?.remindersList.id == work.id)
  }

  @Test func deletingTheLastListCreatesPersonal() throws {
    let fixture = try Fixture()
    let deleted = try fixture.database.read { try RemindersList.fetchAll($0) }.map(\.id)
    for id in deleted { try fixture.database.writeAction { try $0.deleteList(id) } }
    let lists = try fixture.database.read { try RemindersList.fetchAll($0) }
    #expect(lists.map(\.title) == ["Personal"])
    #expect(try fixture.database.read { try Reminder.fetchCount($0) } == 0)
    // It is a new list, not one of the deleted ones.
    #expect(!deleted.contains(lists[0].id))
  }

  @Test func theSearchIndexFollowsRemindersAndTags() throws {
    let fixture = try Fixture()
    let groceries = try fixture.reminder("Groceries")
    let index = { (reminder: Reminder) in
      try fixture.database.read { db in
        try ReminderText.where { $0.rowid.eq(Reminder.where { $0.id.eq(reminder.id) }.select(\.rowid)) }
          .fetchOne(db)
      }
    }
    #expect(try index(groceries)?.notes == "Milk Eggs Apples Oatmeal Spinach")
    #expect(try index(groceries)?.tags == "#adulting #optional #someday")

    var draft = Reminder.Draft(groceries)
    draft.title = "Weekly groceries"
    draft.notes = "Bread\nButter"
    try fixture.database.writeAction { try $0.saveReminder(draft, tags: ["someday", "food"]) }
    #expect(try index(groceries)?.title == "Weekly groceries")
    #expect(try index(groceries)?.notes == "Bread Butter")
    #expect(try index(groceries)?.tags == "#food #someday")

    try fixture.database.writeAction { try $0.renameTag("someday", to: "Later") }
    #expect(try index(groceries)?.tags == "#food #Later")
    #expect(try index(fixture.reminder("Haircut"))?.tags == "#Later #optional")
    #expect(
      try fixture.search("#later").results.map(\.row.reminder.title) == ["Haircut", "Weekly groceries"])
    #expect(try fixture.search("#someday").results.isEmpty)
    #expect(try fixture.search("Later").results.count == 2)

    try fixture.database.writeAction { try $0.deleteTag("food") }
    #expect(try index(groceries)?.tags == "#Later")

    try fixture.database.writeAction { try $0.deleteReminders([groceries.id]) }
    #expect(try index(groceries) == nil)
    #expect(try fixture.database.read { try ReminderText.fetchCount($0) } == 10)
  }

  @Test func aListDeletedCascadesToItsRemindersTagsAndIndex() throws {
    let fixture = try Fixture()
    try fixture.database.writeAction { try $0.deleteList(try fixture.list("Personal").id) }
    let counts = try fixture.database.read { db in
      try [
        Reminder.fetchCount(db), ReminderText.fetchCount(db), ReminderTag.fetchCount(db), Tag.fetchCount(db),
      ]
    }
    // Reminders, their index rows and their taggings go; tags stay, even unused.
    #expect(counts == [6, 6, 1, 7])
  }
}
