import Foundation
import Observation
import SQLiteData

/// Adds reminders typed on one line (`Call mom tomorrow 5pm !! #family @Personal`), into the
/// list named with `@`, else the screen's list, else the first list.
@MainActor
@Observable
public final class QuickAddModel {
  @ObservationIgnored
  @Dependency(\.defaultDatabase) var database

  @ObservationIgnored private let parser = DueDateParser()

  public init() {}

  /// What a line means, or why it cannot be read.
  public func parse(_ text: String) throws -> QuickAdd {
    try QuickAdd(parsing: text, dates: parser)
  }

  /// Adds the reminder a line describes, into the list it names, else `defaultList`, else the
  /// first list (``Database/addReminder(_:listName:defaultList:notes:isFlagged:)``).
  @discardableResult
  public func add(_ text: String, defaultList: RemindersList.ID?) throws -> QuickAddResult {
    let entry = try parse(text)
    return try database.write { db in try db.addReminder(entry, defaultList: defaultList) }
  }
}
