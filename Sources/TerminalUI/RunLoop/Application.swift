/// A full-screen program: it draws its state and handles events. The run loop (or, in tests, the
/// headless driver) calls both on the main actor.
@MainActor
public protocol Application: AnyObject {
  /// Brings the state up to date before a frame: with the screen's size, and with the live values
  /// that changed since the last frame (keeping a selection on its row, loading the rows that
  /// will show). `@Observable` values read here are tracked as `render`'s are.
  func update(screenSize: Size)

  /// Draws the whole screen from the application's state, changing nothing: what the keys need
  /// to know about the layout is worked out from the state, not left behind by drawing.
  /// `@Observable` values read while drawing are tracked, and changing any of them redraws the
  /// screen by itself.
  func render(into canvas: inout Canvas)

  /// Handles one event. Unhandled Ctrl-C quits and unhandled Ctrl-Z suspends.
  func handle(_ event: KeyEvent) -> EventResult

  /// Ctrl-Z (or a stop signal) came, but no shell with job control started the program, so
  /// nothing could continue it once stopped: it keeps running, and this is the place to say so.
  func suspendIsUnavailable()

  /// Whether the application has finished by itself, not on a key: asked after each frame. An
  /// application that quits once its work is done (`q` while saving) says so here, and its frame
  /// reads what that depends on, so that a change to it brings the frame.
  var isDone: Bool { get }
}

extension Application {
  public func update(screenSize: Size) {}
  public func suspendIsUnavailable() {}
  public var isDone: Bool { false }
}

/// What handling an event led to.
public enum EventResult: Hashable, Sendable {
  /// The event was used; the screen is redrawn.
  case handled
  /// The event meant nothing to the application.
  case ignored
  /// The application is done; the run loop restores the terminal and returns.
  case quit
}
