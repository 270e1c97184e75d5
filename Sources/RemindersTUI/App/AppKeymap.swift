import TerminalUI

/// The app's keys, by mode: the sidebar, a detail screen, and search results; keys without a mode
/// work in all three. The help overlay is generated from these bindings.
enum AppKeymap {
  static let sidebar: KeymapMode = "sidebar"
  static let detail: KeymapMode = "detail"
  static let search: KeymapMode = "search"

  static func make() -> Keymap<AppAction> {
    var keymap = Keymap<AppAction>()
    func bind(
      _ keys: KeySequence, _ action: AppAction, _ text: String, _ mode: KeymapMode?, _ section: String
    ) {
      keymap.bind(keys, action, text, mode: mode, section: section)
    }
    // The sidebar.
    for keys: KeySequence in ["enter", "l", "right"] {
      bind(keys, .open, "Open the list, smart list or tag", sidebar, "Sidebar")
    }
    bind("a", .addList, "Add a list", sidebar, "Sidebar")
    bind("e", .editList, "Edit the list (title, colour)", sidebar, "Sidebar")
    bind("d", .deleteEntry, "Delete the list or tag (asks first)", sidebar, "Sidebar")
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
      bind("d", .delete, "Delete the reminder (asks first)", mode, section)
      bind("c", .toggleShowCompleted, "Show or hide completed", mode, section)
    }
    bind("K", .moveUp, "Move up (switches to manual order)", detail, "Reminders")
    bind("J", .moveDown, "Move down (switches to manual order)", detail, "Reminders")
    bind("s", .sort, "Sort by due date, manual, priority or title", detail, "Reminders")
    for keys: KeySequence in ["h", "left", "esc"] {
      bind(keys, .back, "Back to the sidebar", detail, "Reminders")
    }
    bind("C", .clearCompleted, "Clear completed matches…", search, "Search results")
    bind("i", .editQuery, "Edit the search text", search, "Search results")
    bind("esc", .back, "Close the search", search, "Search results")

    // Anywhere.
    bind("n", .quickAdd, "New reminder, quick add (\(quickAddHint))", nil, "General")
    bind("N", .newReminder, "New reminder with the form", nil, "General")
    bind("/", .search, "Search", nil, "General")
    bind("tab", .switchPane, "Switch between sidebar and reminders", nil, "General")
    bind("u", .undo, "Undo", nil, "General")
    bind("ctrl-r", .redo, "Redo", nil, "General")
    bind("S", .loadSampleData, "Load the sample data (empty database)", nil, "General")
    bind("?", .help, "Show this help", nil, "General")
    bind("q", .quit, "Quit", nil, "General")
    return keymap
  }

  static let quickAddHint = "!! #tag @List tomorrow 5pm"

  /// Every binding's help, all modes included, then the list movement keys.
  static func helpSections(_ keymap: Keymap<AppAction>) -> [HelpSection] {
    var sections: [HelpSection] = []
    for mode in [detail, sidebar, search] {
      for section in keymap.helpSections(mode: mode)
      where !sections.contains(where: { $0.title == section.title }) {
        sections.append(section)
      }
    }
    // "General" (bindings without a mode) came with the first mode; it goes last but one.
    if let general = sections.firstIndex(where: { $0.title == "General" }) {
      sections.append(sections.remove(at: general))
    }
    sections.append(contentsOf: ListState<Int>().keymap.helpSections())
    return sections
  }
}
