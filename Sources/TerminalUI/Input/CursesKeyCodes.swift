import CNCursesW

/// The meaning of curses' key codes and of ncurses' extended key names.
enum CursesKeyCodes {
  static let resize = KEY_RESIZE
  static let mouse = KEY_MOUSE

  static func keyPress(forCode code: Int32) -> KeyPress? {
    if let press = fixed[code] { return press }
    let functionNumber = Int(code) - Int(KEY_F0)
    guard functionNumber >= 1, functionNumber <= 63 else { return nil }
    // terminfo numbers modified function keys on: F13–F24 are Shift-F1–F12, F25–F36 Control,
    // F37–F48 Control-Shift, F49–F60 Alt.
    let base = (functionNumber - 1) % 12 + 1
    switch (functionNumber - 1) / 12 {
    case 0: return KeyPress(.function(base))
    case 1: return KeyPress(.function(base), modifiers: .shift)
    case 2: return KeyPress(.function(base), modifiers: .control)
    case 3: return KeyPress(.function(base), modifiers: [.control, .shift])
    case 4: return KeyPress(.function(base), modifiers: .alt)
    default: return nil
    }
  }

  /// Keys such as `kUP5` (Control-Up) or `kDC3` (Alt-Delete): a base name and an xterm modifier
  /// parameter.
  static func keyPress(forName name: String) -> KeyPress? {
    let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }
    let baseName = String(name.dropLast(digits.count))
    guard let key = extendedBases[baseName] else { return nil }
    let parameter = Int(String(digits.reversed())) ?? 1
    return KeyPress(key, modifiers: KeyModifiers(xtermParameter: parameter))
  }

  private static let fixed: [Int32: KeyPress] = [
    KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right,
    KEY_HOME: .home, KEY_END: .end, KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown,
    KEY_IC: .insert, KEY_DC: .delete, KEY_BACKSPACE: .backspace, KEY_ENTER: .enter,
    KEY_BTAB: .backTab,
    KEY_SR: KeyPress(.up, modifiers: .shift), KEY_SF: KeyPress(.down, modifiers: .shift),
    KEY_SLEFT: KeyPress(.left, modifiers: .shift), KEY_SRIGHT: KeyPress(.right, modifiers: .shift),
    KEY_SHOME: KeyPress(.home, modifiers: .shift), KEY_SEND: KeyPress(.end, modifiers: .shift),
    KEY_SPREVIOUS: KeyPress(.pageUp, modifiers: .shift),
    KEY_SNEXT: KeyPress(.pageDown, modifiers: .shift),
    KEY_SDC: KeyPress(.delete, modifiers: .shift), KEY_SIC: KeyPress(.insert, modifiers: .shift),
  ]

  private static let extendedBases: [String: Key] = [
    "kUP": .up, "kDN": .down, "kLFT": .left, "kRIT": .right, "kHOM": .home, "kEND": .end,
    "kPRV": .pageUp, "kNXT": .pageDown, "kIC": .insert, "kDC": .delete,
  ]
}
