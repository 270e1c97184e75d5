/// What a due-date phrase says, before it meets a clock: a day, a time of day, or an offset from
/// now. `DueDateParser` turns it into a `Date`.
struct DueDatePhrase: Equatable {
  var day: Day?
  var time: DueDateParser.TimeOfDay?
  /// `in 3h`, `in 30m`: an instant, not a day.
  var minutesFromNow: Int?
  /// `2026-03-14T09:30Z`: the day and time are UTC, not the user's.
  var isUTC = false
  /// The lexemes that named the day, for messages about it.
  var dayLexemes: Range<Int> = 0..<0

  enum Day: Equatable {
    case today
    case tonight
    case tomorrow
    case yesterday
    case weekday(Int, WeekdayChoice)
    case firstOfNextMonth
    case endOfMonth
    case offset(Int, RelativeUnit)
    case calendarDate(year: Int?, month: Int, day: Int)
  }

  /// Which of the weekdays with that name.
  enum WeekdayChoice: Equatable {
    /// `fri`: the next one, today excluded (1 to 7 days ahead).
    case coming
    /// `this fri`: the next one, today included (0 to 6 days ahead).
    case comingOrToday
    /// `next fri`: the one in the following calendar week (the calendar's `firstWeekday` starts a
    /// week).
    case inNextWeek
  }
}

/// Why a phrase could not be read, and which lexemes are at fault.
struct DueDateGrammarFailure: Error {
  var reason: DueDateParseError.Reason
  var lexemes: Range<Int>
  var message: String
}
