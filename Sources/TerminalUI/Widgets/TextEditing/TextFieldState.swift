/// The text and cursor of a single-line text field.
public struct TextFieldState: Hashable, Sendable {
  public var editor: LineEditor

  public init(_ text: String = "") {
    editor = LineEditor(text)
  }

  public var text: String {
    get { editor.text }
    set { editor.replace(with: newValue) }
  }

  public var cursor: Int { editor.cursor }

  /// Handles an editing key or a paste (line breaks in pasted text become spaces, and control
  /// characters are dropped: ``PastedText``). Returns false for events that are not the field's,
  /// such as Enter, Tab and Esc.
  public mutating func handle(_ event: KeyEvent) -> Bool {
    switch event {
    case .key(let key):
      return editor.handle(key)
    case .paste(let text):
      editor.insert(PastedText.cleaned(text, keepsLineBreaks: false))
      return true
    case .mouse, .resize:
      return false
    }
  }
}
