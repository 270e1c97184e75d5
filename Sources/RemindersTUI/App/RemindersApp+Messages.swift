import Foundation
import RemindersKit
import SQLiteData
import TerminalUI

// The status line's messages.
extension RemindersApp {
  /// Runs an action, showing the message it returns, or its error.
  func report(_ fallback: String?, _ body: () throws -> String?) {
    do {
      if let message = try body() ?? fallback { post(message, style: .statusBar) }
    } catch {
      post(message(for: error), style: .error)
    }
  }

  func post(_ text: String, style: Style) {
    let now = ContinuousClock.now
    let expiry = now + .seconds(4)
    messages.removeExpired(at: now)
    messages.post(text, style: style, until: expiry)
    loop?.redraw(at: expiry)
  }
}
