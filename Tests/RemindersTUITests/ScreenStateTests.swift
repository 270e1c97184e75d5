import Foundation
import RemindersKit
import SQLiteData
import SQLiteDataTestSupport
import Testing

@MainActor
@Suite("Screen state")
struct ScreenStateTests {
  @Test(.fixedSample()) func detailWindowLoadsTheScreensRows() async throws {
    let model = DetailModel(kind: .smart(.all))
    #expect(model.count == 8)
    #expect(model.loadError == nil)
    #expect(model.row(at: 0) != nil)
  }
}

@MainActor
@Suite("Screen state across midnight")
struct DayChangeTests {
  /// A clock the test moves.
  final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    init(_ date: Date) { current = date }
    var now: Date {
      get { lock.withLock { current } }
      set { lock.withLock { current = newValue } }
    }
  }

  @Test func todayMovesWhenTheDayChanges() async throws {
    let clock = Clock(fixedNow)
    try await withDependencies {
      $0.date = DateGenerator { clock.now }
      $0.calendar = fixedCalendar
      $0.timeZone = fixedTimeZone
      $0.defaultDatabase = try sampleDatabase()
    } operation: {
      let home = HomeModel()
      let today = DetailModel(kind: .smart(.today))
      #expect(home.stats.todayCount == 2)
      #expect(today.count == 2)
      // Two days later, with no commit in between: the reminders due then are today's.
      clock.now = fixedNow.addingTimeInterval(2 * 86_400)
      try await home.refreshDay()
      #expect(home.stats.todayCount == 3)
      today.refreshDay()
      #expect(
        Set(today.loadedRows.rows.map(\.reminder.title)) == [
          "Pick up kids from school", "Call accountant", "Prepare for WWDC",
        ])
    }
  }
}

@MainActor
@Suite("Screen state, live")
struct ScreenStateLiveTests {
  @Test(.fixedSample()) func detailFollowsAnEdit() async throws {
    let model = DetailModel(kind: .smart(.all))
    let groceries = try #require(model.loadedRows.rows.first { $0.reminder.title == "Groceries" })
    try testDatabase.writeAction { try $0.toggleFlag(groceries.id) }
    let form = try ReminderFormModel(editing: groceries.id)
    form.title = "Groceries for the week"
    form.hasDueDate = true
    form.dueText = "fri 6pm"
    let (draft, tags) = try form.validated()
    try testDatabase.writeAction { try $0.saveReminder(draft, tags: tags) }
    try await waitUntil { model.loadedRows.rows.contains { $0.reminder.title == "Groceries for the week" } }
    #expect(model.loadedRows.rows.contains { $0.reminder.title == "Groceries for the week" })
  }
}
