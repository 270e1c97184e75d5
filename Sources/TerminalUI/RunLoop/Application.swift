/// A full-screen program: it draws its state and handles events. The run loop (or, in tests, the
/// headless driver) calls both on the main actor.
@MainActor
public protocol Application: AnyObject {
  /// Draws the whole screen from the application's state. `@Observable` values read while
  /// drawing are tracked, and changing any of them redraws the screen by itself.
  func render(into canvas: inout Canvas)

  /// Handles one event. Unhandled Ctrl-C quits and unhandled Ctrl-Z suspends.
  func handle(_ event: KeyEvent) -> EventResult
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
