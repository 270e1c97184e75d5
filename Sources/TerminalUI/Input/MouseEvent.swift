/// A mouse action at a cell.
public struct MouseEvent: Hashable, Sendable {
  public enum Action: Hashable, Sendable {
    case press(button: Int)
    case release(button: Int)
    case click(button: Int)
    case wheelUp
    case wheelDown
  }

  public var action: Action
  public var position: Point
  public var modifiers: KeyModifiers

  public init(_ action: Action, at position: Point, modifiers: KeyModifiers = []) {
    self.action = action
    self.position = position
    self.modifiers = modifiers
  }
}
