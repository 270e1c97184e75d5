import Foundation
import SQLiteData

/// The five lists every database has, made of the reminders that match a rule.
public enum SmartList: String, CaseIterable, Hashable, Sendable {
  case today
  case scheduled
  case all
  case flagged
  case completed

  /// The title the sidebar and the screen show.
  public var title: String {
    switch self {
    case .today: "Today"
    case .scheduled: "Scheduled"
    case .all: "All"
    case .flagged: "Flagged"
    case .completed: "Completed"
    }
  }
}

/// What a detail screen shows: a smart list, one list, or the reminders with one or more tags.
public enum DetailKind: Hashable, Sendable {
  case smart(SmartList)
  case list(RemindersList.ID)
  /// Reminders that have any of these tags.
  case tags([Tag.ID])

  /// The key its ``ScreenSettings`` are stored under: `smart:today`, `list:<id>`, `tags:a,b`
  /// (tags lowercased and sorted, so that the same set finds the same settings).
  public var settingsKey: String {
    switch self {
    case .smart(let list): "smart:\(list.rawValue)"
    case .list(let id): "list:\(id.uuidString.lowercased())"
    case .tags(let tags): "tags:" + Set(tags.map { $0.lowercased() }).sorted().joined(separator: ",")
    }
  }

  /// The order a screen sorts by before the user picks one.
  public var defaultOrdering: ScreenSettings.Ordering {
    switch self {
    case .smart: .dueDate
    case .list, .tags: .manual
    }
  }

  /// The settings a screen uses before any are saved.
  public var defaultSettings: ScreenSettings {
    ScreenSettings(screen: settingsKey, ordering: defaultOrdering, showCompleted: self == .smart(.completed))
  }

  /// The settings a screen uses before any are saved, from its settings key.
  static func defaultSettings(screen: String) -> ScreenSettings {
    let kind: DetailKind =
      screen.hasPrefix("list:")
      ? .list(UUID())
      : screen.hasPrefix("tags:")
        ? .tags([])
        : .smart(
          SmartList(rawValue: String(screen.dropFirst("smart:".count))) ?? .all)
    var settings = kind.defaultSettings
    settings.screen = screen
    return settings
  }

  /// Whether the rule already picks completed reminders only, so showing or hiding them means
  /// nothing.
  public var showsOnlyCompleted: Bool { self == .smart(.completed) }
}
