import Foundation
import SQLiteData

/// A row whose text is not UTF-8 in the database (bytes another program wrote): read, each
/// sequence that is not UTF-8 became U+FFFD (�), so an archive of it does not carry that text as
/// it is.
public struct TextNotUTF8: Hashable, Sendable {
  public enum Row: Hashable, Sendable {
    case list(RemindersList.ID)
    case reminder(Reminder.ID)
    case tag
  }

  public var row: Row
  /// The row's title as read, with U+FFFD in it where the title is what is not UTF-8.
  public var title: String
  /// The columns that are not UTF-8: `title`, `notes`.
  public var columns: [String]

  public init(row: Row, title: String, columns: [String]) {
    self.row = row
    self.title = title
    self.columns = columns
  }
}

extension RemindersArchive {
  /// The rows of `archive`, read from `db`, whose text is not UTF-8 in the database. Reading
  /// turned each sequence that is not UTF-8 into U+FFFD, so only the rows whose text shows one are
  /// read again, as bytes, to tell them from text that holds U+FFFD itself.
  static func textNotUTF8(in archive: RemindersArchive, _ db: Database) throws -> [TextNotUTF8] {
    /// Whether the text holds U+FFFD: its bytes looked at first (every such scalar starts with
    /// 0xEF), as an export reads a million reminders.
    func showsReplacement(_ text: String) -> Bool {
      text.utf8.contains(0xEF) && text.unicodeScalars.contains("\u{FFFD}")
    }
    func isUTF8(_ bytes: Data) -> Bool { String(validating: bytes, as: UTF8.self) != nil }
    /// The columns of the row `id` of `table` that are not UTF-8.
    func columnsNotUTF8(_ columns: [String], of table: String, id: some DatabaseValueConvertible) throws
      -> [String]
    {
      let selected = columns.map { "CAST(\($0.quoted()) AS BLOB)" }.joined(separator: ", ")
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT \(selected) FROM \(table.quoted()) WHERE \"id\" = ?", arguments: [id])
      else { return [] }
      return try columns.indices.filter { index in
        try row.decode(Data?.self, at: index).map { !isUTF8($0) } ?? false
      }.map { columns[$0] }
    }
    var found: [TextNotUTF8] = []
    for list in archive.lists where showsReplacement(list.title) {
      let columns = try columnsNotUTF8(["title"], of: RemindersList.tableName, id: list.id)
      if !columns.isEmpty {
        found.append(TextNotUTF8(row: .list(list.id), title: list.title, columns: columns))
      }
    }
    for reminder in archive.reminders
    where showsReplacement(reminder.title) || showsReplacement(reminder.notes) {
      let columns = try columnsNotUTF8(["title", "notes"], of: Reminder.tableName, id: reminder.id)
      if !columns.isEmpty {
        found.append(TextNotUTF8(row: .reminder(reminder.id), title: reminder.title, columns: columns))
      }
    }
    // A tag is found by its title, which is the text in question: all of them, as bytes (few).
    if archive.tags.contains(where: { showsReplacement($0.title) }) {
      for bytes in try Data.fetchAll(db, sql: "SELECT CAST(\"title\" AS BLOB) FROM \(Tag.tableName.quoted())")
      where !isUTF8(bytes) {
        found.append(
          TextNotUTF8(row: .tag, title: String(decoding: bytes, as: UTF8.self), columns: ["title"]))
      }
    }
    return found
  }
}
