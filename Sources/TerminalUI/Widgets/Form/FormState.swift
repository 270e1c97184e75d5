/// The fields of a form and which one has focus.
public struct FormState: Hashable, Sendable {
  /// What a key did to the form as a whole.
  public enum Outcome: Hashable, Sendable {
    /// Enter on the last field (or on a non-text field): the form is complete.
    case submitted
    /// Esc.
    case cancelled
    /// Enter or Space on a button field, by index.
    case activated(Int)
  }

  public var fields: [FormField]
  public private(set) var focus: Int

  public init(_ fields: [FormField], focus: Int = 0) {
    self.fields = fields
    self.focus = min(max(focus, 0), max(fields.count - 1, 0))
  }

  public subscript(label: String) -> String? {
    fields.first { $0.label == label }?.value
  }

  public mutating func focus(on index: Int) {
    guard !fields.isEmpty else { return }
    focus = (index % fields.count + fields.count) % fields.count
  }

  /// The value of a field by index.
  public subscript(index: Int) -> FormField {
    get { fields[index] }
    set { fields[index] = newValue }
  }

  /// Handles an event: Tab and Down move focus forward, Shift-Tab and Up back (both wrapping),
  /// Enter moves forward or submits on the last field, Esc cancels; anything else goes to the
  /// focused field. A text area keeps Enter, and Up and Down between its own lines, and a button answers
  /// Enter and Space with `activated`. Returns the outcome when the form is finished or a button
  /// was activated.
  public mutating func handle(_ event: KeyEvent) -> Outcome? {
    guard !fields.isEmpty else {
      if case .key(.escape) = event { return .cancelled }
      return nil
    }
    if case .key(let key) = event {
      switch (fields[focus].control, key) {
      case (.textArea(let area, _), .up) where area.row > 0,
        (.textArea(let area, _), .down) where area.row < area.lines.count - 1:
        // Up and Down move between the area's lines, and out of it from the first and last.
        _ = fields[focus].handle(event)
        return nil
      case (.textArea, .enter):
        _ = fields[focus].handle(event)
        return nil
      case (.button, .enter), (.button, KeyPress(" ")):
        return .activated(focus)
      default:
        break
      }
      switch key {
      case .tab, .down:
        focus(on: focus + 1)
        return nil
      case .backTab, .up:
        focus(on: focus - 1)
        return nil
      case .escape:
        return .cancelled
      case .enter:
        if focus == fields.count - 1 { return .submitted }
        focus(on: focus + 1)
        return nil
      default:
        break
      }
    }
    _ = fields[focus].handle(event)
    return nil
  }
}
