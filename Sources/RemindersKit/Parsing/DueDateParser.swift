import Foundation
import SQLiteData

/// Reads due dates typed in natural language, relative to a fixed `now` in the user's time zone.
///
/// What it reads (case-insensitive, English):
/// - days: `today`, `tonight` (today at 20:00), `tomorrow`/`tmr`/`tmrw`, `yesterday`;
///   weekdays and their abbreviations (`fri`, `friday`: the next one, today excluded);
///   `this fri` (today included); `next fri` (the one in the following calendar week, weeks
///   starting on the calendar's `firstWeekday`); `next week` (= `next mon`); `next month` (its
///   first day); `eom`/`end of month` (the month's last day); `eow`/`end of week` (the coming
///   Friday, today included); `in 3d`, `in 2 days`, `in 1w`, `in 2 weeks`, `in 1 month`
///   (`mo`), `in a year`; `2026-03-14`; `mar 14`, `march 14th`, `14 mar`, `mar 14 2027`,
///   `3/14`, `3/14/2027` (month first). A month and day without a year is the next one, today
///   included.
/// - times: `5pm`, `5 pm`, `5:30pm`, `17:00`, `09:30:15`, `noon`, `midnight` (00:00, the start of
///   the day it goes with). A time alone is today at that time, or tomorrow once it has passed.
/// - both, in either order, optionally joined by `at`/`on`: `tomorrow 5pm`, `next mon 9am`,
///   `fri at 3pm`, `5pm on fri`, `2026-03-14 09:30`, `2026-03-14T09:30` (`…Z` for UTC).
/// - offsets from now, to the minute: `in 3h`, `in 30m`, `in an hour`.
///
/// A day without a time is at `defaultTime` (09:00). A time that a daylight-saving change skips
/// moves forward by the gap (02:30 on a spring-forward day is 03:30); a repeated one is its first
/// occurrence.
public struct DueDateParser: Sendable {
  /// A time of day on a wall clock.
  public struct TimeOfDay: Hashable, Sendable {
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var millisecond: Int

    public init(hour: Int, minute: Int, second: Int = 0, millisecond: Int = 0) {
      self.hour = hour
      self.minute = minute
      self.second = second
      self.millisecond = millisecond
    }
  }

  /// The time a date gets when the phrase names none (`fri`, `in 3d`, `mar 14`). The one place
  /// this is decided; iCalendar dates without a time use it too.
  public static let defaultTime = TimeOfDay(hour: 9, minute: 0)
  /// The time `tonight` means when no time is given.
  public static let tonightTime = TimeOfDay(hour: 20, minute: 0)
  /// The most words `match(in:)` considers one phrase (`on the end of the month at 5pm`).
  public static let maximumPhraseWords = 8

  public let now: Date
  /// The user's calendar, set to the user's time zone.
  public let calendar: Calendar

  public init(now: Date, calendar: Calendar, timeZone: TimeZone) {
    var calendar = calendar
    calendar.timeZone = timeZone
    self.now = now
    self.calendar = calendar
  }

  /// A parser for the current `date.now`, `calendar` and `timeZone` dependencies.
  public init() {
    let dependencies = DependencyValues.current
    self.init(now: dependencies.date.now, calendar: dependencies.calendar, timeZone: dependencies.timeZone)
  }

  /// The date that the whole of `text` names.
  public func parse(_ text: String) throws(DueDateParseError) -> Date {
    let words = DueDateLexer.words(in: text)
    do {
      return try date(of: words[...])
    } catch {
      throw parseError(error, in: words[...], of: text)
    }
  }

  /// A failure to read `words` as a date, pointing at the words at fault.
  private func parseError(
    _ error: DueDateGrammarFailure, in words: ArraySlice<DueDateWord>, of text: String
  ) -> DueDateParseError {
    var fragment = ""
    let lexemes = DueDateLexer.lexemes(of: words)
    if !lexemes.isEmpty {
      // A failure of the phrase as a whole (an offset too far away) names all of it.
      let failed = error.lexemes.isEmpty ? 0..<lexemes.count : error.lexemes
      let first = words[words.startIndex + lexemes[failed.lowerBound].wordIndex]
      let last = words[words.startIndex + lexemes[failed.upperBound - 1].wordIndex]
      fragment = String(text[first.core.lowerBound..<last.core.upperBound])
    }
    let message = fragment.isEmpty ? error.message : "“\(fragment)” \(error.message)"
    return DueDateParseError(reason: error.reason, input: text, fragment: fragment, message: message)
  }

  /// The date phrase inside a longer text, for quick-add: `Call mom tomorrow 5pm` finds
  /// `tomorrow 5pm`. Phrases are whole words; the one with the most words wins, then the one with
  /// the most characters, then the last one.
  ///
  /// A phrase that reads as a date but names none (`31 feb`, `yesterday 25pm`) is an error, as it
  /// is for `parse`, when it is longer than the best phrase that does: it is not left half
  /// applied, with part of it taken as the date and the rest left in the title.
  public func match(in text: String) throws(DueDateParseError) -> DueDateMatch? {
    let words = DueDateLexer.words(in: text)
    var best: (start: Int, count: Int, length: Int, date: Date)?
    var failed: (count: Int, error: DueDateParseError)?
    for start in words.indices {
      for end in (start + 1)...min(words.count, start + Self.maximumPhraseWords) {
        let count = end - start
        let range = words[start].core.lowerBound..<words[end - 1].core.upperBound
        let date: Date
        do {
          date = try self.date(of: words[start..<end])
        } catch {
          if error.reason != .notUnderstood, error.reason != .empty, count > failed?.count ?? 0 {
            failed = (count, parseError(error, in: words[start..<end], of: text))
          }
          continue
        }
        let length = text.distance(from: range.lowerBound, to: range.upperBound)
        if let current = best, (current.count, current.length) > (count, length) { continue }
        best = (start, count, length, date)
      }
    }
    if let failed, failed.count > best?.count ?? 0 { throw failed.error }
    guard let best else { return nil }
    let range = words[best.start].core.lowerBound..<words[best.start + best.count - 1].core.upperBound
    return DueDateMatch(range: range, date: best.date)
  }

  private func date(of words: ArraySlice<DueDateWord>) throws(DueDateGrammarFailure) -> Date {
    let phrase = try DueDateGrammar.phrase(from: DueDateLexer.lexemes(of: words))
    return try resolve(phrase)
  }
}

/// A date phrase found in a text: where it is and the date it names.
public struct DueDateMatch: Hashable, Sendable {
  public let range: Range<String.Index>
  public let date: Date

  public init(range: Range<String.Index>, date: Date) {
    self.range = range
    self.date = date
  }
}
