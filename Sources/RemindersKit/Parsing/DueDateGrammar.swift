/// Reads lexemes into a `DueDatePhrase`: any order of one day part and one time part, each
/// optionally introduced by a connector (`on`, `at`, `by`, `due`), or one `in N h|m` offset.
/// Every lexeme must be used; a pattern that matches with impossible values (`25:00`, `13pm`) is an
/// error rather than a non-match, so that the message can say what is wrong with it.
struct DueDateGrammar {
  private let lexemes: [DueDateLexeme]
  private var position = 0

  private init(lexemes: [DueDateLexeme]) { self.lexemes = lexemes }

  static func phrase(from lexemes: [DueDateLexeme]) throws(DueDateGrammarFailure) -> DueDatePhrase {
    var grammar = DueDateGrammar(lexemes: lexemes)
    return try grammar.phrase()
  }

  // MARK: - Phrase

  private mutating func phrase() throws(DueDateGrammarFailure) -> DueDatePhrase {
    guard !lexemes.isEmpty else {
      throw DueDateGrammarFailure(reason: .empty, lexemes: 0..<0, message: "No date or time was given")
    }
    var phrase = DueDatePhrase()
    var hasPart = false
    var lastConnector: Int?
    while position < lexemes.count {
      let start = position
      if let word = lexemes[position].word, DueDateVocabulary.connectors.contains(word) {
        lastConnector = position
        position += 1
        continue
      }
      lastConnector = nil
      if let part = try dayPart() {
        switch part {
        case .minutesFromNow(let minutes):
          guard !hasPart else {
            throw conflict(start, "cannot join a date or time: an offset like “in 3h” stands alone")
          }
          phrase.minutesFromNow = minutes
        case .day(let day):
          guard phrase.day == nil, phrase.minutesFromNow == nil, day.time == nil || phrase.time == nil else {
            throw conflict(start, "is a second date or time; give one date and at most one time")
          }
          phrase.day = day.day
          phrase.dayLexemes = start..<position
          if let time = day.time {
            phrase.time = time
            phrase.isUTC = day.isUTC
          }
        }
      } else if let time = try timePart() {
        guard phrase.time == nil, phrase.minutesFromNow == nil else {
          throw conflict(start, "is a second time; give one date and at most one time")
        }
        phrase.time = time
      } else {
        throw DueDateGrammarFailure(
          reason: .notUnderstood, lexemes: start..<lexemes.count,
          message: "is not a date or time this app reads")
      }
      hasPart = true
    }
    if let lastConnector {
      throw DueDateGrammarFailure(
        reason: .notUnderstood, lexemes: lastConnector..<lexemes.count,
        message: "needs a date or time after it")
    }
    return phrase
  }

  private func conflict(_ start: Int, _ message: String) -> DueDateGrammarFailure {
    DueDateGrammarFailure(reason: .conflicting, lexemes: start..<position, message: message)
  }

  // MARK: - Days

  /// A day with, for ISO date-times, its time.
  private struct DayWithTime {
    var day: DueDatePhrase.Day
    var time: DueDateParser.TimeOfDay? = nil
    var isUTC = false
  }

  private enum DayPart {
    case day(DayWithTime)
    case minutesFromNow(Int)
  }

  private mutating func dayPart() throws(DueDateGrammarFailure) -> DayPart? {
    let start = position
    if let name = lexemes[position].word {
      if let day = namedDay(name) {
        position += 1
        return .day(DayWithTime(day: day))
      }
      switch name {
      case "this", "next":
        if let following = word(at: position + 1) {
          if let weekday = DueDateVocabulary.weekdays[following] {
            position += 2
            return .day(DayWithTime(day: .weekday(weekday, name == "this" ? .comingOrToday : .inNextWeek)))
          }
          if name == "next", following == "week" {
            position += 2
            return .day(DayWithTime(day: .weekday(2, .inNextWeek)))
          }
          if name == "next", following == "month" {
            position += 2
            return .day(DayWithTime(day: .firstOfNextMonth))
          }
        }
      case "end":
        var index = position + 1
        guard word(at: index) == "of" else { break }
        index += 1
        if word(at: index) == "the" { index += 1 }
        if word(at: index) == "month" {
          position = index + 1
          return .day(DayWithTime(day: .endOfMonth))
        }
        if word(at: index) == "week" {
          position = index + 1
          return .day(DayWithTime(day: .weekday(6, .comingOrToday)))
        }
      case "in":
        return try relative()
      default:
        if let month = DueDateVocabulary.months[name], let date = try monthThenDay(month) {
          return .day(DayWithTime(day: date))
        }
      }
      position = start
      return nil
    }
    guard let digits = lexemes[position].digits else { return nil }
    if digits.count == 4, symbol(at: position + 1, "-") { return try isoDate() }
    if digits.count <= 2, symbol(at: position + 1, "/") { return .day(DayWithTime(day: try slashDate())) }
    if digits.count <= 2, let date = try dayThenMonth() { return .day(DayWithTime(day: date)) }
    position = start
    return nil
  }

  private func namedDay(_ word: String) -> DueDatePhrase.Day? {
    if word == "today" { return .today }
    if word == "tonight" { return .tonight }
    if DueDateVocabulary.tomorrow.contains(word) { return .tomorrow }
    if word == "yesterday" { return .yesterday }
    if word == "eom" { return .endOfMonth }
    // End of week is the end of the working week: the coming Friday, today included.
    if word == "eow" { return .weekday(6, .comingOrToday) }
    if let weekday = DueDateVocabulary.weekdays[word] { return .weekday(weekday, .coming) }
    return nil
  }

  /// `in 3d`, `in 2 weeks`, `in a month`, `in 30m`.
  private mutating func relative() throws(DueDateGrammarFailure) -> DayPart? {
    let start = position
    position += 1
    let count: Int
    if let digits = digits(at: position) {
      count = try number(digits, at: position)
    } else if let article = word(at: position), article == "a" || article == "an" {
      count = 1
    } else {
      position = start
      return nil
    }
    position += 1
    guard let unitWord = word(at: position), let unit = DueDateVocabulary.units[unitWord] else {
      position = start
      return nil
    }
    position += 1
    switch unit {
    case .minute: return .minutesFromNow(count)
    case .hour:
      let (minutes, overflow) = count.multipliedReportingOverflow(by: 60)
      guard !overflow else { throw tooLarge(start) }
      return .minutesFromNow(minutes)
    case .day, .week, .month, .year: return .day(DayWithTime(day: .offset(count, unit)))
    }
  }

  /// `2026-03-14`, `2026-03-14T09:30`, `2026-03-14T09:30:00Z`: one word.
  private mutating func isoDate() throws(DueDateGrammarFailure) -> DayPart? {
    let start = position
    let wordIndex = lexemes[start].wordIndex
    guard let year = digits(at: start), symbol(at: start + 1, "-"),
      let month = digits(at: start + 2), month.count <= 2, symbol(at: start + 3, "-"),
      let day = digits(at: start + 4), day.count <= 2, lexemes[start + 4].wordIndex == wordIndex
    else {
      throw DueDateGrammarFailure(
        reason: .invalidDate, lexemes: start..<lexemesOfWord(from: start),
        message: "is not a date; write dates as 2026-03-14")
    }
    position = start + 5
    var result = DayWithTime(
      day: .calendarDate(
        year: try number(year, at: start), month: try number(month, at: start + 2),
        day: try number(day, at: start + 4)))
    if word(at: position) == "t", lexemes[position].wordIndex == wordIndex {
      position += 1
      guard let time = try timePart(), lexemes[position - 1].wordIndex == wordIndex else {
        throw DueDateGrammarFailure(
          reason: .invalidTime, lexemes: start..<lexemesOfWord(from: start),
          message: "needs a time after “T”, as in 2026-03-14T09:30")
      }
      result.time = time
      if word(at: position) == "z", lexemes[position].wordIndex == wordIndex {
        position += 1
        result.isUTC = true
      }
    }
    return .day(result)
  }

  /// `3/14` or `3/14/2027` (month first), one word.
  private mutating func slashDate() throws(DueDateGrammarFailure) -> DueDatePhrase.Day {
    let start = position
    let wordIndex = lexemes[start].wordIndex
    guard let month = digits(at: start), let day = digits(at: start + 2), day.count <= 2,
      lexemes[start + 2].wordIndex == wordIndex
    else {
      throw DueDateGrammarFailure(
        reason: .invalidDate, lexemes: start..<lexemesOfWord(from: start),
        message: "is not a date; write month/day, as in 3/14 or 3/14/2027")
    }
    position = start + 3
    var year: Int?
    if symbol(at: position, "/") {
      guard let digits = digits(at: position + 1), digits.count == 2 || digits.count == 4,
        lexemes[position + 1].wordIndex == wordIndex
      else {
        throw DueDateGrammarFailure(
          reason: .invalidDate, lexemes: start..<lexemesOfWord(from: start),
          message: "needs a year of 2 or 4 digits after the second “/”, as in 3/14/2027")
      }
      let value = try number(digits, at: position + 1)
      year = digits.count == 2 ? 2000 + value : value
      position += 2
    }
    return .calendarDate(year: year, month: try number(month, at: start), day: try number(day, at: start + 2))
  }

  /// `mar 14`, `march 14th`, `mar 14 2027`.
  private mutating func monthThenDay(_ month: Int) throws(DueDateGrammarFailure) -> DueDatePhrase.Day? {
    let start = position
    guard let dayDigits = digits(at: start + 1), dayDigits.count <= 2, !startsTime(at: start + 2) else {
      return nil
    }
    position = start + 2
    skipOrdinal(afterWordOf: start + 1)
    let day = try number(dayDigits, at: start + 1)
    return .calendarDate(year: try year(), month: month, day: day)
  }

  /// `14 mar`, `14th march`, `14 mar 2027`.
  private mutating func dayThenMonth() throws(DueDateGrammarFailure) -> DueDatePhrase.Day? {
    let start = position
    guard let dayDigits = digits(at: start) else { return nil }
    position = start + 1
    skipOrdinal(afterWordOf: start)
    guard let monthWord = word(at: position), let month = DueDateVocabulary.months[monthWord] else {
      position = start
      return nil
    }
    position += 1
    let day = try number(dayDigits, at: start)
    return .calendarDate(year: try year(), month: month, day: day)
  }

  private mutating func skipOrdinal(afterWordOf index: Int) {
    if let suffix = word(at: position), DueDateVocabulary.ordinalSuffixes.contains(suffix),
      lexemes[position].wordIndex == lexemes[index].wordIndex
    {
      position += 1
    }
  }

  /// A four-digit year after a month and day, unless it is the start of a time (`17:00`).
  private mutating func year() throws(DueDateGrammarFailure) -> Int? {
    guard let digits = digits(at: position), digits.count == 4, !startsTime(at: position + 1) else {
      return nil
    }
    position += 1
    return try number(digits, at: position - 1)
  }

  // MARK: - Times

  /// `noon`, `midnight`, `5pm`, `5 pm`, `5:30pm`, `17:00`, `09:30:15`. A bare number is not a time:
  /// `5` could be anything.
  private mutating func timePart() throws(DueDateGrammarFailure) -> DueDateParser.TimeOfDay? {
    let start = position
    if let word = word(at: position) {
      if word == "noon" {
        position += 1
        return DueDateParser.TimeOfDay(hour: 12, minute: 0)
      }
      if word == "midnight" {
        position += 1
        return DueDateParser.TimeOfDay(hour: 0, minute: 0)
      }
      return nil
    }
    guard let hourDigits = digits(at: position), hourDigits.count <= 2 else { return nil }
    let wordIndex = lexemes[position].wordIndex
    position += 1
    var minute = 0
    var second = 0
    var millisecond = 0
    var hasColon = false
    if symbol(at: position, ":"), let minuteDigits = digits(at: position + 1), minuteDigits.count == 2,
      lexemes[position + 1].wordIndex == wordIndex
    {
      hasColon = true
      minute = try number(minuteDigits, at: position + 1)
      position += 2
      if symbol(at: position, ":"), let secondDigits = digits(at: position + 1), secondDigits.count == 2,
        lexemes[position + 1].wordIndex == wordIndex
      {
        second = try number(secondDigits, at: position + 1)
        position += 2
        if symbol(at: position, "."), let fraction = digits(at: position + 1),
          lexemes[position + 1].wordIndex == wordIndex
        {
          millisecond = Int(String(fraction.prefix(3)).padding(toLength: 3, withPad: "0", startingAt: 0)) ?? 0
          position += 2
        }
      }
    }
    var meridiem: String?
    if let word = word(at: position), word == "am" || word == "pm" {
      meridiem = word
      position += 1
    }
    guard hasColon || meridiem != nil else {
      position = start
      return nil
    }
    var hour = try number(hourDigits, at: start)
    guard minute < 60, second < 60 else {
      throw invalidTime(start, "is not a time: minutes and seconds go up to 59")
    }
    if let meridiem {
      guard (1...12).contains(hour) else {
        throw invalidTime(start, "is not a time: with am/pm the hour goes from 1 to 12")
      }
      hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
    } else {
      guard hour < 24 else { throw invalidTime(start, "is not a time: hours go from 0 to 23") }
    }
    return DueDateParser.TimeOfDay(hour: hour, minute: minute, second: second, millisecond: millisecond)
  }

  private func invalidTime(_ start: Int, _ message: String) -> DueDateGrammarFailure {
    DueDateGrammarFailure(reason: .invalidTime, lexemes: start..<position, message: message)
  }

  // MARK: - Lexemes

  private func word(at index: Int) -> String? {
    index < lexemes.count ? lexemes[index].word : nil
  }

  private func digits(at index: Int) -> String? {
    index < lexemes.count ? lexemes[index].digits : nil
  }

  private func symbol(at index: Int, _ character: Character) -> Bool {
    index < lexemes.count && lexemes[index].isSymbol(character)
  }

  /// Whether the lexeme after a number makes it an hour: `:` or `am`/`pm`, as in `may 5pm`.
  private func startsTime(at index: Int) -> Bool {
    symbol(at: index, ":") || word(at: index) == "am" || word(at: index) == "pm"
  }

  /// The end of the lexemes of the word that `index` is in.
  private func lexemesOfWord(from index: Int) -> Int {
    var end = index
    while end < lexemes.count, lexemes[end].wordIndex == lexemes[index].wordIndex { end += 1 }
    return end
  }

  private func number(_ digits: String, at index: Int) throws(DueDateGrammarFailure) -> Int {
    guard digits.count <= 9, let value = Int(digits) else { throw tooLarge(index) }
    return value
  }

  private func tooLarge(_ index: Int) -> DueDateGrammarFailure {
    DueDateGrammarFailure(reason: .invalidDate, lexemes: index..<index + 1, message: "is too large a number")
  }
}
