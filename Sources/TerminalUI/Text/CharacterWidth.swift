import CNCursesW

extension Character {
  /// The number of terminal columns this grapheme cluster occupies: 0 for clusters that draw
  /// nothing by themselves (a lone combining mark, a zero-width space), 2 for wide East Asian
  /// characters and emoji (including ZWJ sequences, flags and characters with the emoji
  /// presentation selector), 1 otherwise. Control characters count as the one column of the
  /// visible replacement they are drawn as (see `sanitizedForTerminal`).
  public var terminalWidth: Int {
    // Printable ASCII is by far the common case, and never needs the C library.
    if isPrintableASCII { return 1 }
    let scalars = unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.isTerminalControl { return 1 }

    var hasEmojiPresentation = false
    var hasJoiner = false
    for scalar in scalars {
      switch scalar.value {
      case 0xFE0F: hasEmojiPresentation = true
      case 0x200D: hasJoiner = true
      case 0x1F1E6...0x1F1FF: return 2  // regional indicators: a flag, or half of one
      default: break
      }
    }
    if hasEmojiPresentation { return 2 }
    let base = first.wcwidth
    if hasJoiner, first.properties.isEmoji { return 2 }
    return base
  }

  /// The grapheme as it is safe to draw: a tab becomes a space and other control characters
  /// (C0, DEL, C1, line breaks such as "\r\n", bidirectional overrides) become U+FFFD, so no stray
  /// byte can move the terminal's cursor, change its state or reorder the line.
  public var sanitizedForTerminal: Character {
    if isPrintableASCII { return self }
    guard let first = unicodeScalars.first, first.isTerminalControl else { return self }
    return first == "\t" ? " " : "\u{FFFD}"
  }

  /// Whether the grapheme is one printable ASCII character (a space to `~`), read from its UTF-8:
  /// a quick check, where `asciiValue` first compares the grapheme with "\r\n" as strings.
  var isPrintableASCII: Bool {
    let utf8 = self.utf8
    guard utf8.count == 1, let byte = utf8.first else { return false }
    return byte >= 0x20 && byte < 0x7F
  }
}

extension Unicode.Scalar {
  /// C0 and C1 control codes and DEL, the line and paragraph separators, and the bidirectional
  /// embeddings, overrides and isolates (which would reorder what follows them on the line).
  var isTerminalControl: Bool {
    switch value {
    case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// The C library's column count for this scalar, with "not printable" (-1) read as one
  /// column: such scalars are unassigned code points that terminals draw as a single box.
  var wcwidth: Int {
    if value >= 0x20, value < 0x7F { return 1 }
    TerminalLocale.ensureUTF8()
    let width = cncurses_wcwidth(value)
    return width < 0 ? 1 : Int(width)
  }
}

// Inlinable, so that other modules run these specialized for their strings: called through
// `StringProtocol`'s witnesses, the ASCII test went byte by byte through the generic iterator.
extension StringProtocol {
  /// The number of terminal columns the text occupies on one line.
  @inlinable
  public var terminalWidth: Int {
    // Printable ASCII text is one column a byte.
    if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return utf8.count }
    var total = 0
    for character in self { total += character.terminalWidth }
    return total
  }

  /// The text as it is safe to print: each grapheme as `Character.sanitizedForTerminal` draws it,
  /// so that text from data (a title, a file name) can show what it holds but never move the
  /// cursor, retitle the window or clear the screen.
  @inlinable
  public var sanitizedForTerminal: String {
    if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return String(self) }
    return String(map(\.sanitizedForTerminal))
  }
}
