import Observation
import TerminalUI

/// What the bottom line says: transient messages and the last error. Observable, and read by
/// every frame, so that a message posted when a wait ends (the server's answer to a leave, say)
/// redraws the screen by itself, whatever drives the app.
@MainActor
@Observable
final class StatusLineModel {
  var messages = StatusMessages()
  var shownError: String?
}
