import Foundation
import RemindersKit
import Testing

@Suite struct DueDateFormatterTests {
  let ny = FixedClock.newYork

  // Now is Tuesday 2026-03-10 14:00 in New York.

  @Test(arguments: [
    ((2026, 3, 10, 17, 0), "Today 5:00 PM"),
    ((2026, 3, 10, 9, 5), "Today 9:05 AM"),
    ((2026, 3, 10, 0, 30), "Today 12:30 AM"),
    ((2026, 3, 10, 12, 0), "Today 12:00 PM"),
    ((2026, 3, 10, 0, 0), "Today"),
    ((2026, 3, 11, 9, 0), "Tomorrow 9:00 AM"),
    ((2026, 3, 11, 0, 0), "Tomorrow"),
    ((2026, 3, 9, 17, 0), "Yesterday"),
    ((2026, 3, 12, 0, 0), "Thu"),
    ((2026, 3, 13, 15, 0), "Fri 3:00 PM"),
    ((2026, 3, 16, 9, 0), "Mon 9:00 AM"),
    // A week ahead is the same weekday as today: the date says which one.
    ((2026, 3, 17, 9, 0), "Mar 17"),
    ((2026, 3, 8, 9, 0), "Mar 8"),
    ((2026, 1, 1, 9, 0), "Jan 1"),
    ((2027, 3, 14, 9, 0), "Mar 14, 2027"),
    ((2025, 12, 31, 23, 0), "Dec 31, 2025"),
  ])
  func labelsRelativeToNow(_ parts: (Int, Int, Int, Int, Int), _ label: String) {
    #expect(ny.formatter.label(for: ny.at(parts.0, parts.1, parts.2, parts.3, parts.4)) == label)
  }

  @Test func theSameInstantIsLabelledInTheUsersTimeZone() {
    let instant = utc("2026-03-11 08:00:00")
    #expect(FixedClock.tokyo.formatter.label(for: instant) == "Today 5:00 PM")
    #expect(ny.formatter.label(for: instant) == "Tomorrow 4:00 AM")
  }

  @Test func labelsCountCalendarDaysAcrossDaylightSavingAndNewYear() {
    let saturday = DueDateFormatter(
      now: utc("2026-03-07 19:00:00"), calendar: ny.calendar, timeZone: ny.timeZone)
    #expect(saturday.label(for: utc("2026-03-08 13:00:00")) == "Tomorrow 9:00 AM")
    #expect(saturday.label(for: utc("2026-03-09 04:30:00")) == "Mon 12:30 AM")
    let newYearsEve = DueDateFormatter(
      now: ny.at(2026, 12, 31, 22, 0), calendar: ny.calendar, timeZone: ny.timeZone)
    #expect(newYearsEve.label(for: ny.at(2027, 1, 1, 9, 0)) == "Tomorrow 9:00 AM")
    #expect(newYearsEve.label(for: ny.at(2027, 1, 2, 9, 0)) == "Sat 9:00 AM")
    #expect(newYearsEve.label(for: ny.at(2027, 1, 10, 9, 0)) == "Jan 10, 2027")
  }

  @Test func pastDueMeansADayBeforeToday() {
    #expect(ny.formatter.isPastDue(ny.at(2026, 3, 9, 23, 59)))
    #expect(ny.formatter.isPastDue(ny.at(2025, 3, 12)))
    #expect(!ny.formatter.isPastDue(ny.at(2026, 3, 10, 0, 0)))
    #expect(!ny.formatter.isPastDue(ny.at(2026, 3, 10, 9, 0)))
    #expect(!ny.formatter.isPastDue(ny.at(2026, 3, 11)))
    // 2026-03-10 02:00 UTC is still the 9th in New York, already the 10th in Tokyo.
    #expect(ny.formatter.isPastDue(utc("2026-03-10 02:00:00")))
    #expect(!FixedClock.tokyo.formatter.isPastDue(utc("2026-03-10 16:00:00")))
    #expect(FixedClock.tokyo.formatter.isPastDue(utc("2026-03-10 14:00:00")))
  }

  @Test func completedRemindersAndRemindersWithoutADateAreNeverPastDue() {
    let listID = UUID()
    var reminder = Reminder(id: UUID(), dueDate: ny.at(2026, 3, 1), remindersListID: listID, title: "Old")
    #expect(ny.formatter.isPastDue(reminder))
    reminder.status = .completed
    #expect(!ny.formatter.isPastDue(reminder))
    reminder.status = .completing
    #expect(!ny.formatter.isPastDue(reminder))
    reminder.status = .incomplete
    reminder.dueDate = nil
    #expect(!ny.formatter.isPastDue(reminder))
  }

  @Test func thePreciseFormReadsBackToTheSameMinute() throws {
    let dates = [
      ny.at(2026, 3, 14, 17, 0), ny.at(2026, 3, 10, 0, 0), ny.at(2027, 1, 1, 23, 59),
      utc("2026-03-08 07:30:00"), utc("2026-11-01 05:30:00"),
    ]
    #expect(ny.formatter.preciseString(from: ny.at(2026, 3, 14, 17, 0)) == "2026-03-14 17:00")
    for clock in [ny, FixedClock.tokyo] {
      for date in dates {
        let text = clock.formatter.preciseString(from: date)
        #expect(try clock.parser.parse(text) == date, "\(text)")
      }
    }
    #expect(FixedClock.tokyo.formatter.preciseString(from: ny.at(2026, 3, 14, 17, 0)) == "2026-03-15 06:00")
  }

  @Test func timesAlone() {
    #expect(ny.formatter.timeString(from: ny.at(2026, 3, 10, 0, 5)) == "12:05 AM")
    #expect(ny.formatter.timeString(from: ny.at(2026, 3, 10, 13, 45)) == "1:45 PM")
  }
}
