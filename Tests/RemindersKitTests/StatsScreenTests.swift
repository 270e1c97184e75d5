import Foundation
import RemindersKit
import SQLiteData
import Testing

/// The stats screen's request over the sample data at the tests' fixed moment, and the
/// completion dates it charts.
@Suite(.fixedClock, .timeLimit(.minutes(1))) struct StatsScreenTests {
  @Test func completingDatesAReminderAndUntickingForgetsIt() throws {
    let fixture = try Fixture()
    let haircut = try fixture.reminder("Haircut")
    #expect(haircut.completedAt == nil)
    let before = Date()
    try fixture.database.writeAction { try $0.toggleCompletion(haircut.id) }
    let completing = try fixture.reminder("Haircut")
    #expect(completing.status == .completing)
    let date = try #require(completing.completedAt)
    #expect(date >= before.addingTimeInterval(-1) && date <= Date().addingTimeInterval(1))
    // The grace period ending keeps the date.
    fixture.scheduler.advance(by: 60)
    #expect(try fixture.reminder("Haircut").status == .completed)
    #expect(try fixture.reminder("Haircut").completedAt == date)
    try fixture.database.writeAction { try $0.toggleCompletion(haircut.id) }
    #expect(try fixture.reminder("Haircut").completedAt == nil)
  }

  @Test func aChangeThatBringsItsOwnDateKeepsIt() throws {
    let fixture = try Fixture()
    let haircut = try fixture.reminder("Haircut")
    let then = Date(timeIntervalSince1970: 1_770_000_000)
    try fixture.database.write { db in
      try Reminder.find(haircut.id).update {
        $0.status = Reminder.Status.completed; $0.completedAt = Optional(then)
      }.execute(db)
    }
    #expect(try fixture.reminder("Haircut").completedAt == then)
  }

  @Test func archivesKeepCompletionDates() throws {
    let fixture = try Fixture()
    let data = try fixture.database.archive().jsonData()
    let text = try #require(String(data: data, encoding: .utf8))
    // Written for the completed reminders only.
    #expect(text.components(separatedBy: "\"completedAt\"").count - 1 == 3)
    let copy = try Fixture(sample: false)
    _ = try copy.database.writeAction { try $0.importArchive(RemindersArchive(jsonData: data)) }
    let laundry = try fixture.reminder("Get laundry")
    #expect(laundry.completedAt != nil)
    #expect(try copy.reminder("Get laundry").completedAt == laundry.completedAt)
    #expect(try copy.reminder("Haircut").completedAt == nil)
  }

  @Test func theSampleDataInFigures() throws {
    let fixture = try Fixture()
    let value = try fixture.database.read { try StatsScreenRequest.current.fetch($0) }
    // Get laundry and Send weekly emails were done two days ago; Take a walk half a year ago.
    #expect(value.days.count == 14)
    #expect(value.days.map(\.completed) == Array(repeating: 0, count: 11) + [2, 0, 0])
    #expect(value.completedInPeriod == 2)
    #expect(value.overdue == 1)
    #expect(value.dueToday == 2)
    #expect(value.scheduled == 7)
    #expect(value.flagged == 2)
    #expect(value.lists.map(\.title) == ["Personal", "Family", "Business"])
    #expect(value.lists.map(\.completed) == [1, 1, 1])
    #expect(value.lists.map(\.total) == [5, 3, 3])
    #expect(value.tags.map(\.tag.title) == ["social", "adulting", "optional", "someday", "car", "kids"])
    #expect(value.tags.map(\.remindersCount) == [3, 2, 2, 2, 1, 1])
  }

  @Test func theDaysAreTheUsersLocalDays() throws {
    let request = StatsScreenRequest.current
    @Dependency(\.calendar) var calendar
    #expect(request.days.count == 14)
    #expect(request.days.last?.start == calendar.startOfDay(for: fixedNow))
    for (day, next) in zip(request.days, request.days.dropFirst()) { #expect(day.end == next.start) }
    // Completions just inside and outside today are counted on their own days.
    let fixture = try Fixture()
    let today = try #require(request.days.last)
    try fixture.database.write { db in
      for (title, date) in [
        ("Haircut", today.start), ("Groceries", today.start.addingTimeInterval(-0.001)),
        ("Buy concert tickets", today.end),
      ] {
        try Reminder.where { $0.title.eq(title) }.update {
          $0.status = Reminder.Status.completed; $0.completedAt = Optional(date)
        }
        .execute(db)
      }
    }
    let value = try fixture.database.read { try request.fetch($0) }
    #expect(value.days.suffix(3).map(\.completed) == [2, 1, 1])
  }

  @Test func aCompletionAnywhereRedrawsTheFigures() async throws {
    let fixture = try Fixture()
    let stats = Fetch(
      wrappedValue: StatsScreenRequest.Value(), StatsScreenRequest.current, database: fixture.database)
    var values = stats.values.makeAsyncIterator()
    var first = await values.next()
    while first?.days.isEmpty == true { first = await values.next() }
    #expect(first?.days.last?.completed == 0)
    // A completion as another device's would arrive: with its date (today at the fixed moment).
    try await fixture.database.write { db in
      try db.execute(
        sql: #"UPDATE "reminders" SET "status" = 1, "completedAt" = ? WHERE "title" = 'Haircut'"#,
        arguments: [DatabaseDateFormat.string(from: fixedNow)])
    }
    var next = await values.next()
    while next?.days.last?.completed == 0 { next = await values.next() }
    #expect(next?.days.last?.completed == 1)
    #expect(next?.overdue == 0)
    #expect(next?.lists.first?.completed == 2)
  }
}
