/// The words the due-date parser knows, lowercased. English only, like the labels
/// `DueDateFormatter` writes, so that what the app shows it can read back.
enum DueDateVocabulary {
  /// Weekday numbers as `Calendar` counts them: Sunday 1 … Saturday 7.
  static let weekdays: [String: Int] = [
    "sun": 1, "sunday": 1,
    "mon": 2, "monday": 2,
    "tue": 3, "tues": 3, "tuesday": 3,
    "wed": 4, "weds": 4, "wednesday": 4,
    "thu": 5, "thur": 5, "thurs": 5, "thursday": 5,
    "fri": 6, "friday": 6,
    "sat": 7, "saturday": 7,
  ]

  static let months: [String: Int] = [
    "jan": 1, "january": 1,
    "feb": 2, "february": 2,
    "mar": 3, "march": 3,
    "apr": 4, "april": 4,
    "may": 5,
    "jun": 6, "june": 6,
    "jul": 7, "july": 7,
    "aug": 8, "august": 8,
    "sep": 9, "sept": 9, "september": 9,
    "oct": 10, "october": 10,
    "nov": 11, "november": 11,
    "dec": 12, "december": 12,
  ]

  /// Full month names, January first, for messages.
  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
  ]

  /// The units of `in N <unit>`. `m` is minutes; months are `mo`.
  static let units: [String: RelativeUnit] = [
    "m": .minute, "min": .minute, "mins": .minute, "minute": .minute, "minutes": .minute,
    "h": .hour, "hr": .hour, "hrs": .hour, "hour": .hour, "hours": .hour,
    "d": .day, "day": .day, "days": .day,
    "w": .week, "wk": .week, "wks": .week, "week": .week, "weeks": .week,
    "mo": .month, "mos": .month, "month": .month, "months": .month,
    "y": .year, "yr": .year, "yrs": .year, "year": .year, "years": .year,
  ]

  static let tomorrow: Set<String> = ["tomorrow", "tmr", "tmrw"]

  /// Words that may introduce a phrase or join its parts: `on fri`, `fri at 3pm`, `due mon`.
  static let connectors: Set<String> = ["on", "at", "by", "due"]

  /// Ordinal suffixes after a day number: `14th`, `1st`.
  static let ordinalSuffixes: Set<String> = ["st", "nd", "rd", "th"]

  /// Shown with every error, so that a wrong guess teaches the right form.
  static let examples = [
    "today", "tomorrow 5pm", "fri", "next mon 9am", "in 3d", "in 2h", "mar 14", "2026-03-14 09:30",
  ]
}

/// A unit of `in N <unit>`. Minutes and hours name an instant; the others name a day.
enum RelativeUnit: Sendable {
  case minute, hour, day, week, month, year
}
