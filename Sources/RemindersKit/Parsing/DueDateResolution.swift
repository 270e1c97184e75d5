import Foundation

/// Turning a phrase into a date: day arithmetic happens at noon, clear of daylight-saving changes
/// (which happen at night, midnight included in some zones), and the time is put on last.
extension DueDateParser {
  /// The years a typed date may name. A day is placed with Foundation's Gregorian calendar, which
  /// is Julian before October 1582, while dates are stored in the proleptic Gregorian one: before
  /// 1583 the day stored would not be the day typed (1500-03-14 became 1500-03-24).
  static let typedYears = 1583...9999

  func resolve(_ phrase: DueDatePhrase) throws(DueDateGrammarFailure) -> Date {
    if let minutes = phrase.minutesFromNow {
      // Offsets are to the minute: a reminder due at 14:30:27 would show as 14:30 and read back
      // as another date.
      let target = now.timeIntervalSinceReferenceDate + Double(minutes) * 60
      return try storable(
        Date(timeIntervalSinceReferenceDate: (target / 60).rounded(.down) * 60), lexemes: 0..<0)
    }
    let today = civilDay(of: now)
    guard let day = phrase.day else {
      let time = phrase.time ?? Self.defaultTime
      let todayAtTime = try date(on: today, at: time, utc: false, lexemes: 0..<0)
      if todayAtTime > now { return todayAtTime }
      return try date(
        on: try adding(days: 1, to: today, lexemes: 0..<0), at: time, utc: false, lexemes: 0..<0)
    }
    let civil = try civilDay(for: day, today: today, lexemes: phrase.dayLexemes)
    let time = phrase.time ?? (day == .tonight ? Self.tonightTime : Self.defaultTime)
    return try date(on: civil, at: time, utc: phrase.isUTC, lexemes: phrase.dayLexemes)
  }

  private func civilDay(
    for day: DueDatePhrase.Day, today: CivilDay, lexemes: Range<Int>
  ) throws(DueDateGrammarFailure) -> CivilDay {
    switch day {
    case .today, .tonight:
      return today
    case .tomorrow:
      return try adding(days: 1, to: today, lexemes: lexemes)
    case .yesterday:
      return try adding(days: -1, to: today, lexemes: lexemes)
    case .weekday(let weekday, let choice):
      let todayWeekday = calendar.component(.weekday, from: try noon(of: today, lexemes: lexemes))
      let ahead = (weekday - todayWeekday + 7) % 7
      switch choice {
      case .coming:
        return try adding(days: ahead == 0 ? 7 : ahead, to: today, lexemes: lexemes)
      case .comingOrToday:
        return try adding(days: ahead, to: today, lexemes: lexemes)
      case .inNextWeek:
        let first = calendar.firstWeekday
        let sinceWeekStart = (todayWeekday - first + 7) % 7
        let intoNextWeek = (weekday - first + 7) % 7
        return try adding(days: 7 - sinceWeekStart + intoNextWeek, to: today, lexemes: lexemes)
      }
    case .firstOfNextMonth:
      let first = CivilDay(year: today.year, month: today.month, day: 1)
      return try adding(.month, 1, to: first, lexemes: lexemes)
    case .endOfMonth:
      let noon = try noon(of: today, lexemes: lexemes)
      let days = calendar.range(of: .day, in: .month, for: noon)?.count ?? 28
      return CivilDay(year: today.year, month: today.month, day: days)
    case .offset(let count, let unit):
      // Ten thousand years of any unit is further than any calendar date this app stores.
      let limits: [RelativeUnit: Int] = [.day: 3_652_500, .week: 521_786, .month: 120_000, .year: 10_000]
      guard count <= limits[unit] ?? 0 else {
        throw DueDateGrammarFailure(reason: .invalidDate, lexemes: lexemes, message: "is too far away")
      }
      switch unit {
      case .week: return try adding(.day, count * 7, to: today, lexemes: lexemes)
      case .month: return try adding(.month, count, to: today, lexemes: lexemes)
      case .year: return try adding(.year, count, to: today, lexemes: lexemes)
      case .day, .minute, .hour: return try adding(.day, count, to: today, lexemes: lexemes)
      }
    case .calendarDate(let year, let month, let day):
      return try calendarDate(year: year, month: month, day: day, today: today, lexemes: lexemes)
    }
  }

  /// A month and day without a year is the next one, today included; `feb 29` waits for a leap year.
  private func calendarDate(
    year: Int?, month: Int, day: Int, today: CivilDay, lexemes: Range<Int>
  ) throws(DueDateGrammarFailure) -> CivilDay {
    func invalid(_ message: String) -> DueDateGrammarFailure {
      DueDateGrammarFailure(reason: .invalidDate, lexemes: lexemes, message: "is not a date: \(message)")
    }
    guard (1...12).contains(month) else { throw invalid("\(month) is not a month (1 to 12)") }
    let monthName = DueDateVocabulary.monthNames[month - 1]
    if let year {
      guard Self.typedYears.contains(year) else {
        throw invalid(
          "the year must be between \(Self.typedYears.lowerBound) and \(Self.typedYears.upperBound)")
      }
      let candidate = CivilDay(year: year, month: month, day: day)
      guard exists(candidate) else { throw invalid("\(monthName) \(year) has no day \(day)") }
      return candidate
    }
    for year in today.year...(today.year + 8) {
      let candidate = CivilDay(year: year, month: month, day: day)
      if candidate >= today, exists(candidate) { return candidate }
    }
    throw invalid("\(monthName) has no day \(day)")
  }

  // MARK: - Calendar arithmetic

  func civilDay(of date: Date) -> CivilDay {
    let components = calendar.dateComponents([.year, .month, .day], from: date)
    return CivilDay(year: components.year ?? 1, month: components.month ?? 1, day: components.day ?? 1)
  }

  private func exists(_ day: CivilDay) -> Bool {
    guard day.day >= 1, let noon = try? noon(of: day, lexemes: 0..<0) else { return false }
    return civilDay(of: noon) == day
  }

  private func noon(of day: CivilDay, lexemes: Range<Int>) throws(DueDateGrammarFailure) -> Date {
    try date(on: day, at: TimeOfDay(hour: 12, minute: 0), utc: false, lexemes: lexemes)
  }

  private func adding(days: Int, to day: CivilDay, lexemes: Range<Int>) throws(DueDateGrammarFailure)
    -> CivilDay
  {
    try adding(.day, days, to: day, lexemes: lexemes)
  }

  private func adding(
    _ component: Calendar.Component, _ value: Int, to day: CivilDay, lexemes: Range<Int>
  ) throws(DueDateGrammarFailure) -> CivilDay {
    guard
      let moved = calendar.date(byAdding: component, value: value, to: try noon(of: day, lexemes: lexemes))
    else {
      throw DueDateGrammarFailure(reason: .invalidDate, lexemes: lexemes, message: "is too far away")
    }
    let result = civilDay(of: moved)
    guard Self.typedYears.contains(result.year) else {
      throw DueDateGrammarFailure(reason: .invalidDate, lexemes: lexemes, message: "is too far away")
    }
    return result
  }

  private func date(
    on day: CivilDay, at time: TimeOfDay, utc: Bool, lexemes: Range<Int>
  ) throws(DueDateGrammarFailure) -> Date {
    var calendar = calendar
    if utc { calendar.timeZone = .gmt }
    let components = DateComponents(
      year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute,
      second: time.second)
    guard let date = calendar.date(from: components) else {
      throw DueDateGrammarFailure(
        reason: .invalidDate, lexemes: lexemes, message: "cannot be placed on the calendar")
    }
    return try storable(date.addingTimeInterval(Double(time.millisecond) / 1000), lexemes: lexemes)
  }

  /// `date`, if a reminder can be due then: the year in UTC, as dates are stored, from 1 to 9999.
  private func storable(_ date: Date, lexemes: Range<Int>) throws(DueDateGrammarFailure) -> Date {
    guard Reminder.dueDates.contains(date) else {
      throw DueDateGrammarFailure(
        reason: .invalidDate, lexemes: lexemes,
        message: date > Reminder.dueDates.upperBound
          ? "is after 9999-12-31 23:59 UTC, the last moment a reminder can be due"
          : "is before the year 1 in UTC, the first a reminder can be due")
    }
    return date
  }
}
