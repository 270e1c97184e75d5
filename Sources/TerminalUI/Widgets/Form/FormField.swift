/// One labelled control of a form.
public struct FormField: Hashable, Sendable {
  public enum Control: Hashable, Sendable {
    case text(TextFieldState)
    case toggle(Bool)
    /// One of several options, changed with Left and Right (or Space).
    case choice(options: [String], selected: Int)
  }

  public var label: String
  public var control: Control

  public init(_ label: String, _ control: Control) {
    self.label = label
    self.control = control
  }

  public static func text(_ label: String, _ text: String = "") -> FormField {
    FormField(label, .text(TextFieldState(text)))
  }

  public static func toggle(_ label: String, _ isOn: Bool = false) -> FormField {
    FormField(label, .toggle(isOn))
  }

  public static func choice(_ label: String, options: [String], selected: Int = 0) -> FormField {
    FormField(label, .choice(options: options, selected: min(max(selected, 0), max(options.count - 1, 0))))
  }

  /// The field's value as text: the text, "true"/"false", or the chosen option.
  public var value: String {
    switch control {
    case .text(let state): state.text
    case .toggle(let isOn): isOn ? "true" : "false"
    case .choice(let options, let selected): options.indices.contains(selected) ? options[selected] : ""
    }
  }

  /// Handles a key meant for the control; false when the control has no use for it.
  mutating func handle(_ event: KeyEvent) -> Bool {
    switch control {
    case .text(var state):
      let handled = state.handle(event)
      control = .text(state)
      return handled
    case .toggle(let isOn):
      guard case .key(let key) = event, key == KeyPress(" ") else { return false }
      control = .toggle(!isOn)
      return true
    case .choice(let options, let selected):
      guard case .key(let key) = event, !options.isEmpty else { return false }
      let step: Int
      switch key {
      case .left, KeyPress("h"): step = -1
      case .right, KeyPress("l"), KeyPress(" "): step = 1
      default: return false
      }
      control = .choice(options: options, selected: (selected + step + options.count) % options.count)
      return true
    }
  }
}
