import Foundation
import RemindersKit
import Testing

@Suite struct DueDateParserTests {
  let ny = FixedClock.newYork

  // Now is Tuesday 2026-03-10 14:00 in New York; weeks start on Sunday.

  @Test(arguments: [
    ("today", (2026, 3, 10, 9, 0)),
    ("Today", (2026, 3, 10, 9, 0)),
    ("tonight", (2026, 3, 10, 20, 0)),
    ("tomorrow", (2026, 3, 11, 9, 0)),
    ("TOMORROW", (2026, 3, 11, 9, 0)),
    ("tmr", (2026, 3, 11, 9, 0)),
    ("tmrw", (2026, 3, 11, 9, 0)),
    ("yesterday", (2026, 3, 9, 9, 0)),
    ("  tomorrow  ", (2026, 3, 11, 9, 0)),
  ])
  func namedDays(_ text: String, _ expected: (Int, Int, Int, Int, Int)) throws {
    #expect(try ny.parser.parse(text) == ny.at(expected.0, expected.1, expected.2, expected.3, expected.4))
  }

  @Test(arguments: [
    ("fri", (2026, 3, 13)),
    ("friday", (2026, 3, 13)),
    ("Fri", (2026, 3, 13)),
    ("wed", (2026, 3, 11)),
    ("weds", (2026, 3, 11)),
    ("thurs", (2026, 3, 12)),
    ("sat", (2026, 3, 14)),
    ("sun", (2026, 3, 15)),
    ("mon", (2026, 3, 16)),
    // Today is excluded: "tue" on a Tuesday is a week ahead.
    ("tue", (2026, 3, 17)),
    ("tuesday", (2026, 3, 17)),
    // "this" includes today.
    ("this tue", (2026, 3, 10)),
    ("this fri", (2026, 3, 13)),
    ("this mon", (2026, 3, 16)),
    // "next" is the following calendar week, Sunday 15 to Saturday 21.
    ("next mon", (2026, 3, 16)),
    ("next fri", (2026, 3, 20)),
    ("next sun", (2026, 3, 15)),
    ("next tue", (2026, 3, 17)),
    ("next sat", (2026, 3, 21)),
    ("next week", (2026, 3, 16)),
    ("next month", (2026, 4, 1)),
    ("eom", (2026, 3, 31)),
    ("end of month", (2026, 3, 31)),
    ("end of the month", (2026, 3, 31)),
    ("eow", (2026, 3, 13)),
    ("end of week", (2026, 3, 13)),
  ])
  func weekdaysAndPeriods(_ text: String, _ day: (Int, Int, Int)) throws {
    #expect(try ny.parser.parse(text) == ny.at(day.0, day.1, day.2, 9, 0))
  }

  @Test(arguments: [
    // A time alone is today, or tomorrow once it has passed (it is 14:00).
    ("5pm", (2026, 3, 10, 17, 0)),
    ("5 PM", (2026, 3, 10, 17, 0)),
    ("5:30pm", (2026, 3, 10, 17, 30)),
    ("17:00", (2026, 3, 10, 17, 0)),
    ("23:59", (2026, 3, 10, 23, 59)),
    ("9am", (2026, 3, 11, 9, 0)),
    ("noon", (2026, 3, 11, 12, 0)),
    ("midnight", (2026, 3, 11, 0, 0)),
    ("12am", (2026, 3, 11, 0, 0)),
    ("12pm", (2026, 3, 11, 12, 0)),
    ("2pm", (2026, 3, 11, 14, 0)),
    ("2:01pm", (2026, 3, 10, 14, 1)),
    ("at 5pm", (2026, 3, 10, 17, 0)),
    ("9:30", (2026, 3, 11, 9, 30)),
  ])
  func timesAlone(_ text: String, _ expected: (Int, Int, Int, Int, Int)) throws {
    #expect(try ny.parser.parse(text) == ny.at(expected.0, expected.1, expected.2, expected.3, expected.4))
  }

  @Test(arguments: [
    ("tomorrow 5pm", (2026, 3, 11, 17, 0)),
    ("tomorrow at noon", (2026, 3, 11, 12, 0)),
    ("next mon 9am", (2026, 3, 16, 9, 0)),
    ("fri at 3pm", (2026, 3, 13, 15, 0)),
    ("fri 3:15 pm", (2026, 3, 13, 15, 15)),
    ("5pm on fri", (2026, 3, 13, 17, 0)),
    ("5pm fri", (2026, 3, 13, 17, 0)),
    ("today 9am", (2026, 3, 10, 9, 0)),
    ("tonight 10pm", (2026, 3, 10, 22, 0)),
    ("yesterday 5pm", (2026, 3, 9, 17, 0)),
    ("fri midnight", (2026, 3, 13, 0, 0)),
    ("in 2 days 5pm", (2026, 3, 12, 17, 0)),
    ("due mon at 8:45am", (2026, 3, 16, 8, 45)),
    ("mar 14 5pm", (2026, 3, 14, 17, 0)),
    ("eom 17:00", (2026, 3, 31, 17, 0)),
  ])
  func daysWithTimes(_ text: String, _ expected: (Int, Int, Int, Int, Int)) throws {
    #expect(try ny.parser.parse(text) == ny.at(expected.0, expected.1, expected.2, expected.3, expected.4))
  }

  @Test(arguments: [
    ("in 3d", (2026, 3, 13, 9, 0)),
    ("in 2 days", (2026, 3, 12, 9, 0)),
    ("in 1 day", (2026, 3, 11, 9, 0)),
    ("in 1w", (2026, 3, 17, 9, 0)),
    ("in 2 weeks", (2026, 3, 24, 9, 0)),
    ("in a week", (2026, 3, 17, 9, 0)),
    ("in 1 month", (2026, 4, 10, 9, 0)),
    ("in 2mo", (2026, 5, 10, 9, 0)),
    ("in 1 year", (2027, 3, 10, 9, 0)),
    ("in 3h", (2026, 3, 10, 17, 0)),
    ("in 3 hours", (2026, 3, 10, 17, 0)),
    ("in an hour", (2026, 3, 10, 15, 0)),
    ("in 30m", (2026, 3, 10, 14, 30)),
    ("in 90 min", (2026, 3, 10, 15, 30)),
    ("in 12h", (2026, 3, 11, 2, 0)),
  ])
  func relative(_ text: String, _ expected: (Int, Int, Int, Int, Int)) throws {
    #expect(try ny.parser.parse(text) == ny.at(expected.0, expected.1, expected.2, expected.3, expected.4))
  }

  @Test func offsetsInMinutesDropTheSecondsOfNow() throws {
    let parser = DueDateParser(
      now: ny.at(2026, 3, 10, 14, 0).addingTimeInterval(27.5), calendar: ny.calendar, timeZone: ny.timeZone)
    #expect(try parser.parse("in 30m") == ny.at(2026, 3, 10, 14, 30))
  }

  @Test func oneMonthFromTheLastDayOfJanuaryIsTheLastDayOfFebruary() throws {
    let parser = DueDateParser(now: ny.at(2026, 1, 31, 10, 0), calendar: ny.calendar, timeZone: ny.timeZone)
    #expect(try parser.parse("in 1 month") == ny.at(2026, 2, 28))
    #expect(try parser.parse("eom") == ny.at(2026, 1, 31))
    #expect(try parser.parse("next month") == ny.at(2026, 2, 1))
  }

  @Test(arguments: [
    ("2026-03-14", (2026, 3, 14, 9, 0)),
    ("2026-03-14 09:30", (2026, 3, 14, 9, 30)),
    ("2026-03-14T09:30", (2026, 3, 14, 9, 30)),
    ("2026-03-14t17:05", (2026, 3, 14, 17, 5)),
    ("2026-03-14 5pm", (2026, 3, 14, 17, 0)),
    ("2025-12-01", (2025, 12, 1, 9, 0)),
    ("mar 14", (2026, 3, 14, 9, 0)),
    ("March 14", (2026, 3, 14, 9, 0)),
    ("march 14th", (2026, 3, 14, 9, 0)),
    ("14 mar", (2026, 3, 14, 9, 0)),
    ("14th March", (2026, 3, 14, 9, 0)),
    ("3/14", (2026, 3, 14, 9, 0)),
    ("mar 14 2027", (2027, 3, 14, 9, 0)),
    ("mar 14, 2027", (2027, 3, 14, 9, 0)),
    ("14 mar 2027", (2027, 3, 14, 9, 0)),
    ("3/14/2027", (2027, 3, 14, 9, 0)),
    ("3/14/27", (2027, 3, 14, 9, 0)),
    // Without a year: the next one, today included.
    ("mar 10", (2026, 3, 10, 9, 0)),
    ("mar 9", (2027, 3, 9, 9, 0)),
    ("jan 5", (2027, 1, 5, 9, 0)),
    ("dec 25", (2026, 12, 25, 9, 0)),
    ("feb 29", (2028, 2, 29, 9, 0)),
    ("sept 1", (2026, 9, 1, 9, 0)),
    ("may 5", (2026, 5, 5, 9, 0)),
    ("may 5 5pm", (2026, 5, 5, 17, 0)),
  ])
  func calendarDates(_ text: String, _ expected: (Int, Int, Int, Int, Int)) throws {
    #expect(try ny.parser.parse(text) == ny.at(expected.0, expected.1, expected.2, expected.3, expected.4))
  }

  @Test func aMonthWithAnHourIsNoDate() throws {
    // "may" needs a day: in "may 5pm" the 5 is an hour.
    #expect(throws: DueDateParseError.self) { try ny.parser.parse("may 5pm") }
    let text = "Call may 5pm"
    let match = try #require(try ny.parser.match(in: text))
    #expect(text[match.range] == "5pm")
  }

  @Test func isoDateTimesWithSecondsOrInUTC() throws {
    #expect(try ny.parser.parse("2026-03-14T09:30Z") == utc("2026-03-14 09:30:00"))
    #expect(try ny.parser.parse("2026-03-14T09:30:15.250z") == utc("2026-03-14 09:30:15.250"))
    #expect(try ny.parser.parse("2026-03-14 09:30:15") == ny.at(2026, 3, 14, 9, 30).addingTimeInterval(15))
  }

  @Test func theDefaultTimeIsNineInTheMorning() {
    #expect(DueDateParser.defaultTime == DueDateParser.TimeOfDay(hour: 9, minute: 0))
    #expect(DueDateParser.tonightTime == DueDateParser.TimeOfDay(hour: 20, minute: 0))
  }

  // MARK: - Another time zone

  @Test func tokyoHasItsOwnTodayAndWeeksThatStartOnMonday() throws {
    // The same instant is Wednesday 2026-03-11 03:00 in Tokyo.
    let tokyo = FixedClock.tokyo
    let parser = tokyo.parser
    #expect(try parser.parse("today") == tokyo.at(2026, 3, 11))
    #expect(try parser.parse("today") == utc("2026-03-11 00:00:00"))
    #expect(try parser.parse("5pm") == tokyo.at(2026, 3, 11, 17, 0))
    #expect(try parser.parse("2am") == tokyo.at(2026, 3, 12, 2, 0))
    #expect(try parser.parse("fri") == tokyo.at(2026, 3, 13))
    #expect(try parser.parse("wed") == tokyo.at(2026, 3, 18))
    // The current week is Monday 9 to Sunday 15; the next one Monday 16 to Sunday 22.
    #expect(try parser.parse("next mon") == tokyo.at(2026, 3, 16))
    #expect(try parser.parse("next sun") == tokyo.at(2026, 3, 22))
    #expect(try parser.parse("this sun") == tokyo.at(2026, 3, 15))
    #expect(try parser.parse("next week") == tokyo.at(2026, 3, 16))
    #expect(try parser.parse("in 3h") == tokyo.at(2026, 3, 11, 6, 0))
    #expect(try parser.parse("2026-03-14 09:30") == utc("2026-03-14 00:30:00"))
    #expect(try parser.parse("mar 11") == tokyo.at(2026, 3, 11))
  }

  // MARK: - Daylight saving

  @Test func springForwardInNewYork() throws {
    // Saturday 2026-03-07 14:00 EST; clocks go from 02:00 to 03:00 on Sunday the 8th.
    let parser = DueDateParser(now: utc("2026-03-07 19:00:00"), calendar: ny.calendar, timeZone: ny.timeZone)
    #expect(try parser.parse("tomorrow 9am") == utc("2026-03-08 13:00:00"))
    #expect(try parser.parse("tomorrow") == utc("2026-03-08 13:00:00"))
    #expect(try parser.parse("in 1d") == utc("2026-03-08 13:00:00"))
    #expect(try parser.parse("in 2 days 5pm") == utc("2026-03-09 21:00:00"))
    // 24 hours later is 15:00 on the clock after the change.
    #expect(try parser.parse("in 24h") == utc("2026-03-08 19:00:00"))
    // 02:30 does not exist on the 8th: it moves forward by the gap.
    #expect(try parser.parse("tomorrow 2:30am") == utc("2026-03-08 07:30:00"))
    #expect(try parser.parse("sun 5pm") == utc("2026-03-08 21:00:00"))
  }

  @Test func fallBackInNewYork() throws {
    // Saturday 2026-10-31 14:00 EDT; 01:00 to 02:00 happens twice on Sunday 1 November.
    let parser = DueDateParser(now: utc("2026-10-31 18:00:00"), calendar: ny.calendar, timeZone: ny.timeZone)
    #expect(try parser.parse("tomorrow 9am") == utc("2026-11-01 14:00:00"))
    #expect(try parser.parse("tomorrow 1:30am") == utc("2026-11-01 05:30:00"))
    #expect(try parser.parse("next week") == utc("2026-11-02 14:00:00"))
  }

  // MARK: - Errors

  @Test func emptyInputSaysSo() {
    let error = parseError("   ")
    #expect(error?.reason == .empty)
    #expect(error?.fragment == "")
    #expect(error?.description.contains("tomorrow 5pm") == true)
  }

  @Test(arguments: [
    ("blah", "blah"),
    ("fri blah", "blah"),
    ("fri blah blah", "blah blah"),
    ("fri at", "at"),
    ("in", "in"),
    ("in 3", "in 3"),
    ("in 3 fortnights", "in 3 fortnights"),
    ("next", "next"),
    ("next year", "next year"),
    ("end of", "end of"),
    ("mar", "mar"),
    ("14th", "14th"),
    ("5", "5"),
    ("::", "::"),
    ("😀 tomorrow", "😀 tomorrow"),
    ("明日", "明日"),
    ("tomorrow-ish", "tomorrow-ish"),
  ])
  func unknownWordsAreNamed(_ text: String, _ fragment: String) {
    let error = parseError(text)
    #expect(error?.reason == .notUnderstood)
    #expect(error?.fragment == fragment)
    #expect(error?.message == "“\(fragment)” is not a date or time this app reads" || text.hasSuffix("at"))
    #expect(error?.description.contains("next mon 9am") == true)
  }

  @Test(arguments: [
    ("feb 30", DueDateParseError.Reason.invalidDate, "February has no day 30"),
    ("2026-02-30", .invalidDate, "February 2026 has no day 30"),
    ("2026-02-29", .invalidDate, "February 2026 has no day 29"),
    ("13/14", .invalidDate, "13 is not a month"),
    ("2026-13-01", .invalidDate, "13 is not a month"),
    ("2026-3", .invalidDate, "write dates as 2026-03-14"),
    ("3/", .invalidDate, "month/day"),
    ("3/14/1", .invalidDate, "a year of 2 or 4 digits"),
    ("apr 31", .invalidDate, "April has no day 31"),
    // Before 1583 the calendar a date is shown in is Julian, the one it is stored in is not.
    ("1500-03-14", .invalidDate, "the year must be between 1583 and 9999"),
    ("0001-01-01", .invalidDate, "the year must be between 1583 and 9999"),
    ("mar 14 1582", .invalidDate, "the year must be between 1583 and 9999"),
    ("in 99999999999 days", .invalidDate, "too large"),
    ("in 999999 years", .invalidDate, "too far away"),
    ("25:00", .invalidTime, "hours go from 0 to 23"),
    ("13pm", .invalidTime, "from 1 to 12"),
    ("0am", .invalidTime, "from 1 to 12"),
    ("5:75pm", .invalidTime, "up to 59"),
    ("2026-03-14T", .invalidTime, "needs a time after “T”"),
    ("fri mon", .conflicting, "second date"),
    ("5pm 6pm", .conflicting, "second time"),
    ("in 3h 5pm", .conflicting, "second time"),
    ("tomorrow in 3h", .conflicting, "stands alone"),
  ])
  func invalidValuesSayWhatIsWrong(_ text: String, _ reason: DueDateParseError.Reason, _ words: String) {
    let error = parseError(text)
    #expect(error?.reason == reason)
    #expect(error?.message.contains(words) == true, "\(error?.message ?? "no error")")
  }

  @Test func errorsQuoteTheInputAndTheFragment() {
    let error = parseError("fri 25:00")
    #expect(error?.input == "fri 25:00")
    #expect(error?.fragment == "25:00")
    #expect(error?.message == "“25:00” is not a time: hours go from 0 to 23")
    #expect(
      error?.description
        == "“25:00” is not a time: hours go from 0 to 23. Try, for example: "
        + DueDateParseError.examples.joined(separator: ", ") + ".")
  }

  @Test func anyMixOfWordsGivesADateOrAnError() {
    // A fixed pseudo-random walk over words and pieces that look like dates: every result is a date
    // or a `DueDateParseError`, and finding phrases never fails either.
    let pieces = [
      "today", "tonight", "tmr", "fri", "next", "this", "in", "a", "an", "end", "of", "the", "month", "week",
      "at",
      "on", "eom", "eow", "mar", "feb", "29", "30", "31", "0", "00", "12", "13", "24", "99", "9999", "0001",
      "999999999", "5pm", "12am", "0am", "25:00", "9:30", "23:59:59.999", "3/14", "99/99", "0/0",
      "2026-03-14",
      "9999-12-31", "0001-01-01", "2026-02-29", "2026-03-14t", "2026-03-14T09:30Z", "d", "h", "m", "mo", "y",
      "days", "years", "st", "th", ",", ".", ":", "-", "/", "#", "@", "!", "😀", "明日", "\u{301}",
    ]
    var state: UInt64 = 0x2545_f491_4f6c_dd1d
    func next(_ bound: Int) -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % UInt64(bound))
    }
    var dates = 0
    for _ in 0..<3000 {
      let text = (0...next(4)).map { _ in pieces[next(pieces.count)] }.joined(
        separator: next(3) == 0 ? "" : " ")
      do {
        _ = try ny.parser.parse(text)
        dates += 1
      } catch {
        #expect(!error.message.isEmpty)
      }
      do {
        if let match = try ny.parser.match(in: text) { #expect(!text[match.range].isEmpty) }
      } catch {
        #expect(!error.fragment.isEmpty)
      }
    }
    #expect(dates > 50)
  }

  private func parseError(_ text: String) -> DueDateParseError? {
    do {
      _ = try ny.parser.parse(text)
      return nil
    } catch {
      return error
    }
  }

  // MARK: - Finding a phrase in a text

  @Test(arguments: [
    ("Call mom tomorrow 5pm", "tomorrow 5pm"),
    ("Pay rent next mon 9am please", "next mon 9am"),
    ("Meet Bob on fri, then lunch", "on fri"),
    ("Buy sun cream tomorrow", "tomorrow"),
    ("Report due 2026-03-14 09:30", "due 2026-03-14 09:30"),
    ("Dentist at 5pm", "at 5pm"),
    ("in 3d water the plants", "in 3d"),
    ("Renew passport by mar 14 2027.", "by mar 14 2027"),
    ("Taxes 3/14", "3/14"),
  ])
  func findsTheLongestPhraseInAText(_ text: String, _ phrase: String) throws {
    let match = try #require(try ny.parser.match(in: text))
    #expect(String(text[match.range]) == phrase)
    #expect(match.date == (try ny.parser.parse(phrase)))
  }

  @Test(arguments: ["Call mom", "", "Email bob@host.com about C#", "Fix bug 5", "in the store", "at home"])
  func textsWithoutADateHaveNoMatch(_ text: String) throws {
    #expect(try ny.parser.match(in: text) == nil)
  }

  @Test func theLaterOfTwoEqualPhrasesWins() throws {
    let text = "Move fri meeting to mon"
    let match = try #require(try ny.parser.match(in: text))
    #expect(String(text[match.range]) == "mon")
  }

  /// Words that read as a date but name none are refused as `parse` refuses them, not half
  /// applied with the rest left in the title; numbers in ordinary titles are still title text.
  @Test(arguments: [
    ("Pay rent 31 feb", "“31 feb” is not a date: February has no day 31"),
    ("Gym yesterday 25pm", "“25pm” is not a time"),
    ("Dentist feb 30 3pm", "“feb 30” is not a date"),
    ("Party 9999-12-31 23:59", "“9999-12-31” is after 9999-12-31 23:59 UTC"),
  ])
  func aPhraseThatNamesNoDateIsAnError(_ text: String, _ message: String) {
    #expect {
      _ = try ny.parser.match(in: text)
    } throws: { error in
      (error as? DueDateParseError)?.message.hasPrefix(message) == true
    }
  }

  @Test(arguments: [
    ("Buy 12 eggs tomorrow", "tomorrow"), ("Room 101 at 5pm", "at 5pm"), ("Read chapter 13 fri", "fri"),
    ("Call 555 1234 at noon", "at noon"),
  ])
  func numbersInTitlesStayTitleText(_ text: String, _ phrase: String) throws {
    let match = try #require(try ny.parser.match(in: text))
    #expect(String(text[match.range]) == phrase)
  }
}
