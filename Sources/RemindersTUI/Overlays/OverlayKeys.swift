import TerminalUI

/// The keys of the reminder and list forms, beyond moving between fields and editing them.
enum FormAction: Hashable, Sendable {
  case save
  case cancel
  case editNotes
}

/// What the tags picker's keys do.
enum TagPickerAction: Hashable, Sendable {
  case toggle
  case done
  case cancel
  case add
  case rename
  case delete
}

enum OverlayKeys {
  static func form() -> Keymap<FormAction> {
    Keymap([
      KeyBinding("ctrl-s", .save, "Save", section: "Forms"),
      KeyBinding("esc", .cancel, "Cancel", section: "Forms"),
      KeyBinding("ctrl-e", .editNotes, "Edit the notes in $EDITOR", section: "Forms"),
    ])
  }

  /// The forms' keys for the help: the form keymap's, and how the toolkit's form moves between
  /// fields.
  static var formHelp: HelpSection {
    HelpSection(title: "Forms", entries: form().helpSections().flatMap(\.entries) + formMovement)
  }

  private static let formMovement: [HelpEntry] =
    [
      HelpEntry(keys: ["tab", "down"], description: "Next field"),
      HelpEntry(keys: ["shift-tab", "up"], description: "Previous field"),
      HelpEntry(keys: ["enter"], description: "Next field; save on the last; pick tags"),
      HelpEntry(keys: ["space", "left", "right"], description: "Toggle, or change a choice"),
    ]

  static func tagPicker() -> Keymap<TagPickerAction> {
    Keymap([
      KeyBinding("space", .toggle, "Choose or drop the tag", section: "Tags picker"),
      KeyBinding("x", .toggle, "Choose or drop the tag", section: "Tags picker"),
      KeyBinding("enter", .done, "Done", section: "Tags picker"),
      KeyBinding("esc", .cancel, "Cancel", section: "Tags picker"),
      KeyBinding("n", .add, "New tag", section: "Tags picker"),
      KeyBinding("r", .rename, "Rename the tag", section: "Tags picker"),
      KeyBinding("d", .delete, "Delete the tag (asks first)", section: "Tags picker"),
    ])
  }
}
