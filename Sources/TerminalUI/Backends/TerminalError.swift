/// Why the terminal could not be used.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
  /// Standard input or output is not a terminal (the program is piped or redirected).
  case notATerminal
  /// ncurses could not set the terminal up, typically because `TERM` names an unknown terminal.
  case cannotInitialize(term: String)
  /// The terminal cannot move its cursor (`TERM=dumb`), so a full screen cannot be drawn on it.
  case cannotAddressCursor(term: String)

  public var description: String {
    switch self {
    case .notATerminal:
      "This program needs a terminal: standard input and output must not be redirected or piped."
    case .cannotInitialize(let term) where term.isEmpty:
      "Cannot set up the terminal: TERM is not set; set it to your terminal's type (such as xterm-256color)."
    case .cannotInitialize(let term):
      "Cannot set up the terminal \"\(term)\"; check that TERM names a terminal this system knows."
    case .cannotAddressCursor(let term):
      "The terminal \"\(term)\" cannot move its cursor, so a full-screen program cannot run in it; "
        + "set TERM to your terminal's type (such as xterm-256color)."
    }
  }
}
