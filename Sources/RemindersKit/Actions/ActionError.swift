import Foundation
import SQLiteData

/// Why an action was refused, in words for the status line or standard error: what was wrong
/// and what to do.
public struct ActionError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }

  static func emptyTitle(_ what: String) -> ActionError {
    ActionError("\(what) needs a title: type one before saving")
  }

  static let listNotFound = ActionError(
    "That list no longer exists (it was deleted, perhaps by another window or command): pick another list")

  static let reminderNotFound = ActionError(
    "That reminder no longer exists (it was deleted, perhaps by another window or command)")

  static func tagNotFound(_ title: String) -> ActionError {
    ActionError("There is no tag named “#\(title)”: check the spelling, or create it first")
  }

  static func tagHasSpaces(_ title: String) -> ActionError {
    ActionError(
      "A tag is one word, but “\(title)” has spaces: join the words, as in “#\(title.split(whereSeparator: \.isWhitespace).joined(separator: "-"))”"
    )
  }

  static func tagExists(_ title: String) -> ActionError {
    ActionError("A tag named “#\(title)” already exists: pick another name, or delete that tag first")
  }
}

/// How a label names something: its title in curly quotes, or “Untitled”.
func quoted(_ title: String) -> String {
  let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
  return "“" + (trimmed.isEmpty ? "Untitled" : trimmed) + "”"
}

/// How a label names reminders by their titles: the one title in curly quotes, or how many.
func named(_ titles: [String]) -> String {
  titles.count == 1 ? quoted(titles[0]) : "\(titles.count) Reminders"
}

/// A title as it is saved: without surrounding spaces and line breaks.
func cleanTitle(_ title: String) -> String {
  title.trimmingCharacters(in: .whitespacesAndNewlines)
}

extension DatabaseWriter {
  /// Runs `body` in a write transaction with the caller's dependencies (the date, the calendar,
  /// new ids) in effect, wherever the writer's queue runs it: `database.writeAction { try
  /// $0.saveReminder(draft) }`, each action written once, as a `Database` method.
  @discardableResult
  public func writeAction<T>(_ body: (Database) throws -> T) throws -> T {
    let values = DependencyValues.current
    return try write { db in try withDependencies({ $0 = values }) { try body(db) } }
  }
}
