import Foundation
import SQLiteEngine
import SQLiteQueries

/// The Reminders schema with two lists, three reminders and two tags.
///
/// - Personal: Groceries (tags someday, optional), Haircut (flagged, high priority, due
///   2023-11-14 21:56:40 UTC; tag someday)
/// - Business: Call accountant (completed)
func seededRemindersDatabase() throws -> DatabaseQueue {
  let database = try remindersDatabase()
  try database.write { db in
    try db.seed {
      RemindersList(id: personalID, color: 0x4a99_ef00, position: 0, title: "Personal")
      RemindersList(id: businessID, color: 0xb25d_d300, position: 1, title: "Business")
      Reminder.Draft(id: reminderID(1), remindersListID: personalID, title: "Groceries")
      Reminder.Draft(
        id: reminderID(2), dueDate: Date(timeIntervalSince1970: 1_700_000_000), isFlagged: true,
        priority: .high, remindersListID: personalID, title: "Haircut")
      Reminder.Draft(
        id: reminderID(3), remindersListID: businessID, status: .completed, title: "Call accountant")
      Tag(title: "someday")
      Tag(title: "optional")
      ReminderTag(id: reminderID(11), reminderID: reminderID(1), tagID: "someday")
      ReminderTag(id: reminderID(12), reminderID: reminderID(1), tagID: "optional")
      ReminderTag(id: reminderID(13), reminderID: reminderID(2), tagID: "someday")
    }
  }
  return database
}
