import TerminalUI

/// The foot of a dialog: its keys, or the last error, read whole: an error is wrapped over as many
/// lines as it needs, up to three, since what to do comes at its end.
struct DialogFooter: View {
  var error: String?
  var keys: String

  static let maxErrorLines = 3

  /// The lines the footer takes at `width`.
  func height(width: Int) -> Int {
    guard let error else { return 1 }
    return min(max(Text(error).lines(width: max(width, 1)).count, 1), Self.maxErrorLines)
  }

  func render(in rect: Rect, on canvas: inout Canvas) {
    (error.map { Text($0, style: .error) } ?? Text(keys, style: .dim)).render(in: rect, on: &canvas)
  }
}
