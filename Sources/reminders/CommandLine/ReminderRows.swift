import Foundation
import RemindersKit
import SQLiteData

/// Reminders with their lists and tags, as commands print them.
enum ReminderRows {
  /// The row of one reminder.
  static func row(of id: Reminder.ID, in db: Database) throws -> ReminderRow {
    let query = DetailKind.smart(.all).rows(ordering: .manual, showCompleted: true)
      .where { reminder, _ in reminder.id.eq(id) }
    guard let row = try query.fetchOne(db) else {
      throw CommandError.notFound("the reminder \(id.uuidString.lowercased()) no longer exists")
    }
    return row
  }
}
