/// One labelled control of a form.
public struct FormField: Hashable, Sendable {
  public enum Control: Hashable, Sendable {
    case text(TextFieldState)
    case toggle(Bool)
    /// One of several options, changed with Left and Right (or Space).
    case choice(options: [String], selected: Int)
    /// Several lines of text, shown `lines` rows high; Enter breaks the line.
    case textArea(TextAreaState, lines: Int)
    /// A value chosen elsewhere (a picker, an editor): Enter or Space activates it, and the form
    /// reports `FormState.Outcome.activated` for the caller to act on.
    case button(String)
  }

  public var label: String
  public var control: Control
  /// A line under the control: what the value means (a typed date read back), or why it is wrong.
  public var hint: StyledText?

  public init(_ label: String, _ control: Control, hint: StyledText? = nil) {
    self.label = label
    self.control = control
    self.hint = hint
  }

  public static func textArea(_ label: String, _ text: String = "", lines: Int = 3) -> FormField {
    FormField(label, .textArea(TextAreaState(text), lines: max(lines, 1)))
  }

  public static func button(_ label: String, _ value: String) -> FormField {
    FormField(label, .button(value))
  }

  /// The rows the field takes: its control's and its hint's.
  public var height: Int {
    let control =
      switch control {
      case .textArea(_, let lines): lines
      default: 1
      }
    return control + (hint == nil ? 0 : 1)
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
    case .textArea(let state, _): state.text
    case .button(let value): value
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
    case .textArea(var state, let lines):
      let handled = state.handle(event, height: lines)
      control = .textArea(state, lines: lines)
      return handled
    case .button:
      return false
    }
  }
}
