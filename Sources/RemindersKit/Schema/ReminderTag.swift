import Foundation
import SQLiteData

/// Joins a reminder to one of its tags.
@Table("remindersTags")
public struct ReminderTag: Hashable, Identifiable, Sendable {
  public let id: UUID
  public let reminderID: Reminder.ID
  public let tagID: Tag.ID

  public init(id: UUID, reminderID: Reminder.ID, tagID: Tag.ID) {
    self.id = id
    self.reminderID = reminderID
    self.tagID = tagID
  }
}
