/// Word motions over a line of characters, as readline defines them.
enum WordBoundaries {
  /// Start of the word before `index` (Alt-b): skips non-word characters, then word characters.
  static func previousWordStart(in characters: [Character], from index: Int) -> Int {
    var position = index
    while position > 0, !isWordCharacter(characters[position - 1]) { position -= 1 }
    while position > 0, isWordCharacter(characters[position - 1]) { position -= 1 }
    return position
  }

  /// End of the word after `index` (Alt-f).
  static func nextWordEnd(in characters: [Character], from index: Int) -> Int {
    var position = index
    while position < characters.count, !isWordCharacter(characters[position]) { position += 1 }
    while position < characters.count, isWordCharacter(characters[position]) { position += 1 }
    return position
  }

  /// Start of the whitespace-delimited word before `index` (Ctrl-w, unix-word-rubout).
  static func previousWhitespaceWordStart(in characters: [Character], from index: Int) -> Int {
    var position = index
    while position > 0, characters[position - 1].isWhitespace { position -= 1 }
    while position > 0, !characters[position - 1].isWhitespace { position -= 1 }
    return position
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }
}
