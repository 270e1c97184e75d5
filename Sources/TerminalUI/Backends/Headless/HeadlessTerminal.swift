/// A terminal kept in memory: frames are stored instead of drawn, and input is whatever the test
/// queued. Reading `screen` gives exactly what a real terminal would show.
@MainActor
public final class HeadlessTerminal: TerminalBackend {
  public private(set) var size: Size
  public var colorDepth: ColorDepth
  /// The last frame presented.
  public private(set) var screen: Canvas
  /// How many frames were presented, and how many cells the last one changed, to check that
  /// nothing is redrawn needlessly.
  public private(set) var frameCount = 0
  public private(set) var lastChangedCellCount = 0
  private var pendingInput: [RawInput] = []
  private var screenIsValid = false

  public init(size: Size, colorDepth: ColorDepth = .indexed256) {
    self.size = size
    self.colorDepth = colorDepth
    self.screen = Canvas(size: size)
  }

  public func present(_ canvas: Canvas) {
    let diff = screenIsValid ? CanvasDiff(from: screen, to: canvas) : .full(canvas)
    lastChangedCellCount = diff.cellCount
    screen = canvas
    screenIsValid = true
    frameCount += 1
  }

  public func invalidateScreen() {
    screenIsValid = false
  }

  public func readInput() -> [RawInput] {
    defer { pendingInput = [] }
    return pendingInput
  }

  /// Queues input as if typed.
  public func enqueue(_ input: [RawInput]) {
    pendingInput += input
  }

  /// Changes the size as a terminal window would, queueing the resize key ncurses reports.
  public func resize(to newSize: Size) {
    size = newSize
    screenIsValid = false
    pendingInput.append(.keyCode(CursesKeyCodes.resize))
  }
}
