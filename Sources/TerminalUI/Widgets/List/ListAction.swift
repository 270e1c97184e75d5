/// What a list can be asked to do.
public enum ListAction: Hashable, Sendable {
  case up
  case down
  case pageUp
  case pageDown
  case halfPageUp
  case halfPageDown
  case top
  case bottom

  /// The list's standard keys: vim's and the arrows.
  public static let standardBindings: [KeyBinding<ListAction>] = [
    KeyBinding("k", .up, "Previous item", section: "List"),
    KeyBinding("up", .up, "Previous item", section: "List"),
    KeyBinding("j", .down, "Next item", section: "List"),
    KeyBinding("down", .down, "Next item", section: "List"),
    KeyBinding("pgup", .pageUp, "Page up", section: "List"),
    KeyBinding("ctrl-b", .pageUp, "Page up", section: "List"),
    KeyBinding("pgdn", .pageDown, "Page down", section: "List"),
    KeyBinding("ctrl-f", .pageDown, "Page down", section: "List"),
    KeyBinding("ctrl-u", .halfPageUp, "Half a page up", section: "List"),
    KeyBinding("ctrl-d", .halfPageDown, "Half a page down", section: "List"),
    KeyBinding("g g", .top, "First item", section: "List"),
    KeyBinding("home", .top, "First item", section: "List"),
    KeyBinding("G", .bottom, "Last item", section: "List"),
    KeyBinding("end", .bottom, "Last item", section: "List"),
  ]
}
