import Foundation
import RemindersKit
import SQLiteData
import SQLiteDataTestSupport
import Testing

@Suite("The queries as live values over a database file", .fixedClock)
struct LiveQueryTests {
  @Test func countsListsAndRowsFollowActionsUndoAndTheGracePeriod() async throws {
    let sample = try SampleFile()
    defer { sample.close() }
    let (database, scheduler) = (sample.database, sample.scheduler)

    @FetchOne(Stats.query, database: database) var stats = Stats()
    @FetchAll(ReminderListState.all, database: database) var lists
    @FetchAll(DetailKind.smart(.today).rows(ordering: .dueDate, showCompleted: false), database: database)
    var today
    @Fetch(SearchRequest(text: "#social"), database: database) var search = SearchRequest.Value()
    #expect(stats.todayCount == 2)
    #expect(lists.map(\.remindersCount) == [4, 2, 2])
    #expect(today.map(\.reminder.title) == ["Doctor appointment", "Buy concert tickets"])
    #expect(search.results.count == 2)

    let doctor = try #require(today.first).id
    try database.writeAction { try $0.toggleCompletion(doctor) }
    // Still on screen, ticked, during the grace period. (Each live value arrives on its own.)
    try await waitUntil("the completing reminder leaves the counts") {
      stats.todayCount == 1 && lists.first?.remindersCount == 3
        && today.map(\.reminder.status) == [.completing, .incomplete]
    }
    scheduler.advance(by: Reminder.completionGracePeriod)
    try await waitUntil("the completed reminder leaves today's rows") {
      today.map(\.reminder.title) == ["Buy concert tickets"]
    }
    #expect(stats.completedCount == 4)

    try database.writeAction { try $0.undo() }
    try await waitUntil("undo brings it back") {
      [today.count == 2, stats.todayCount == 2].allSatisfy { $0 }
    }

    try database.writeAction { try $0.renameTag("social", to: "friends") }
    try await waitUntil("a renamed tag empties the search for the old name") { search.results.isEmpty }
  }
}
