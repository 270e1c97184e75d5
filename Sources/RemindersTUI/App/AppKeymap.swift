import TerminalUI

/// The app's keys, by mode: the sidebar, a detail screen, and search results; keys without a mode
/// work in all three. The help overlay is generated from these bindings.
enum AppKeymap {
  static let sidebar: KeymapMode = "sidebar"
  static let detail: KeymapMode = "detail"
  static let search: KeymapMode = "search"
  static let stats: KeymapMode = "stats"

  /// The mode of the right-hand pane: search, stats, or a detail screen.
  static func rightPane(isSearching: Bool, showsStats: Bool) -> KeymapMode {
    isSearching ? search : showsStats ? stats : detail
  }

  static func make() -> Keymap<AppAction> {
    var keymap = Keymap<AppAction>()
    func bind(
      _ keys: KeySequence, _ action: AppAction, _ text: String, _ mode: KeymapMode?, _ section: String
    ) {
      keymap.bind(keys, action, text, mode: mode, section: section)
    }
    // The sidebar.
    for keys: KeySequence in ["enter", "l", "right"] {
      bind(keys, .open, "Open the entry", sidebar, "Sidebar")
    }
    bind("a", .addList, "Add a list", sidebar, "Sidebar")
    bind("e", .editList, "Edit the list", sidebar, "Sidebar")
    bind("d", .deleteEntry, "Delete the list or tag", sidebar, "Sidebar")
    bind("K", .moveListUp, "Move the list up", sidebar, "Sidebar")
    bind("J", .moveListDown, "Move the list down", sidebar, "Sidebar")

    // Reminders on a detail screen.
    for mode in [detail, search] {
      let section = mode == detail ? "Reminders" : "Search results"
      bind("space", .toggleCompletion, "Complete or uncomplete", mode, section)
      bind("x", .toggleCompletion, "Complete or uncomplete", mode, section)
      bind("f", .toggleFlag, "Flag or unflag", mode, section)
      bind("e", .edit, "Edit the reminder", mode, section)
      bind("enter", .edit, "Edit the reminder", mode, section)
      bind("d", .delete, "Delete the reminder", mode, section)
      bind("c", .toggleShowCompleted, "Show or hide completed", mode, section)
      bind("t", .tag, "Tag (or untag)", mode, section)
      bind("m", .moveToList, "Move to another list…", mode, section)
      bind("Y", .duplicate, "Duplicate", mode, section)
    }
    bind("r", .rename, "Rename in place", detail, "Reminders")
    bind("v", .mark, "Mark or unmark (keys then act on all marked)", detail, "Reminders")
    bind("V", .markRange, "Mark a range: V at each end", detail, "Reminders")
    bind("K", .moveUp, "Move up (manual order)", detail, "Reminders")
    bind("J", .moveDown, "Move down (manual order)", detail, "Reminders")
    bind("s", .sort, "Sort by…", detail, "Reminders")
    for keys: KeySequence in ["h", "left", "esc"] {
      bind(keys, .back, "Unmark all, or back to the sidebar", detail, "Reminders")
    }
    bind("C", .clearCompleted, "Clear completed…", search, "Search results")
    bind("i", .editQuery, "Edit the search text", search, "Search results")
    bind("esc", .back, "Close the search", search, "Search results")
    for keys: KeySequence in ["h", "left", "esc"] {
      bind(keys, .back, "Close the stats", stats, "Stats")
    }
    for keys: KeySequence in ["j", "down"] {
      bind(keys, .scrollStats(1), "Scroll the lists down", stats, "Stats")
    }
    for keys: KeySequence in ["k", "up"] {
      bind(keys, .scrollStats(-1), "Scroll the lists up", stats, "Stats")
    }

    // Anywhere.
    bind("n", .quickAdd, "New reminder (quick add)", nil, "General")
    bind("N", .newReminder, "New reminder with the form", nil, "General")
    bind("/", .search, "Search", nil, "General")
    bind("%", .stats, "Stats: completions, counts, lists, tags", nil, "General")
    bind("tab", .switchPane, "Switch pane", nil, "General")
    bind("u", .undo, "Undo", nil, "General")
    bind("ctrl-r", .redo, "Redo", nil, "General")
    bind("S", .loadSampleData, "Load the sample data", nil, "General")
    bind("p", .share, "Share the list (people)", nil, "Sync")
    bind("P", .joinShared, "Join a list shared with you", nil, "Sync")
    bind("y", .syncNow, "Sync now", nil, "Sync")
    bind("?", .help, "Show this help", nil, "General")
    bind("q", .quit, "Quit", nil, "General")
    return keymap
  }

  static let quickAddHint = "!! #tag @List tomorrow 5pm"

  /// Every binding's help: the current mode's keys first, then those that work anywhere, the
  /// other modes' and the list movement keys. Search results share the reminders' keys, which are
  /// listed once.
  static func helpSections(_ keymap: Keymap<AppAction>, current: KeymapMode) -> [HelpSection] {
    var sections: [HelpSection] = []
    var described: Set<String> = []
    for mode in [current] + [detail, sidebar, search, stats].filter({ $0 != current }) {
      for var section in keymap.helpSections(mode: mode)
      where !sections.contains(where: { $0.title == section.title }) {
        if section.title != "General" {
          section.entries.removeAll { described.contains($0.description + $0.keys.joined()) }
        }
        for entry in section.entries { described.insert(entry.description + entry.keys.joined()) }
        sections.append(section)
      }
    }
    // "General" (bindings without a mode) came with the current mode; it follows that mode's own.
    if let general = sections.firstIndex(where: { $0.title == "General" }), general != 1, sections.count > 1 {
      sections.insert(sections.remove(at: general), at: 1)
    }
    sections.append(contentsOf: ListState<Int>().keymap.helpSections())
    return sections
  }
}
