/// A key on the keyboard, without modifiers.
public enum Key: Hashable, Sendable {
  /// Text: a letter, digit, symbol, or any grapheme including CJK and emoji.
  case character(Character)
  case enter
  case tab
  case backspace
  case escape
  case up
  case down
  case left
  case right
  case home
  case end
  case pageUp
  case pageDown
  case insert
  case delete
  /// F1 to F12 (and beyond, on keyboards that have them).
  case function(Int)
}
