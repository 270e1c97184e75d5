import Foundation
import RemindersKit
import SQLiteData
import Testing

/// Random lines through the two parsers people type into: words of the date vocabulary mixed with
/// numbers of every size, quick-add marks, and text from all over Unicode (controls, combining
/// marks, right-to-left text, broken UTF-8). Neither parser may crash, and what they give must hold
/// up: errors that read as sentences, titles without stray spaces, dates a reminder can hold, and
/// phrases that lie inside the text they were found in.
///
/// Each line comes from the seed and its iteration number alone, so a failure replays without the
/// lines before it. Lines are at most 12 pieces: `match(in:)` tries every run of up to 8 words,
/// so longer lines would cost more without reaching new code.
///
/// The loop gives way to other tests every 500 inputs: the cooperative pool has one thread per
/// core, and a fuzz loop holding both would stall the tests beside it that wait on a timer.
@Suite("Parsers survive random lines")
struct ParserFuzzTests {
  static let seed: UInt64 = 0x5EED_0000_DA7E_0001
  static let iterations = 20_000

  /// Tuesday 2026-03-10 14:00 in New York, as the other parser tests.
  let parser = FixedClock.newYork.parser

  @Test func quickAddReadsAnyLine() async {
    var checks = FuzzChecks(seed: Self.seed)
    var added = 0
    var dated = 0
    for iteration in 0..<Self.iterations {
      if iteration.isMultiple(of: 500) { await Task.yield() }
      var lines = LineGenerator(seed: Self.seed, iteration: iteration)
      let text = lines.line()
      checks.iteration = iteration
      checks.describeInput = { text.debugDescription }
      let quickAdd: QuickAdd
      do {
        quickAdd = try QuickAdd(parsing: text, dates: parser)
      } catch {
        let problem = sentenceProblem(error.description)
        checks.expect(
          problem == nil, "\(problem ?? ""): \(error.reason) \(error.description.debugDescription)")
        checks.expect(
          error.input == text, "the error's input is not the line: \(error.input.debugDescription)")
        continue
      }
      added += 1
      check(quickAdd, &checks)
      if let dueDate = quickAdd.dueDate {
        dated += 1
        checks.expect(Reminder.dueDates.contains(dueDate), "due date \(dueDate) is outside Reminder.dueDates")
        checks.expect(isStoredInYears1To9999(dueDate), "due date \(dueDate) is stored as \(stored(dueDate))")
        let phrase = quickAdd.datePhrase ?? ""
        checks.expect(!phrase.isEmpty, "a due date without the words it was read from")
        checks.expect(
          (try? parser.parse(phrase)) == dueDate,
          "the date phrase \(phrase.debugDescription) read alone is not \(dueDate)")
      } else {
        checks.expect(
          quickAdd.datePhrase == nil, "a date phrase without a date: \(quickAdd.datePhrase ?? "")")
      }
    }
    checks.recordUnreported()
    // The lines reach the successful paths too, not only the errors.
    #expect(added > Self.iterations / 20, "\(added) lines read")
    #expect(dated > Self.iterations / 100, "\(dated) lines with a date")
  }

  @Test func dueDatesParseOrFailWithASentence() async {
    let seed = Self.seed ^ 0xD0E
    var checks = FuzzChecks(seed: seed)
    var parsed = 0
    var matched = 0
    for iteration in 0..<Self.iterations {
      if iteration.isMultiple(of: 500) { await Task.yield() }
      var lines = LineGenerator(seed: seed, iteration: iteration)
      let text = lines.line()
      checks.iteration = iteration
      checks.describeInput = { text.debugDescription }
      let words = lexerWordCount(text)

      var date: Date?
      var parseError: DueDateParseError?
      do {
        date = try parser.parse(text)
      } catch {
        parseError = error
      }
      if let date {
        parsed += 1
        checks.expect(Reminder.dueDates.contains(date), "parse gave \(date), outside Reminder.dueDates")
        checks.expect(isStoredInYears1To9999(date), "parse gave \(date), stored as \(stored(date))")
      }
      if let parseError {
        check(parseError, in: text, &checks)
        // `fragment` is "empty when the input is", and only then.
        checks.expect(
          parseError.fragment.isEmpty == (parseError.reason == .empty),
          "reason \(parseError.reason) with fragment \(parseError.fragment.debugDescription): "
            + parseError.description)
        if parseError.reason == .empty { checks.expect(words == 0, "reason .empty for \(words) words") }
      }

      var found: DueDateMatch?
      var matchError: DueDateParseError?
      do {
        found = try parser.match(in: text)
      } catch {
        matchError = error
      }
      if let found {
        matched += 1
        let range = found.range
        let inside = range.lowerBound >= text.startIndex && range.upperBound <= text.endIndex
        checks.expect(inside && !range.isEmpty, "match range \(range) is not inside the text or is empty")
        if inside && !range.isEmpty {
          let phrase = String(text[range])
          checks.expect(
            phrase.first?.isWhitespace == false && phrase.last?.isWhitespace == false,
            "the phrase \(phrase.debugDescription) starts or ends with a space")
          checks.expect(
            (try? parser.parse(phrase)) == found.date,
            "the phrase \(phrase.debugDescription) read alone is not \(found.date)")
        }
        checks.expect(
          Reminder.dueDates.contains(found.date), "match gave \(found.date), outside Reminder.dueDates")
      }
      if let matchError {
        check(matchError, in: text, &checks)
        // Only words that read as a date but name none are an error; others are title text.
        checks.expect(
          ![.notUnderstood, .empty].contains(matchError.reason), "match(in:) threw \(matchError.reason)")
        checks.expect(
          !matchError.fragment.isEmpty,
          "match(in:) threw without naming the words at fault: \(matchError.description)")
      }

      // A text short enough to be one phrase is its own longest phrase: match agrees with parse.
      if words <= DueDateParser.maximumPhraseWords {
        if let date {
          checks.expect(
            found?.date == date, "parse gave \(date) but match(in:) \(String(describing: found))")
        } else if let parseError, ![.notUnderstood, .empty].contains(parseError.reason) {
          checks.expect(
            matchError == parseError,
            "parse threw “\(parseError.message)” but match(in:) \(matchError?.message ?? "did not throw")")
        }
      }
    }
    checks.recordUnreported()
    #expect(parsed > Self.iterations / 100, "\(parsed) lines were dates")
    #expect(matched > Self.iterations / 20, "\(matched) lines held a date phrase")
  }

  // MARK: - Properties

  /// What a successful quick-add promises: a title with its spacing normalised, tags and a list
  /// named without the marks that introduce them.
  private func check(_ quickAdd: QuickAdd, _ checks: inout FuzzChecks) {
    let title = quickAdd.title
    checks.expect(!title.isEmpty, "an empty title")
    checks.expect(
      title.first?.isWhitespace != true && title.last?.isWhitespace != true,
      "the title \(title.debugDescription) starts or ends with whitespace")
    checks.expect(
      !title.contains { $0.isWhitespace && $0 != " " },
      "the title \(title.debugDescription) holds whitespace other than single spaces")
    checks.expect(
      !zip(title, title.dropFirst()).contains { $0 == " " && $1 == " " },
      "the title \(title.debugDescription) holds two spaces in a row")
    checks.expect(
      !title.split(separator: " ").contains { ["!", "!!", "!!!"].contains($0) },
      "the title \(title.debugDescription) kept a priority mark")
    for tag in quickAdd.tags {
      checks.expect(
        !tag.isEmpty && !tag.hasPrefix("#") && !tag.allSatisfy(\.isNumber)
          && !tag.contains(where: \.isWhitespace),
        "the tag \(tag.debugDescription) is not a tag")
      let kept = tag.last.map { ",.;:?".contains($0) } ?? false
      checks.expect(!kept, "the tag \(tag.debugDescription) kept its trailing punctuation")
    }
    let distinct = quickAdd.tags.enumerated().allSatisfy { index, tag in
      !quickAdd.tags[..<index].contains { $0.caseInsensitiveCompare(tag) == .orderedSame }
    }
    checks.expect(distinct, "tags repeat without regard to case: \(quickAdd.tags)")
    if let list = quickAdd.listTitle {
      checks.expect(
        !list.isEmpty && list.unicodeScalars.first?.properties.isWhitespace == false
          && list.unicodeScalars.last?.properties.isWhitespace == false,
        "the list title \(list.debugDescription) is empty or starts or ends with whitespace")
    }
  }

  /// What every due-date error promises: it quotes the input, its fragment is part of it, and its
  /// description is a sentence.
  private func check(_ error: DueDateParseError, in text: String, _ checks: inout FuzzChecks) {
    // The examples after the message are the same every time: only the message can show a leak.
    let problem = sentenceProblem(error.description, leaksIn: error.message)
    checks.expect(problem == nil, "\(problem ?? ""): \(error.reason) \(error.description.debugDescription)")
    checks.expect(!error.message.isEmpty, "an error without a message")
    checks.expect(error.input == text, "the error's input is not the text: \(error.input.debugDescription)")
    checks.expect(
      error.fragment.isEmpty || text.contains(error.fragment),
      "the fragment \(error.fragment.debugDescription) is not part of the text")
  }

  /// Whether a date's storage text (`DatabaseDateFormat`: UTC, proleptic Gregorian) has a year
  /// from 1 to 9999, as `Reminder.dueDates` promises.
  private func isStoredInYears1To9999(_ date: Date) -> Bool {
    let text = stored(date)
    guard let end = text.dropFirst().firstIndex(of: "-"), let year = Int(text[..<end]) else { return false }
    return (1...9999).contains(year)
  }

  private func stored(_ date: Date) -> String { DatabaseDateFormat.string(from: date) }

  /// The words `DueDateLexer` sees: runs without whitespace, not counting those made only of the
  /// punctuation it drops from the end of a word.
  private func lexerWordCount(_ text: String) -> Int {
    let words = text.split(whereSeparator: \.isWhitespace)
    return words.count(where: { word in !word.allSatisfy { ",.;?".contains($0) } })
  }
}

/// Why `text` does not read as a sentence for stderr or a status line, or nil when it does: it
/// starts with a capital or an opening quote, ends with one full stop, and shows none of Swift's or
/// Foundation's own spellings of values (looked for in `leaksIn`, the part that varies, when given).
private func sentenceProblem(_ text: String, leaksIn part: String? = nil) -> String? {
  guard let first = text.unicodeScalars.first, let last = text.last else { return "the description is empty" }
  // The first scalar: a quoted input may start with a combining mark, which joins the quote.
  if !(first.properties.isUppercase || first == "“") {
    return "the description does not start with a capital or a quote"
  }
  if last != "." { return "the description does not end with a full stop" }
  if text.hasSuffix("..") { return "the description ends with two full stops" }
  for leak in ["Optional(", "Optional<", "Swift.", "NSCocoaErrorDomain", "DecodingError"]
  where (part ?? text).contains(leak) {
    return "the description shows “\(leak)”"
  }
  return nil
}

/// Lines of at most 12 pieces, each line from a seed and an iteration number alone.
private struct LineGenerator {
  var random: SplitMix64

  init(seed: UInt64, iteration: Int) { random = SplitMix64(seed: seed, iteration: iteration) }

  mutating func below(_ bound: Int) -> Int { random.below(bound) }

  mutating func pick<Element>(_ elements: [Element]) -> Element { random.pick(elements) }

  mutating func line() -> String {
    // Mostly short lines, where parsers see whole phrases; sometimes up to 12 pieces.
    let count = below(7) == 0 ? 1 + below(12) : 1 + below(4)
    var text = ""
    for index in 0..<count {
      if index > 0 { text += pick(Self.separators) }
      text += piece()
    }
    return text
  }

  private mutating func piece() -> String {
    switch below(100) {
    case 0..<35: return pick(Self.dateWords)
    case 35..<45: return pick(Self.numbers)
    case 45..<48: return String(Int64(below(200_001)) - 100_000)
    case 48..<50: return String((0..<(1 + below(25))).map { _ in Character(String(below(10))) })
    case 50..<65: return pick(Self.marks)
    case 65..<77: return pick(Self.titleWords)
    case 77..<87: return pick(Self.unicode)
    case 87..<93: return randomUTF8()
    case 93..<97: return randomScalars()
    case 97..<99: return String(repeating: pick(Self.longWordParts), count: 10 + below(60))
    default: return pick(Self.unicode) + pick(Self.dateWords) + pick(Self.marks)
    }
  }

  /// Up to 8 random bytes read as UTF-8: broken sequences become U+FFFD, as they do from a file.
  private mutating func randomUTF8() -> String {
    let bytes = (0..<(1 + below(8))).map { _ -> UInt8 in
      switch below(4) {
      case 0: UInt8(0xC0 + below(0x35))  // a lead byte, maybe cut short
      case 1: UInt8(0x80 + below(0x40))  // a continuation byte
      default: UInt8(below(256))
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Up to 4 Unicode scalars from anywhere: ASCII, the first planes, or beyond.
  private mutating func randomScalars() -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<(1 + below(4)) {
      let limit = [0x80, 0x3000, 0x11_0000][below(3)]
      if let scalar = Unicode.Scalar(UInt32(below(limit))) { scalars.append(scalar) }
    }
    return String(scalars)
  }

  static let separators: [String] = [
    " ", " ", " ", " ", " ", " ", " ", " ", " ", " ", " ", " ", "", "", "  ", "\t", "\n", ", ", ",", "\u{A0}",
    "\u{3000}", " \u{301}",
  ]

  /// The words of `DueDateVocabulary` and the doc comment of `DueDateParser`, whole phrases, and
  /// values just past what they accept.
  static let dateWords: [String] = [
    "today", "Today", "TONIGHT", "tonight", "tomorrow", "tmr", "tmrw", "yesterday", "fri", "friday", "Fri",
    "mon", "monday", "tue", "tues", "wed", "weds", "thu", "thur", "thurs", "sat", "sun", "sunday", "this fri",
    "this tue", "this", "next", "next mon", "next sun", "next week", "next month", "next year", "eom", "eow",
    "end of month", "end of the month", "end of week", "end", "end of", "of", "the", "in", "a", "an", "in 3d",
    "in 2 days", "in 1w", "in 2 weeks", "in 2 wks", "in 1 month", "in 1 mo", "in a year", "in an hour",
    "in 3h", "in 30m", "in 0m", "in 45 mins", "in 999999999 h", "in 99999999 hours", "in 999999999 m",
    "in 999999999 min", "in 999999 years", "in 10000 y", "in 10001 yrs", "in 3652500 days", "in 3652501 d",
    "in 521786 weeks", "in 521787 w", "in 120000 months", "in 120001 mo", "in 9999999999 days", "d", "h", "m",
    "mo", "w", "y", "days", "hours", "2026-03-14", "2026-03-14T09:30", "2026-03-14T09:30:15Z",
    "2026-03-14t09:30:15.123456z", "2026-03-14T", "2026-03-14T25:00", "2026-3", "2026-13-01", "2026-02-29",
    "2028-02-29", "2026-02-30", "0001-01-01", "0001-01-01T00:00Z", "0001-01-01T04:00", "0000-01-01",
    "9999-12-31", "9999-12-31T23:59Z", "9999-12-31 23:59", "9999-12-31T23:59:59.999Z", "10000-01-01",
    "mar 14", "march 14th", "14 mar", "mar 14 2027", "14th march", "feb 29", "31 feb", "feb 30 3pm",
    "dec 31 9999", "jan 1 0001", "jan 01 0000", "may", "may 5pm", "sept", "3/14", "3/14/2027", "3/14/27",
    "13/14", "0/0", "99/99", "3/", "3/14/1", "12/31/9999", "1/1/0001", "2/29/2100", "5pm", "5 pm", "5:30pm",
    "17:00", "09:30:15", "23:59:59.999", "23:59:59.", "00:00", "24:00", "25:00", "13pm", "0am", "12am",
    "12pm", "5:75pm", "5:7pm", "noon", "midnight", "at", "on", "by", "due", "am", "pm", "st", "nd", "rd",
    "th", "t", "z", "at 5pm", "on fri", "due mon", "by mar 14 2027.", "fri at 3pm", "5pm on fri",
    "tomorrow 5pm", "next mon 9am", "yesterday 25pm", "tomorrow in 3h", "fri mon", "5pm 6pm",
    "tomorrow 2:30am", "sun 5pm",
  ]

  static let numbers: [String] = [
    "0", "00", "000", "1", "-1", "-0", "+1", "7", "9", "12", "13", "24", "29", "30", "31", "32", "60", "99",
    "100", "999", "1000", "9999", "10000", "99999", "999999999", "1000000000", "2147483648",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551616",
    "99999999999999999999", "1e999", "-1e999", "0.5", "1,000", "007", "٣", "١٢", "１２", "½", "Ⅻ", "²", "𝟓",
  ]

  /// Quick-add's marks, alone and inside words, and punctuation the lexer splits on.
  static let marks: [String] = [
    "@", "#", "!", "!!", "!!!", "!!!!", "\"", ":", "::", "/", "-", "--", ",", ".", ";", "?", "…", "@\"",
    "\"@", "@\"\"", "@\" \"", "@\"Two words\"", "@\"Two", "words\"", "@\"Work\"", "@\"\u{301}\"", "@List",
    "@list", "@Work", "@Home", "@List,", "@List.", "@@", "#tag", "#Tag", "#TAG", "#family", "#family,", "#1",
    "#123", "##x", "#tag.", "#:", "#,", "@,", "#\u{301}", "@\u{301}", "email@host", "C#", "a@b", "x!", "!x",
    "(", ")", "[", "]", "'", "`", "*", "\\", "%", "&",
  ]

  static let titleWords: [String] = [
    "Call", "mom", "Buy", "milk", "Pay", "rent", "Fix", "bug", "Meet", "Bob", "then", "lunch", "Report",
    "Dentist", "water", "the", "plants", "Room", "101", "chapter", "Taxes", "Renew", "passport.",
  ]

  /// Emoji, combining marks, right-to-left text and its controls, U+FFFD, NUL and other controls,
  /// odd spaces, and letters whose lowercase is longer or not ASCII.
  static let unicode: [String] = [
    "😀", "👨‍👩‍👧‍👦", "🇺🇸", "🇫", "👍🏻", "\u{1F3FB}", "e\u{301}", "\u{301}", "\u{301}\u{301}\u{301}", "\u{200D}",
    "\u{200B}", "\u{FEFF}", "مرحبا", "שלום", "\u{202E}", "\u{200F}", "\u{202E}fri\u{202C}", "\u{FFFD}",
    "\u{0}", "\u{1}", "\u{7}", "\u{8}", "\u{7F}", "\u{1B}[31m", "\u{85}", "\u{9B}", "\u{2028}", "\u{2029}",
    "\u{A0}", "\u{3000}", "\u{600}", "明日", "ｔｏｍｏｒｒｏｗ", "ＦＲＩ", "İ", "ß", "ﬁ", "Σ", "ŉ", "TOMORROW",
    "tomorrow\u{301}", "5\u{301}pm", "𝟓pm", "\r\n", "\r", "\u{E000}", "\u{10FFFF}",
  ]

  static let longWordParts = ["a", "9", "!", "#", "@", "é", "😀", "tomorrow", "5pm", "\u{301}", "-", ":"]
}
