import Foundation

/// A reminder typed on one line: `Call mom tomorrow 5pm !! #family @Personal`.
///
/// Tokens may stand anywhere, each a whole word:
/// - `!`, `!!`, `!!!`: low, medium, high priority, as the rows show them.
/// - `#tag`: a tag (several allowed, kept in order, repeated ones dropped without regard to case).
///   A tag of digits only (`#1`) stays in the title, as in `Fix bug #123`.
/// - `@List`: the list with that title; `@"Two words"` for a title with spaces.
/// - a date phrase, as `DueDateParser` reads it: the longest one in what is left.
///
/// Everything else is the title, its spacing normalised. A `#` or `@` alone or inside a word
/// (`C#`, `email@host`) is title text. Trailing `,`, `.`, `;`, `:`, `?` are not part of a tag or
/// list title.
public struct QuickAdd: Hashable, Sendable {
  public var title: String
  public var dueDate: Date?
  /// The words read as the due date (`tomorrow 5pm`), to show what was understood.
  public var datePhrase: String?
  public var priority: Reminder.Priority?
  public var tags: [String]
  public var listTitle: String?

  public init(
    title: String, dueDate: Date? = nil, datePhrase: String? = nil, priority: Reminder.Priority? = nil,
    tags: [String] = [], listTitle: String? = nil
  ) {
    self.title = title
    self.dueDate = dueDate
    self.datePhrase = datePhrase
    self.priority = priority
    self.tags = tags
    self.listTitle = listTitle
  }

  /// The syntax in one example, for help texts and error messages.
  public static let example = "Call mom tomorrow 5pm !! #family @Personal"

  static let trailingPunctuation: Set<Character> = [",", ".", ";", ":", "?"]

  /// Reads a line, with dates relative to `dates`' clock.
  public init(parsing text: String, dates: DueDateParser = DueDateParser()) throws(QuickAddError) {
    var titleWords: [Substring] = []
    var priorities: [(word: Substring, priority: Reminder.Priority)] = []
    var lists: [String] = []
    var tags: [String] = []
    var index = text.startIndex
    while index < text.endIndex {
      guard !text[index].isWhitespace else {
        index = text.index(after: index)
        continue
      }
      let start = index
      if text[start...].hasPrefix("@\"") {
        let open = text.index(start, offsetBy: 2)
        guard let close = text[open...].firstIndex(of: "\"") else {
          throw QuickAddError(
            reason: .unterminatedListTitle, input: text,
            message: "The list title “\(text[start...])” has no closing quote: write @\"Two words\"")
        }
        let title = text[open..<close].trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else {
          throw QuickAddError(
            reason: .emptyListTitle, input: text,
            message: "“@\"\"” names no list: write @\"Two words\" or @List")
        }
        lists.append(title)
        index = text.index(after: close)
        continue
      }
      while index < text.endIndex, !text[index].isWhitespace { index = text.index(after: index) }
      let word = text[start..<index]
      if let priority = Self.priorities[word] {
        priorities.append((word, priority))
      } else if let tag = Self.name(after: "#", in: word), !tag.allSatisfy(\.isNumber), !tag.hasPrefix("#") {
        if !tags.contains(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) { tags.append(tag) }
      } else if let list = Self.name(after: "@", in: word) {
        lists.append(list)
      } else {
        titleWords.append(word)
      }
    }

    if Set(priorities.map(\.priority)).count > 1 {
      let words = priorities.map { "“\($0.word)”" }.joined(separator: " and ")
      throw QuickAddError(
        reason: .severalPriorities, input: text,
        message: "\(words) give two priorities: keep one (! low, !! medium, !!! high)")
    }
    var distinctLists: [String] = []
    for list in lists
    where !distinctLists.contains(where: { $0.caseInsensitiveCompare(list) == .orderedSame }) {
      distinctLists.append(list)
    }
    if distinctLists.count > 1 {
      let names = distinctLists.map { "“@\($0)”" }.joined(separator: " and ")
      throw QuickAddError(
        reason: .severalLists, input: text, message: "\(names) name two lists: a reminder goes in one")
    }

    var rest = titleWords.joined(separator: " ")
    var dueDate: Date?
    var datePhrase: String?
    let match: DueDateMatch?
    do {
      match = try dates.match(in: rest)
    } catch {
      // The date's own sentence, examples included, without its full stop: `description` adds it.
      throw QuickAddError(reason: .invalidDate, input: text, message: String(error.description.dropLast()))
    }
    if let match {
      dueDate = match.date
      datePhrase = String(rest[match.range])
      rest.replaceSubrange(match.range, with: " ")
    }
    let title = Self.normalizedTitle(rest)
    guard !title.isEmpty else {
      throw QuickAddError(
        reason: .emptyTitle, input: text,
        message:
          "“\(text.trimmingCharacters(in: .whitespacesAndNewlines))” has no title besides the date, priority, "
          + "tags and list: add words for the title, as in “\(Self.example)”")
    }
    self.init(
      title: title, dueDate: dueDate, datePhrase: datePhrase, priority: priorities.first?.priority,
      tags: tags,
      listTitle: distinctLists.first)
  }

  private static let priorities: [Substring: Reminder.Priority] = ["!": .low, "!!": .medium, "!!!": .high]

  /// `family` for `#family,` with `#`; nil when the word does not start with the sign or has
  /// nothing after it.
  private static func name(after sign: Character, in word: Substring) -> String? {
    guard word.first == sign else { return nil }
    var name = word.dropFirst()
    while let last = name.last, trailingPunctuation.contains(last) { name = name.dropLast() }
    return name.isEmpty ? nil : String(name)
  }

  /// Single spaces between words, and punctuation that a removed date left alone joined to the
  /// word before it: `Meet Bob on fri, then lunch` becomes `Meet Bob, then lunch`.
  private static func normalizedTitle(_ text: String) -> String {
    var words: [String] = []
    for word in text.split(whereSeparator: \.isWhitespace) {
      if word.allSatisfy({ trailingPunctuation.contains($0) }) {
        if !words.isEmpty { words[words.count - 1] += word }
      } else {
        words.append(String(word))
      }
    }
    return words.joined(separator: " ")
  }
}

/// Why a quick-add line could not be read. `description` is a sentence for stderr or the status
/// line.
public struct QuickAddError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Reason: Hashable, Sendable {
    /// Nothing is left for the title.
    case emptyTitle
    /// `@"Two words` without its closing quote.
    case unterminatedListTitle
    /// `@""`.
    case emptyListTitle
    /// Two different lists.
    case severalLists
    /// Two different priorities.
    case severalPriorities
    /// Words that read as a date but name none (`31 feb`, `yesterday 25pm`).
    case invalidDate
  }

  public let reason: Reason
  public let input: String
  public let message: String

  public init(reason: Reason, input: String, message: String) {
    self.reason = reason
    self.input = input
    self.message = message
  }

  public var description: String { message + "." }
}
