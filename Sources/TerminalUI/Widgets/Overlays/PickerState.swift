/// The options of a picker or menu and which one is highlighted.
public struct PickerState: Hashable, Sendable {
  public enum Outcome: Hashable, Sendable {
    case chosen(Int)
    case cancelled
  }

  public var options: [String]
  public private(set) var highlighted: Int

  public init(_ options: [String], highlighted: Int = 0) {
    self.options = options
    self.highlighted = min(max(highlighted, 0), max(options.count - 1, 0))
  }

  /// j/k and the arrows move, Home/End and g/G jump, a digit 1–9 or the first letter of an
  /// option jumps to it, Enter chooses, Esc or q cancels.
  public mutating func handle(_ event: KeyEvent) -> Outcome? {
    guard case .key(let key) = event else { return nil }
    switch key {
    case .escape, KeyPress("q"):
      return .cancelled
    case .enter:
      return options.isEmpty ? .cancelled : .chosen(highlighted)
    case .up, KeyPress("k"), .control("p"):
      move(to: highlighted - 1)
    case .down, KeyPress("j"), .control("n"):
      move(to: highlighted + 1)
    case .home, KeyPress("g"):
      move(to: 0)
    case .end, KeyPress("G"):
      move(to: options.count - 1)
    default:
      guard let character = key.text, !options.isEmpty else { return nil }
      if let digit = character.wholeNumberValue, digit >= 1, digit <= options.count {
        highlighted = digit - 1
        return .chosen(highlighted)
      }
      let letter = character.lowercased()
      let order = Array(highlighted + 1..<options.count) + Array(0...highlighted)
      if let match = order.first(where: {
        options.indices.contains($0) && options[$0].lowercased().hasPrefix(letter)
      }) {
        highlighted = match
      }
    }
    return nil
  }

  private mutating func move(to index: Int) {
    guard !options.isEmpty else { return }
    highlighted = min(max(index, 0), options.count - 1)
  }
}
