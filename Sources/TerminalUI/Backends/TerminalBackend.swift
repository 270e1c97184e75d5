/// Where frames are drawn and input comes from: a real terminal through ncurses, or the headless
/// grid that tests use.
@MainActor
public protocol TerminalBackend: AnyObject {
  /// The screen size now.
  var size: Size { get }
  /// How the theme should be drawn.
  var colorDepth: ColorDepth { get }
  /// Shows a frame, writing only what changed since the last one.
  func present(_ canvas: Canvas)
  /// Forgets what is on the screen so the next frame is drawn in full (after a resize, a resume
  /// from suspension, or anything else that may have disturbed the screen).
  func invalidateScreen()
  /// All input available now, without waiting.
  func readInput() -> [RawInput]
}
