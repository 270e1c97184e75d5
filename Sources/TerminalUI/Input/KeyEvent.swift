/// One thing that came from the terminal.
public enum KeyEvent: Hashable, Sendable {
  case key(KeyPress)
  /// Text pasted while bracketed paste was on, as one event rather than one key per character,
  /// so pasted newlines do not submit forms and pasted letters do not trigger bindings.
  case paste(String)
  case mouse(MouseEvent)
  /// The terminal changed size.
  case resize
}
