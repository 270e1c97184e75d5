/// A whitespace-separated word of the input. Its `core` leaves out trailing `,`, `.`, `;` and `?`,
/// so that `fri,` in `Call Bob on fri, then…` reads as `fri` and the match ends before the comma.
struct DueDateWord {
  let core: Range<String.Index>
  let lowercased: String
}

/// A piece of a word: a run of ASCII digits, a run of letters, or any other single character.
/// `5:30pm` is `5`, `:`, `30`, `pm`; `2026-03-14T09:30` is `2026`, `-`, `03`, `-`, `14`, `t`, …
struct DueDateLexeme: Equatable {
  enum Kind: Equatable {
    case number(String)
    case word(String)
    case symbol(Character)
  }

  let kind: Kind
  /// The index, in the phrase's words, of the word this piece comes from.
  let wordIndex: Int

  var word: String? {
    if case .word(let word) = kind { return word }
    return nil
  }

  var digits: String? {
    if case .number(let digits) = kind { return digits }
    return nil
  }

  func isSymbol(_ character: Character) -> Bool { kind == .symbol(character) }
}

enum DueDateLexer {
  static let trailingPunctuation: Set<Character> = [",", ".", ";", "?"]

  /// The words of `text`, each with the range of its core. Words that are only punctuation are
  /// left out.
  static func words(in text: String) -> [DueDateWord] {
    var words: [DueDateWord] = []
    var index = text.startIndex
    while index < text.endIndex {
      guard !text[index].isWhitespace else {
        index = text.index(after: index)
        continue
      }
      let start = index
      while index < text.endIndex, !text[index].isWhitespace { index = text.index(after: index) }
      var end = index
      while end > start, trailingPunctuation.contains(text[text.index(before: end)]) {
        end = text.index(before: end)
      }
      if end > start {
        words.append(DueDateWord(core: start..<end, lowercased: text[start..<end].lowercased()))
      }
    }
    return words
  }

  static func lexemes(of words: ArraySlice<DueDateWord>) -> [DueDateLexeme] {
    var lexemes: [DueDateLexeme] = []
    for (offset, word) in words.enumerated() {
      let text = word.lowercased
      var index = text.startIndex
      while index < text.endIndex {
        let character = text[index]
        if character.isASCII, character.isNumber {
          let start = index
          while index < text.endIndex, text[index].isASCII, text[index].isNumber {
            index = text.index(after: index)
          }
          lexemes.append(DueDateLexeme(kind: .number(String(text[start..<index])), wordIndex: offset))
        } else if character.isLetter {
          let start = index
          while index < text.endIndex, text[index].isLetter, !(text[index].isASCII && text[index].isNumber) {
            index = text.index(after: index)
          }
          lexemes.append(DueDateLexeme(kind: .word(String(text[start..<index])), wordIndex: offset))
        } else {
          lexemes.append(DueDateLexeme(kind: .symbol(character), wordIndex: offset))
          index = text.index(after: index)
        }
      }
    }
    return lexemes
  }
}
