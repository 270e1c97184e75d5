import CNCursesW

extension KeyPress {
  /// What a terminal sends for this key, as `get_wch` would return it: the inverse of
  /// `InputDecoder`, for driving applications from tests.
  public var rawInput: [RawInput] {
    let prefix: [RawInput] = modifiers.contains(.alt) ? [.character(0x1B)] : []
    if modifiers.contains(.control), case .character(let character) = key,
      let code = Self.controlCode(for: character)
    {
      return prefix + [.character(code)]
    }
    let xtermParameter =
      1 + (modifiers.contains(.shift) ? 1 : 0) + (modifiers.contains(.alt) ? 2 : 0)
      + (modifiers.contains(.control) ? 4 : 0)
    switch key {
    case .character(let character):
      return prefix + character.unicodeScalars.map { .character($0.value) }
    case .enter: return prefix + [.character(0x0D)]
    case .tab where modifiers.contains(.shift): return [.keyCode(KEY_BTAB)]
    case .tab: return prefix + [.character(0x09)]
    case .backspace: return prefix + [.character(0x7F)]
    case .escape: return prefix + [.character(0x1B)]
    case .function(let number) where xtermParameter == 1: return [.keyCode(cncurses_key_f(Int32(number)))]
    default:
      if xtermParameter == 1, let code = Self.plainCodes[key] { return [.keyCode(code)] }
      guard let final = Self.sequenceFinals[key] else { return [] }
      let sequence = "\u{1B}[1;\(xtermParameter)\(final)"
      return sequence.unicodeScalars.map { .character($0.value) }
    }
  }

  private static func controlCode(for character: Character) -> UInt32? {
    guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return nil }
    switch scalar.value {
    case 0x61...0x7A: return scalar.value - 0x60
    case 0x20: return 0
    case 0x5C...0x5F: return scalar.value - 0x40
    default: return nil
    }
  }

  private static let plainCodes: [Key: Int32] = [
    .up: KEY_UP, .down: KEY_DOWN, .left: KEY_LEFT, .right: KEY_RIGHT, .home: KEY_HOME, .end: KEY_END,
    .pageUp: KEY_PPAGE, .pageDown: KEY_NPAGE, .insert: KEY_IC, .delete: KEY_DC,
  ]

  private static let sequenceFinals: [Key: String] = [
    .up: "A", .down: "B", .right: "C", .left: "D", .home: "H", .end: "F", .function(1): "P",
    .function(2): "Q", .function(3): "R", .function(4): "S",
  ]
}
