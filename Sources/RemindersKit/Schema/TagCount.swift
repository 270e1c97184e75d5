import SQLiteData

/// How many taggings (`remindersTags` rows) name a tag, kept by persistent triggers on
/// `remindersTags` (see `LiveCounts`). Keyed like the tags, without regard to case; a row exists
/// only while the count is above zero.
@Table("tagCounts")
public struct TagCount: Hashable, Sendable {
  @Column(primaryKey: true)
  public let tagID: Tag.ID
  public var remindersCount = 0

  public init(tagID: Tag.ID, remindersCount: Int = 0) {
    self.tagID = tagID
    self.remindersCount = remindersCount
  }
}
