import Foundation

/// What the user typed in search, split into words to find and `#tag` tokens to filter by.
///
/// `"milk #someday"` finds reminders whose title, notes or tags contain "milk" and that have the
/// tag "someday". While a `#tag` is being typed (the text ends inside it), ``partialTag`` holds
/// it for suggestions.
public struct SearchQuery: Hashable, Sendable {
  /// Words to find, each anywhere in the title, notes or tags (all of them must be found).
  public var terms: [String]
  /// Tag titles (without `#`) the reminders must all have.
  public var tags: [String]
  /// The `#tag` being typed at the end of the text, without `#`, when the text does not end
  /// with a space.
  public var partialTag: String?

  public init(_ text: String) {
    var terms: [String] = []
    var tags: [String] = []
    // Composed, as text typed on a keyboard is: an accent pasted as a separate mark ("e" and
    // U+0301) then finds the composed "é" too, which the index compares byte by byte.
    let text = text.precomposedStringWithCanonicalMapping
    let tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
    for token in tokens {
      if token.hasPrefix("#") {
        let tag = String(token.dropFirst())
        if !tag.isEmpty { tags.append(tag) }
      } else {
        terms.append(token)
      }
    }
    self.terms = terms
    self.tags = tags
    if let last = tokens.last, last.hasPrefix("#"), let final = text.last, !final.isWhitespace {
      partialTag = String(last.dropFirst())
    } else {
      partialTag = nil
    }
  }

  /// Whether there is nothing to search for.
  public var isEmpty: Bool { terms.isEmpty && tags.isEmpty }

  /// Whether the full-text index can find `text`: a trigram index needs three characters.
  static func isIndexed(_ text: String) -> Bool { text.unicodeScalars.count >= 3 }

  /// The words the full-text index can find.
  var indexedTerms: [String] { terms.filter(Self.isIndexed) }

  /// The words too short for the index, found with LIKE instead.
  var shortTerms: [String] { terms.filter { !Self.isIndexed($0) } }

  /// The FTS5 query for the indexed words: each a quoted phrase (quotes doubled), all required,
  /// in each of its ``forms(of:)``. Quoting makes every character literal, so no text can be an
  /// FTS5 syntax error.
  var matchPattern: String? {
    let phrases = indexedTerms.map { term in
      let forms = Self.forms(of: term).map { $0.quoted() }
      return forms.count == 1 ? forms[0] : "(" + forms.joined(separator: " OR ") + ")"
    }
    return phrases.isEmpty ? nil : phrases.joined(separator: " AND ")
  }

  /// A word as the index may hold it, which compares text byte by byte: composed (as typed), and
  /// decomposed when that differs, for text another program stored with its accents as separate
  /// marks ("e" and U+0301).
  static func forms(of term: String) -> [String] {
    let decomposed = term.decomposedStringWithCanonicalMapping
    // Not `==`, which finds the two forms equal.
    return decomposed.unicodeScalars.elementsEqual(term.unicodeScalars) ? [term] : [term, decomposed]
  }
}
