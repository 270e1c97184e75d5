import Foundation
import SQLiteData

/// How a detail screen sorts its reminders and whether it shows completed ones, kept in the
/// database per screen (a smart list, a list, or a set of tags).
@Table("screenSettings")
public struct ScreenSettings: Hashable, Identifiable, Sendable {
  /// Which screen: ``DetailKind/settingsKey``.
  @Column(primaryKey: true)
  public var screen: String
  public var ordering: Ordering = .dueDate
  public var showCompleted = false

  public var id: String { screen }

  public init(screen: String, ordering: Ordering = .dueDate, showCompleted: Bool = false) {
    self.screen = screen
    self.ordering = ordering
    self.showCompleted = showCompleted
  }

  /// The orders a detail screen offers. Completed reminders always come last.
  public enum Ordering: String, QueryBindable, CaseIterable, Sendable {
    /// By due date, reminders without one last.
    case dueDate
    /// By position, as moved by hand.
    case manual
    /// High priority first, then flagged ones.
    case priority
    /// By title, without regard to case.
    case title

    /// The name a menu shows: "Due Date", "Manual", "Priority", "Title".
    public var displayName: String {
      switch self {
      case .dueDate: "Due Date"
      case .manual: "Manual"
      case .priority: "Priority"
      case .title: "Title"
      }
    }
  }
}
