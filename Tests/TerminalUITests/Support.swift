@testable import TerminalUI

/// Draws a view on a fresh canvas of the given size.
func draw(_ view: some View, width: Int, height: Int) -> Canvas {
  var canvas = Canvas(size: Size(width: width, height: height))
  canvas.render(view)
  return canvas
}

/// The screen text of a view drawn at a size.
func screen(_ view: some View, width: Int, height: Int) -> String {
  draw(view, width: width, height: height).textSnapshot()
}

/// A view that fills its region with one character, to see where layout put it.
struct Fill: View {
  var character: Character

  init(_ character: Character) {
    self.character = character
  }

  func render(in rect: Rect, on canvas: inout Canvas) {
    canvas.fill(rect, with: character)
  }
}

extension KeyEvent {
  /// Key events for typing text, one per character.
  static func typing(_ text: String) -> [KeyEvent] {
    text.map { .key(KeyPress($0)) }
  }
}
