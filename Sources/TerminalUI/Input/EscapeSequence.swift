/// The keys of the escape sequences terminals send (xterm, VT220, rxvt and kitty's CSI u), for
/// when ncurses passes a sequence through undecoded because terminfo does not describe it.
enum EscapeSequence {
  /// What a control sequence (`ESC [ parameters final`) means.
  enum Meaning: Equatable {
    case key(KeyPress)
    case mouse(MouseEvent)
    case pasteStart
    case pasteEnd
    case unknown
  }

  static func controlSequence(parameters: String, final: Unicode.Scalar) -> Meaning {
    if parameters.hasPrefix("<") {
      return sgrMouse(parameters: parameters.dropFirst(), final: final).map(Meaning.mouse) ?? .unknown
    }
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0) ?? 1
    }
    let first = numbers.first ?? 1
    let modifiers = KeyModifiers(xtermParameter: numbers.count > 1 ? numbers[1] : 1)

    switch final {
    case "A": return .key(KeyPress(.up, modifiers: modifiers))
    case "B": return .key(KeyPress(.down, modifiers: modifiers))
    case "C": return .key(KeyPress(.right, modifiers: modifiers))
    case "D": return .key(KeyPress(.left, modifiers: modifiers))
    case "H": return .key(KeyPress(.home, modifiers: modifiers))
    case "F": return .key(KeyPress(.end, modifiers: modifiers))
    case "Z": return .key(.backTab)
    case "P", "Q", "R", "S":
      return .key(KeyPress(.function(Int(final.value - 0x50) + 1), modifiers: modifiers))
    case "u":
      guard let scalar = Unicode.Scalar(UInt32(clamping: first)) else { return .unknown }
      return keyPress(forCodePoint: scalar, modifiers: modifiers).map(Meaning.key) ?? .unknown
    case "~":
      switch first {
      case 200: return .pasteStart
      case 201: return .pasteEnd
      default:
        guard let key = tildeKeys[first] else { return .unknown }
        return .key(KeyPress(key, modifiers: modifiers))
      }
    default:
      return .unknown
    }
  }

  /// An xterm SGR mouse report (`ESC [ < button ; column ; row M`, `m` for a release), for when
  /// ncurses passes one through. Motion reports are not used.
  static func sgrMouse(parameters: Substring, final: Unicode.Scalar) -> MouseEvent? {
    let numbers = parameters.split(separator: ";").compactMap { Int($0) }
    guard numbers.count == 3, final == "M" || final == "m" else { return nil }
    let code = numbers[0]
    // One-based, and any number may arrive: the subtraction must not overflow.
    let position = Point(x: numbers[1] > 0 ? numbers[1] - 1 : 0, y: numbers[2] > 0 ? numbers[2] - 1 : 0)
    var modifiers: KeyModifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    guard code & 32 == 0 else { return nil }
    if code & 64 != 0 {
      switch code & 3 {
      case 0: return MouseEvent(.wheelUp, at: position, modifiers: modifiers)
      case 1: return MouseEvent(.wheelDown, at: position, modifiers: modifiers)
      default: return nil
      }
    }
    let button = code & 3 + 1
    guard button <= 3 else { return nil }
    let action: MouseEvent.Action = final == "M" ? .press(button: button) : .release(button: button)
    return MouseEvent(action, at: position, modifiers: modifiers)
  }

  /// What `ESC O final` means (the keypad's application mode).
  static func singleShift(final: Unicode.Scalar) -> KeyPress? {
    switch final {
    case "A": .up
    case "B": .down
    case "C": .right
    case "D": .left
    case "H": .home
    case "F": .end
    case "M": .enter
    case "P", "Q", "R", "S": KeyPress(.function(Int(final.value - 0x50) + 1))
    default: nil
    }
  }

  private static let tildeKeys: [Int: Key] = [
    1: .home, 7: .home, 2: .insert, 3: .delete, 4: .end, 8: .end, 5: .pageUp, 6: .pageDown,
    11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
    17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
    23: .function(11), 24: .function(12),
  ]

  /// The key a CSI u code point names; nil for another control character, which no key types.
  private static func keyPress(forCodePoint scalar: Unicode.Scalar, modifiers: KeyModifiers)
    -> KeyPress?
  {
    switch scalar.value {
    case 13: KeyPress(.enter, modifiers: modifiers)
    case 9: KeyPress(.tab, modifiers: modifiers)
    case 27: KeyPress(.escape, modifiers: modifiers)
    case 127, 8: KeyPress(.backspace, modifiers: modifiers)
    case 0..<0x20, 0x80..<0xA0: nil
    default: KeyPress(Character(scalar), modifiers: modifiers)
    }
  }
}
