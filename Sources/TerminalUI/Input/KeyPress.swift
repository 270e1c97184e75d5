/// A key with its modifiers, as bindings name them and the decoder produces them.
///
/// Control and Alt with a letter are stored with the lower-case letter (`ctrl-a`); upper-case
/// letters are their own characters (`G`), without `.shift`.
public struct KeyPress: Hashable, Sendable {
  public var key: Key
  public var modifiers: KeyModifiers

  public init(_ key: Key, modifiers: KeyModifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }

  public init(_ character: Character, modifiers: KeyModifiers = []) {
    if modifiers.contains(.control), character.isLetter, character.isASCII {
      self.init(.character(Character(character.lowercased())), modifiers: modifiers)
    } else {
      self.init(.character(character), modifiers: modifiers)
    }
  }

  public static func control(_ character: Character) -> KeyPress {
    KeyPress(character, modifiers: .control)
  }

  public static func alt(_ character: Character) -> KeyPress {
    KeyPress(character, modifiers: .alt)
  }

  public static let enter = KeyPress(.enter)
  public static let tab = KeyPress(.tab)
  public static let backTab = KeyPress(.tab, modifiers: .shift)
  public static let backspace = KeyPress(.backspace)
  public static let escape = KeyPress(.escape)
  public static let up = KeyPress(.up)
  public static let down = KeyPress(.down)
  public static let left = KeyPress(.left)
  public static let right = KeyPress(.right)
  public static let home = KeyPress(.home)
  public static let end = KeyPress(.end)
  public static let pageUp = KeyPress(.pageUp)
  public static let pageDown = KeyPress(.pageDown)
  public static let insert = KeyPress(.insert)
  public static let delete = KeyPress(.delete)

  /// The character this key types into a text field: a character without Control or Alt.
  public var text: Character? {
    guard case .character(let character) = key, modifiers.isDisjoint(with: [.control, .alt]) else {
      return nil
    }
    return character
  }

  /// The same key with more modifiers.
  func adding(_ extra: KeyModifiers) -> KeyPress {
    KeyPress(key, modifiers: modifiers.union(extra))
  }
}
