import Foundation
import RemindersKit
import Testing

@Suite struct SchemaTests {
  @Test func tablesAreNamedAsInTheSeeds() {
    #expect(RemindersList.tableName == "remindersLists")
    #expect(RemindersListAsset.tableName == "remindersListAssets")
    #expect(Reminder.tableName == "reminders")
    #expect(Tag.tableName == "tags")
    #expect(ReminderTag.tableName == "remindersTags")
    #expect(ReminderText.tableName == "reminderTexts")
  }
}
