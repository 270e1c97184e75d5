import Foundation
import SQLiteData

extension Database {
  /// Deletes the completed reminders among a search's matches that are old enough (see
  /// ``Search/clearable(_:olderThan:)``). Returns how many were deleted.
  @discardableResult
  public func clearCompleted(matching query: SearchQuery, olderThan age: ClearCompletedAge) throws -> Int {
    let ids = try Search.clearable(query, olderThan: age).select(\.id).fetchAll(self)
    guard !ids.isEmpty else { return 0 }
    let label = "Clear \(count: ids.count, "Completed Reminder")"
    try undoable(label) {
      try Reminder.find(ids).delete().execute(self)
    }
    return ids.count
  }
}
