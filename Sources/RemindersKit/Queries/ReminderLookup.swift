import SQLiteData

/// How a reminder is named where it cannot be pointed at (the command line): by the start of its
/// id, or by its title.
extension Reminder {
  /// The reminders whose id starts with `prefix` (text that ``ShortID/isPrefix(_:)`` accepts).
  public static func withID(startingWith prefix: String) -> Where<Reminder> {
    Reminder.where { ShortID.condition($0.id, startsWith: prefix) }
  }

  /// The reminders titled `title`, case aside (as SQLite's NOCASE compares: ASCII letters).
  /// Comparing every title reads every reminder; the search index finds the titles that contain
  /// the text (when it is long enough for trigrams), and those alone are compared.
  public static func titled(_ title: String) -> Where<Reminder> {
    guard SearchQuery.isIndexed(title) else {
      return Reminder.where { $0.title.collate(.nocase).eq(title) }
    }
    let containing = ReminderText.where { $0.title.match(title) }.select(\.rowid)
    return Reminder.where { $0.rowid.in(containing) && $0.title.collate(.nocase).eq(title) }
  }
}
