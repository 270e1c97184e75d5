import Foundation
import SQLiteData

/// A list's cover image. The terminal draws no images; the table stays so that database files
/// move between this app and the seeds' example unchanged.
@Table
public struct RemindersListAsset: Hashable, Identifiable, Sendable {
  @Column(primaryKey: true)
  public let remindersListID: RemindersList.ID
  public var coverImage: Data?

  public var id: RemindersList.ID { remindersListID }

  public init(remindersListID: RemindersList.ID, coverImage: Data? = nil) {
    self.remindersListID = remindersListID
    self.coverImage = coverImage
  }
}
