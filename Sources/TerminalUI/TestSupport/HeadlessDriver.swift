/// Runs an application on a headless terminal, synchronously: type keys, then read the screen as
/// text and styles. Every input is followed by the frame the run loop would draw.
@MainActor
public final class HeadlessDriver {
  public let terminal: HeadlessTerminal
  public let host: ApplicationHost
  /// How many times the application asked to suspend (Ctrl-Z).
  public private(set) var suspendRequests = 0

  public init(_ application: any Application, size: Size, colorDepth: ColorDepth = .indexed256) {
    terminal = HeadlessTerminal(size: size, colorDepth: colorDepth)
    host = ApplicationHost(backend: terminal, application: application)
    host.onRequest = { [unowned self] request in
      switch request {
      case .suspend: suspendRequests += 1
      }
    }
    host.renderIfNeeded()
  }

  /// The screen as text, trailing spaces trimmed.
  public var screenText: String { terminal.screen.textSnapshot() }
  /// The screen's styles, one symbol per cell.
  public var screenStyles: String { terminal.screen.styleSnapshot() }
  public var cursor: Point? { terminal.screen.cursor }
  public var isFinished: Bool { host.isFinished }

  /// Sends raw input as one read, lets any Esc it ends with count as the Escape key, and draws.
  public func send(_ input: [RawInput]) {
    host.receive(input)
    if host.isHoldingEscape { host.escapeDelayElapsed() }
    host.renderIfNeeded()
  }

  /// Types text, one key per character.
  public func type(_ text: String) {
    for character in text { send(KeyPress(character).rawInput) }
  }

  /// Presses keys written in key notation, such as `"g g"`, `"ctrl-a"` or `"enter"`.
  public func press(_ keys: KeySequence) {
    for key in keys.keys { send(key.rawInput) }
  }

  public func press(_ key: KeyPress) {
    send(key.rawInput)
  }

  /// Pastes text as a terminal with bracketed paste does.
  public func paste(_ text: String) {
    send(("\u{1B}[200~" + text + "\u{1B}[201~").unicodeScalars.map { .character($0.value) })
  }

  /// Resizes the terminal and draws the next frame.
  public func resize(to size: Size) {
    terminal.resize(to: size)
    send(terminal.readInput())
  }

  /// Waits until something the last frame read changes, then draws the new frame.
  public func waitForRedraw() async {
    await host.waitForInvalidation()
    host.renderIfNeeded()
  }

  /// Draws frames as the screen goes out of date (a live value arriving, a write finishing)
  /// until `condition` holds for the screen's text, and returns that text; after `timeout`,
  /// returns the last screen whatever it shows. Nothing is polled: between frames this waits
  /// for the application to change. The timeout only ends a wait that would hang.
  @discardableResult
  public func waitForScreen(timeout: Duration = .seconds(60), _ condition: (String) -> Bool) async -> String {
    let deadline = ContinuousClock.now + timeout
    // Wakes the wait at the deadline if nothing else does, without drawing: a screen the
    // application forgot to mark out of date must not be drawn for it.
    let alarm = Task { [host] in
      try? await Task.sleep(until: deadline)
      host.stopWaitingForInvalidation()
    }
    defer { alarm.cancel() }
    host.renderIfNeeded()
    while !condition(screenText), ContinuousClock.now < deadline {
      await waitForRedraw()
    }
    return screenText
  }

  /// Draws a frame if anything changed since the last.
  public func renderIfNeeded() {
    host.renderIfNeeded()
  }
}
