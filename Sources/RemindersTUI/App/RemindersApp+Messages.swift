import Foundation
import RemindersKit
import SQLiteData
import TerminalUI

// The status line's messages.
extension RemindersApp {
  /// Runs a write through the write queue (off the main actor, after the writes before it), then
  /// shows the message it returns, or `fallback`, or its error.
  func write(_ fallback: String? = nil, _ body: @escaping @Sendable (Database) throws -> String?) {
    write(body) { [weak self] message in
      if let message = message ?? fallback { self?.post(message, style: .statusBar) }
    }
  }

  /// Runs a write through the write queue, then `done` with its result on the main actor. An
  /// error goes to `failed`, or else to the status line.
  func write<T: Sendable>(
    _ body: @escaping @Sendable (Database) throws -> T, then done: @escaping @MainActor (T) -> Void,
    failed: (@MainActor (any Error) -> Void)? = nil
  ) {
    writes.enqueue(on: dependencies.defaultDatabase, body) { [weak self] result in
      switch result {
      case .success(let value): done(value)
      case .failure(let error):
        // A quit waiting for this write is called off: what failed (and the text reopened for
        // another try) must be seen, not lost with the screen.
        let wasQuitting = self?.isQuittingWhenSaved == true
        self?.isQuittingWhenSaved = false
        if let failed {
          failed(error)
        } else {
          let text = message(for: error)
          self?.post(wasQuitting ? "Not quitting, as the change was not saved: " + text : text, style: .error)
        }
      }
    }
  }

  /// Runs a read through the write queue (after the writes asked for before it, off the main
  /// actor), then `done` with its result on the main actor; an error goes to the status line.
  func read<T: Sendable>(
    _ body: @escaping @Sendable (Database) throws -> T, then done: @escaping @MainActor (T) -> Void
  ) {
    writes.enqueueRead(on: dependencies.defaultDatabase, body) { [weak self] result in
      switch result {
      case .success(let value): done(value)
      case .failure(let error): self?.post(message(for: error), style: .error)
      }
    }
  }

  /// Ctrl-Z where nothing could continue the app once stopped (see `JobControl`).
  func suspendIsUnavailable() {
    post("Ctrl-Z: no shell with job control started this app, so it keeps running (q quits)", style: .warning)
  }

  func post(_ text: String, style: Style) {
    if style == .error {
      shownError = text
      return
    }
    let now = ContinuousClock.now
    let expiry = now + messageLifetime
    messages.removeExpired(at: now)
    messages.post(text, style: style, until: expiry)
    loop?.redraw(at: expiry)
  }
}
