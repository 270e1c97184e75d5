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
    print(model.loadedRows.rows.map(\.reminder.title), model.loadError as Any)
    #expect(model.row(at: 0) != nil)
  }
}

@MainActor
@Suite("Screen state, live")
struct ScreenStateLiveTests {
  @Test(.fixedSample()) func detailFollowsAnEdit() async throws {
    let model = DetailModel(kind: .smart(.all))
    let groceries = try #require(model.loadedRows.rows.first { $0.reminder.title == "Groceries" })
    let home = HomeModel()
    try home.toggleFlag(groceries.id)
    let form = try ReminderFormModel(editing: groceries.id)
    form.title = "Groceries for the week"
    form.hasDueDate = true
    form.dueText = "fri 6pm"
    try form.save()
    let deadline = ContinuousClock.now + .seconds(3)
    while !model.loadedRows.rows.contains(where: { $0.reminder.title == "Groceries for the week" }),
      ContinuousClock.now < deadline
    {
      try await Task.sleep(for: .milliseconds(10))
    }
    print(model.loadedRows.rows.map(\.reminder.title))
    #expect(model.loadedRows.rows.contains { $0.reminder.title == "Groceries for the week" })
  }
}
