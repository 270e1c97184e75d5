/// A day on the user's calendar (Gregorian), free of times and time zones.
struct CivilDay: Comparable {
  var year: Int
  var month: Int
  var day: Int

  static func < (lhs: CivilDay, rhs: CivilDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// Days since 1970-01-01, so that the distance between two days is a subtraction, whatever the
  /// daylight-saving changes between them.
  var dayNumber: Int {
    let year = month <= 2 ? self.year - 1 : self.year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
