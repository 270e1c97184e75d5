import Foundation
import RemindersKit
import SQLiteData
import Testing

@Suite("Completing: a grace period before a ticked reminder is completed", .fixedClock)
struct CompletionTests {
  func status(_ fixture: Fixture, _ title: String) throws -> Reminder.Status {
    try fixture.reminder(title).status
  }

  @Test func aTickedReminderIsCompletedAfterFiveSeconds() throws {
    let fixture = try Fixture()
    let id = try fixture.reminder("Haircut").id
    #expect(try fixture.database.writeAction { try $0.toggleCompletion(id) } == .completing)
    #expect(try status(fixture, "Haircut") == .completing)
    fixture.scheduler.advance(by: 4.9)
    #expect(try status(fixture, "Haircut") == .completing)
    fixture.scheduler.advance(by: 0.1)
    #expect(try status(fixture, "Haircut") == .completed)
    #expect(fixture.scheduler.pendingCount == 0)
  }

  @Test func untickedBeforeTheEndItStaysIncomplete() throws {
    let fixture = try Fixture()
    let id = try fixture.reminder("Haircut").id
    try fixture.database.writeAction { try $0.toggleCompletion(id) }
    fixture.scheduler.advance(by: 2)
    #expect(try fixture.database.writeAction { try $0.toggleCompletion(id) } == .incomplete)
    fixture.scheduler.advance(by: 10)
    #expect(try status(fixture, "Haircut") == .incomplete)
  }

  @Test func tickingAgainRestartsThePeriod() throws {
    let fixture = try Fixture()
    let id = try fixture.reminder("Haircut").id
    try fixture.database.writeAction { try $0.toggleCompletion(id) }
    fixture.scheduler.advance(by: 3)
    try fixture.database.writeAction { try $0.toggleCompletion(id) }
    try fixture.database.writeAction { try $0.toggleCompletion(id) }
    fixture.scheduler.advance(by: 3)
    #expect(try status(fixture, "Haircut") == .completing)
    fixture.scheduler.advance(by: 2)
    #expect(try status(fixture, "Haircut") == .completed)
  }

  @Test func untickingACompletedReminder() throws {
    let fixture = try Fixture()
    let id = try fixture.reminder("Take a walk").id
    #expect(try fixture.database.writeAction { try $0.toggleCompletion(id) } == .incomplete)
    fixture.scheduler.advance(by: 10)
    #expect(try status(fixture, "Take a walk") == .incomplete)
  }

  @Test func undoingTheCompletionAfterTheGrace() throws {
    let fixture = try Fixture()
    let id = try fixture.reminder("Haircut").id
    try fixture.database.writeAction { try $0.toggleCompletion(id) }
    fixture.scheduler.advance(by: 5)
    #expect(try fixture.database.writeAction { try $0.undo() }?.message == "Undid Complete “Haircut”")
    #expect(try status(fixture, "Haircut") == .incomplete)
    #expect(try fixture.database.writeAction { try $0.redo() }?.message == "Redid Complete “Haircut”")
    #expect(try status(fixture, "Haircut") == .completed)
  }

  @Test func remindersLeftCompletingAreCompletedAtLaunch() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).sqlite")
    defer {
      for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
    }
    let scheduler = ManualCompletionScheduler()
    do {
      let database = try AppDatabase.open(path: url.path, scheduler: scheduler)
      try database.writeAction { try $0.loadSampleData() }
      let id = try #require(
        try database.read { try Reminder.where { $0.title.eq("Haircut") }.fetchOne($0) }?.id)
      try database.writeAction { try $0.toggleCompletion(id) }
      database.close()
    }
    let reopened = try AppDatabase.open(path: url.path, scheduler: ManualCompletionScheduler())
    defer { reopened.close() }
    let haircut = try reopened.read { try Reminder.where { $0.title.eq("Haircut") }.fetchOne($0) }
    #expect(haircut?.status == .completed)
    // The first scheduler's run finds the database closed and does nothing.
    scheduler.advance(by: 5)
  }
}
