import SQLiteData

/// The full-text index of a reminder (FTS5, trigram): its title, its notes on one line, and its
/// tags as `#a #b`. Its rowid is the reminder's rowid; triggers keep it in step.
@Table
public struct ReminderText: FTS5, Sendable {
  public let rowid: Int
  public let title: String
  public let notes: String
  public let tags: String
}
