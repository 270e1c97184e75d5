/// One entry of a keymap: keys, what they do, and how the help overlay describes them.
public struct KeyBinding<Action: Sendable>: Sendable {
  public var sequence: KeySequence
  public var action: Action
  /// The help overlay's text for the binding; bindings without one are left out of the help.
  public var description: String
  /// The mode the binding applies in, or nil for every mode.
  public var mode: KeymapMode?
  /// The help overlay section the binding is listed under.
  public var section: String

  public init(
    _ sequence: KeySequence, _ action: Action, _ description: String = "", mode: KeymapMode? = nil,
    section: String = "Keys"
  ) {
    self.sequence = sequence
    self.action = action
    self.description = description
    self.mode = mode
    self.section = section
  }
}
