import Foundation
import SQLiteData

extension RemindersArchive {
  /// The rows of `archive`, read from `db`, whose text is not UTF-8 in the database. Reading
  /// turned each sequence that is not UTF-8 into U+FFFD, so only the rows whose text shows one are
  /// read again, as bytes, to tell them from text that holds U+FFFD itself.
  static func textNotUTF8(in archive: RemindersArchive, _ db: Database) throws -> [String] {
    /// Whether the text holds U+FFFD: its bytes looked at first (every such scalar starts with
    /// 0xEF), as an export reads a million reminders.
    func showsReplacement(_ text: String) -> Bool {
      text.utf8.contains(0xEF) && text.unicodeScalars.contains("\u{FFFD}")
    }
    /// Whether every column `sql` selects for the row `id` is UTF-8 (or NULL).
    func isUTF8(_ sql: String, _ id: some DatabaseValueConvertible) throws -> Bool {
      guard let row = try Row.fetchOne(db, sql: sql, arguments: [id]) else { return true }
      return try (0..<row.count).allSatisfy { column in
        guard let bytes = try row.decode(Data?.self, at: column) else { return true }
        return String(validating: bytes, as: UTF8.self) != nil
      }
    }
    var found: [String] = []
    for list in archive.lists where showsReplacement(list.title) {
      if try !isUTF8(
        "SELECT CAST(\"title\" AS BLOB) FROM \(RemindersList.tableName.quoted()) WHERE \"id\" = ?", list.id)
      {
        found.append("list “\(list.title)”")
      }
    }
    for reminder in archive.reminders
    where showsReplacement(reminder.title) || showsReplacement(reminder.notes) {
      let sql =
        "SELECT CAST(\"title\" AS BLOB), CAST(\"notes\" AS BLOB) FROM \(Reminder.tableName.quoted()) WHERE \"id\" = ?"
      if try !isUTF8(sql, reminder.id) { found.append("reminder “\(reminder.title)”") }
    }
    // A tag is found by its title, which is the text in question: all of them, as bytes (few).
    if archive.tags.contains(where: { showsReplacement($0.title) }) {
      for bytes in try Data.fetchAll(db, sql: "SELECT CAST(\"title\" AS BLOB) FROM \(Tag.tableName.quoted())")
      where String(validating: bytes, as: UTF8.self) == nil {
        found.append("tag “#\(String(decoding: bytes, as: UTF8.self))”")
      }
    }
    return found
  }
}
