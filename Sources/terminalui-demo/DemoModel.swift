import Observation
import TerminalUI

/// The demo's data. It lives on the main actor; background work changes it through
/// `MainLoop.post`, and the screen follows by itself because rendering reads it.
@MainActor
@Observable
final class DemoModel {
  var counters: [Counter] = [
    Counter(id: 1, name: "Coffee", count: 3, color: RGB(hex: "#c08040")),
    Counter(id: 2, name: "Commits", count: 12, color: RGB(hex: "#4a99ef")),
    Counter(id: 3, name: "日本語のメモ", count: 1),
    Counter(id: 4, name: "Emoji 😀 and flags 🇫🇷", count: 0, color: RGB(hex: "#e04040")),
  ]
  /// Lines of the watched file, when one was given.
  var watchedLines: [String] = []
  var ticks = 0
  var note = "Press e to edit this note in $EDITOR."
  private var nextID = 5

  func add(_ name: String) {
    let trimmed = name.trimmingSpaces
    guard !trimmed.isEmpty else { return }
    counters.append(Counter(id: nextID, name: trimmed, count: 0))
    nextID += 1
  }
}

extension String {
  var trimmingSpaces: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
