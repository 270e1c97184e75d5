/// How the terminal is set up.
public struct TerminalOptions: Sendable {
  /// Reports mouse clicks and the wheel as events.
  public var mouse: Bool
  /// Asks the terminal to mark pasted text, so a paste arrives as one event.
  public var bracketedPaste: Bool
  /// How long an Esc waits for the rest of a sequence before it counts as the Escape key.
  public var escapeDelay: Duration
  /// Takes every key, Ctrl-C and Ctrl-Z included, as input (raw mode); the run loop then treats
  /// unhandled Ctrl-C as quit and Ctrl-Z as suspend. When false, the terminal driver turns them
  /// into signals (cbreak mode), which the run loop handles the same way.
  public var rawKeys: Bool
  /// The theme colours are drawn with.
  public var theme: Theme

  public init(
    mouse: Bool = false, bracketedPaste: Bool = true, escapeDelay: Duration = .milliseconds(25),
    rawKeys: Bool = true, theme: Theme = .standard
  ) {
    self.mouse = mouse
    self.bracketedPaste = bracketedPaste
    self.escapeDelay = escapeDelay
    self.rawKeys = rawKeys
    self.theme = theme
  }
}
