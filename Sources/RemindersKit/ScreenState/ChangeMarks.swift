import Foundation

/// Reminders someone else changed since the user last looked at their list, marked for a
/// moment: while a list is on screen, a change that arrives from another person marks its row;
/// a list opened again marks what others changed since it was last on screen. (What was seen is
/// kept while the app runs; a list first opened shows no marks.)
public struct ChangeMarks: Sendable {
  /// How long a row stays marked.
  public static let duration: Duration = .seconds(5)

  /// Per list: the latest change the user had on screen.
  private var seen: [RemindersList.ID: Int64] = [:]
  private var marks: [Reminder.ID: Mark] = [:]

  private struct Mark: Sendable {
    var modifiedBy: String
    var until: ContinuousClock.Instant
  }

  public init() {}

  /// A list screen shows `value` at `now`: rows others changed after what the user saw are
  /// marked. Returns when the new marks end (to draw again then), or nil when none are new.
  public mutating func show(_ value: DetailWindow.Value, at now: ContinuousClock.Instant)
    -> ContinuousClock.Instant?
  {
    guard let list = value.list, let last = value.lastChange else { return nil }
    let until = now + Self.duration
    var marked = false
    if let seenVersion = seen[list.id] {
      for (id, change) in value.changesByOthers where change.version > seenVersion {
        marks[id] = Mark(modifiedBy: change.modifiedBy ?? "someone", until: until)
        marked = true
      }
    }
    seen[list.id] = max(seen[list.id] ?? last.version, last.version)
    marks = marks.filter { $0.value.until > now }
    return marked ? until : nil
  }

  /// The rows marked at `now`, with who changed each.
  public func marked(at now: ContinuousClock.Instant) -> [Reminder.ID: String] {
    marks.filter { $0.value.until > now }.mapValues(\.modifiedBy)
  }
}
