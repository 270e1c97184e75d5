import RemindersKit
import TerminalUI

/// The line at the bottom of the screen where text is typed: a reminder to quick-add, or a tag
/// for the marked reminders.
struct LinePrompt {
  enum Purpose {
    case quickAdd
    /// Tag (or untag) these reminders.
    case tag([Reminder.ID])
  }

  var purpose: Purpose
  var field: TextFieldState
  /// Why the text could not be used, shown above the line until the text changes.
  var error: String?

  init(_ purpose: Purpose, text: String = "", error: String? = nil) {
    self.purpose = purpose
    field = TextFieldState(text)
    self.error = error
  }

  /// The label before the text.
  var label: String {
    switch purpose {
    case .quickAdd: " New "
    case .tag: " Tag # "
    }
  }

  /// What the empty line says to type.
  var hint: String {
    switch purpose {
    case .quickAdd: "Title " + AppKeymap.quickAddHint
    case .tag(let ids):
      "a tag for \(ids.count == 1 ? "the reminder" : "\(ids.count) reminders") (one they all have comes off)"
    }
  }
}
