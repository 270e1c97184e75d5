/// A yes-or-no question's focus and keys, drawn with `Dialog`.
public struct ConfirmationState: Hashable, Sendable {
  public var title: String
  public var message: String
  public var confirmLabel: String
  public var cancelLabel: String
  /// True when the confirm button has focus. Cancel has it at first, so a stray Enter is safe.
  public private(set) var isConfirmFocused = false

  public init(title: String, message: String, confirmLabel: String = "Yes", cancelLabel: String = "No") {
    self.title = title
    self.message = message
    self.confirmLabel = confirmLabel
    self.cancelLabel = cancelLabel
  }

  /// `y` confirms and `n`, `q` or Esc cancel at once; Left, Right, Tab and h/l move the focus;
  /// Enter answers with the focused button. Returns the answer once given.
  public mutating func handle(_ event: KeyEvent) -> Bool? {
    guard case .key(let key) = event else { return nil }
    switch key {
    case KeyPress("y"), KeyPress("Y"): return true
    case KeyPress("n"), KeyPress("N"), KeyPress("q"), .escape: return false
    case .enter: return isConfirmFocused
    case .left, .right, .tab, .backTab, KeyPress("h"), KeyPress("l"):
      isConfirmFocused.toggle()
      return nil
    default: return nil
    }
  }

  public var dialog: Dialog {
    Dialog(
      title: title, message: message, buttons: [confirmLabel, cancelLabel],
      focusedButton: isConfirmFocused ? 0 : 1)
  }
}
