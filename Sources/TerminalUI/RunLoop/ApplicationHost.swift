import Foundation
import Observation

/// The part of a run loop that does not depend on how time passes or where input comes from:
/// decoding input, dispatching events to the application with the standard Ctrl-C and Ctrl-Z
/// meanings, and drawing a frame when something changed, tracking the observable values the
/// drawing read. `MainLoop` drives it from a real terminal and `HeadlessDriver` from tests.
@MainActor
public final class ApplicationHost {
  /// Why the host wants the loop's attention.
  enum Request {
    case suspend
  }

  public let backend: any TerminalBackend
  public let application: any Application
  private var decoder = InputDecoder()
  /// True when the screen is out of date.
  public private(set) var needsRender = true
  /// True once the application asked to quit or was interrupted.
  public private(set) var isFinished = false
  /// True when the host finished because of a Ctrl-C the application did not handle.
  public private(set) var wasInterrupted = false
  /// How many frames were drawn.
  public private(set) var renderCount = 0
  /// Called when the screen goes out of date, so the loop can schedule a frame: promptly for what
  /// a person did (a key, a resize), paced for an observed value that changed.
  var onInvalidate: (_ promptly: Bool) -> Void = { _ in }
  /// Called for what only the loop can do (suspending the process).
  var onRequest: (Request) -> Void = { _ in }
  private var invalidationWaiters: [CheckedContinuation<Void, Never>] = []

  public init(backend: any TerminalBackend, application: any Application) {
    self.backend = backend
    self.application = application
  }

  /// True while an Esc waits for the escape delay to decide what it is.
  public var isHoldingEscape: Bool { decoder.isHoldingEscape }

  /// Decodes and dispatches input read from the terminal.
  public func receive(_ input: [RawInput]) {
    for event in decoder.decode(input) { dispatch(event) }
  }

  /// The escape delay passed without more input.
  public func escapeDelayElapsed() {
    for event in decoder.escapeDelayElapsed() { dispatch(event) }
  }

  public func dispatch(_ event: KeyEvent) {
    guard !isFinished else { return }
    if event == .resize {
      backend.invalidateScreen()
      invalidate()
    }
    switch application.handle(event) {
    case .handled:
      invalidate()
    case .quit:
      isFinished = true
    case .ignored:
      if event == .key(.control("c")) {
        isFinished = true
        wasInterrupted = true
      } else if event == .key(.control("z")) {
        onRequest(.suspend)
      }
    }
  }

  /// Marks the screen out of date.
  public func invalidate() {
    invalidate(promptly: true)
  }

  /// Marks the screen out of date because an observed value changed: its frame is paced.
  private func invalidateForObservedChange() {
    invalidate(promptly: false)
  }

  private func invalidate(promptly: Bool) {
    let wasCurrent = !needsRender
    needsRender = true
    // A key's frame is asked for even when a paced frame is already waiting: it must not wait.
    if wasCurrent || promptly { onInvalidate(promptly) }
    let waiters = invalidationWaiters
    invalidationWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// Stops the host, as if the application had quit.
  public func finish() {
    isFinished = true
  }

  /// Suspends until the screen next goes out of date (for tests waiting on a change made
  /// elsewhere) or ``stopWaitingForInvalidation()`` is called; returns at once if it already is.
  public func waitForInvalidation() async {
    guard !needsRender else { return }
    await withCheckedContinuation { invalidationWaiters.append($0) }
  }

  /// Lets every ``waitForInvalidation()`` return with the screen as it is: a test's wait that
  /// timed out sees the last frame drawn, not one drawn because it gave up.
  public func stopWaitingForInvalidation() {
    let waiters = invalidationWaiters
    invalidationWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// Draws a frame if the screen is out of date.
  public func renderIfNeeded() {
    guard needsRender, !isFinished else { return }
    needsRender = false
    var canvas = Canvas(size: backend.size)
    canvas.colorDepth = backend.colorDepth
    withObservationTracking {
      application.update(screenSize: canvas.size)
      application.render(into: &canvas)
    } onChange: { [weak self] in
      // Called on the thread that changed the value, before the change is made. A change made on
      // the main actor (a live value delivered there) marks the screen at once; the frame itself
      // is drawn by a later turn of the main queue, once the change is stored.
      if Thread.isMainThread {
        MainActor.assumeIsolated { self?.invalidateForObservedChange() }
      } else {
        Task { @MainActor in self?.invalidateForObservedChange() }
      }
    }
    backend.present(canvas)
    renderCount += 1
    if application.isDone { isFinished = true }
  }
}
