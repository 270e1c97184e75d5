/// The written form of keys used by bindings and the help overlay: `a`, `G`, `?`, `space`,
/// `enter`, `esc`, `tab`, `shift-tab`, `backspace`, `up`, `pgdn`, `home`, `f5`, `ctrl-a`,
/// `alt-f`, `ctrl-alt-x`; a sequence separates keys with spaces (`g g`).
extension KeyPress: CustomStringConvertible {
  /// The key named by `notation`, or nil when it names none.
  public init?(notation: some StringProtocol) {
    var parts = String(notation).split(separator: "-" as Character, omittingEmptySubsequences: false)
      .map(String.init)
    // A trailing "-" is the minus key itself: "ctrl--" or "-".
    if parts.count >= 2, parts[parts.count - 1].isEmpty, parts[parts.count - 2].isEmpty {
      parts.removeLast(2)
      parts.append("-")
    }
    guard let name = parts.popLast(), !name.isEmpty else { return nil }
    var modifiers: KeyModifiers = []
    for modifier in parts {
      switch modifier.lowercased() {
      case "ctrl", "control", "c": modifiers.insert(.control)
      case "alt", "meta", "m": modifiers.insert(.alt)
      case "shift", "s": modifiers.insert(.shift)
      default: return nil
      }
    }
    if name.count == 1, let character = name.first {
      self.init(character, modifiers: modifiers)
      return
    }
    guard let key = Self.namedKeys[name.lowercased()] else { return nil }
    self.init(key, modifiers: modifiers)
  }

  public var description: String {
    var prefix = ""
    if modifiers.contains(.control) { prefix += "ctrl-" }
    if modifiers.contains(.alt) { prefix += "alt-" }
    if modifiers.contains(.shift) { prefix += "shift-" }
    return prefix + Self.name(of: key)
  }

  private static let namedKeys: [String: Key] = {
    var keys: [String: Key] = [
      "space": .character(" "), "enter": .enter, "return": .enter, "tab": .tab,
      "backspace": .backspace, "bs": .backspace, "esc": .escape, "escape": .escape,
      "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
      "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
      "ins": .insert, "insert": .insert, "del": .delete, "delete": .delete,
    ]
    for number in 1...24 { keys["f\(number)"] = .function(number) }
    return keys
  }()

  private static func name(of key: Key) -> String {
    switch key {
    case .character(" "): "space"
    case .character(let character): String(character)
    case .enter: "enter"
    case .tab: "tab"
    case .backspace: "backspace"
    case .escape: "esc"
    case .up: "up"
    case .down: "down"
    case .left: "left"
    case .right: "right"
    case .home: "home"
    case .end: "end"
    case .pageUp: "pgup"
    case .pageDown: "pgdn"
    case .insert: "insert"
    case .delete: "delete"
    case .function(let number): "f\(number)"
    }
  }
}

/// Keys pressed one after another, as a chord binding names them (`g g`).
public struct KeySequence: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  public var keys: [KeyPress]

  public init(_ keys: [KeyPress]) {
    self.keys = keys
  }

  /// The sequence written in key notation, or nil when any key is not valid notation.
  public init?(notation: some StringProtocol) {
    var keys: [KeyPress] = []
    for word in String(notation).split(separator: " " as Character) {
      guard let key = KeyPress(notation: word) else { return nil }
      keys.append(key)
    }
    guard !keys.isEmpty else { return nil }
    self.keys = keys
  }

  /// A sequence written in the source; a literal that is not key notation is a programming
  /// error, caught the first time the binding is made.
  public init(stringLiteral notation: String) {
    guard let sequence = KeySequence(notation: notation) else {
      preconditionFailure("\"\(notation)\" is not key notation (for example \"g g\" or \"ctrl-a\")")
    }
    self = sequence
  }

  public var description: String { keys.map(\.description).joined(separator: " ") }
}
