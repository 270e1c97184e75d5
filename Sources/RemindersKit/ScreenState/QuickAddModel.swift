import Foundation
import Observation
import SQLiteData

/// Adds reminders typed on one line (`Call mom tomorrow 5pm !! #family @Personal`), into the
/// list named with `@`, else the screen's list, else the first list.
@MainActor
@Observable
public final class QuickAddModel {
  @ObservationIgnored private let parser = DueDateParser()

  public init() {}

  /// What a line means, or why it cannot be read.
  public func parse(_ text: String) throws -> QuickAdd {
    try QuickAdd(parsing: text, dates: parser)
  }
}
