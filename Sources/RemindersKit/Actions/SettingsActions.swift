import Foundation
import SQLiteData

// Per-screen settings (order, completed shown or hidden). Changing them is undoable like any
// other change.

extension Database {
  /// Saves a screen's settings, labelled by what changed ("Sort by Title", "Show Completed").
  public func saveSettings(_ settings: ScreenSettings) throws {
    let previous =
      try ScreenSettings.find(settings.screen).fetchOne(self)
      ?? DetailKind.defaultSettings(screen: settings.screen)
    var changes: [String] = []
    if previous.ordering != settings.ordering { changes.append("Sort by \(settings.ordering.displayName)") }
    if previous.showCompleted != settings.showCompleted {
      changes.append(settings.showCompleted ? "Show Completed" : "Hide Completed")
    }
    try undoable(changes.isEmpty ? "Save View Options" : changes.joined(separator: ", ")) {
      try ScreenSettings.upsert { ScreenSettings.Draft(settings) }.execute(self)
    }
  }

  /// Sorts a screen's reminders another way.
  public func setOrdering(_ ordering: ScreenSettings.Ordering, for kind: DetailKind) throws {
    var settings = try kind.settings.fetchOne(self) ?? kind.defaultSettings
    settings.ordering = ordering
    try saveSettings(settings)
  }

  /// Shows or hides a screen's completed reminders.
  public func setShowCompleted(_ showCompleted: Bool, for kind: DetailKind) throws {
    var settings = try kind.settings.fetchOne(self) ?? kind.defaultSettings
    settings.showCompleted = showCompleted
    try saveSettings(settings)
  }
}

extension DatabaseWriter {
  /// A screen's settings as saved, or its defaults.
  public func settings(for kind: DetailKind) throws -> ScreenSettings {
    try read { try kind.settings.fetchOne($0) } ?? kind.defaultSettings
  }
}
