/// What one call of ncurses' `get_wch` produced.
public enum RawInput: Hashable, Sendable {
  /// `OK` with a wide character (a Unicode scalar value, or a control code).
  case character(UInt32)
  /// `KEY_CODE_YES` with one of curses' key codes (`KEY_UP`, `KEY_F(1)`, …).
  case keyCode(Int32)
  /// A key code that ncurses defined at run time from terminfo's extended capabilities, by its
  /// capability name (`kUP5` is Control-Up).
  case namedKey(String)
  /// A mouse report, already read with `getmouse`.
  case mouse(MouseEvent)
}
