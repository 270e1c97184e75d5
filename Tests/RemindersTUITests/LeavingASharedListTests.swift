import Foundation
import RemindersKit
import SQLiteData
import SQLiteDataTestSupport
import TerminalUI
import Testing

@testable import RemindersTUI

/// Leaving a list someone shares with the user, from the sidebar, with a server in memory: the
/// server takes the user out after what waits to be sent in the list, which its owner gets.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct LeavingASharedListTests {
  @Test func leavingSendsWhatWaitsFirst() async throws {
    let folder = try TemporaryFolder("leaving")
    let server = InMemoryCloudServer()
    func device(_ user: String) throws -> (database: DatabasePool, engine: SyncEngine) {
      let database = try AppDatabase.open(
        path: folder.url.appendingPathComponent("\(user).sqlite").path, attachesMetadatabase: true)
      let engine = try #require(
        try AppSync.engine(for: database, startImmediately: false, cloudDatabase: server.database(for: user)))
      return (database, engine)
    }
    let alice = try device("alice")
    let bob = try device("bob")
    try await alice.database.write { try $0.loadSampleData() }
    try await alice.engine.syncChanges()
    let family = try await alice.database.read { try RemindersList.find(named: "Family", in: $0) }
    let share = try await ListSharing(engine: alice.engine).add("bob", permission: .readWrite, to: family)
    _ = try await bob.engine.acceptShare(metadata: CKShare.Metadata(shareID: share.shareID))
    // bob's reminder, not sent yet.
    _ = try await bob.database.write { try $0.addReminder(QuickAdd(parsing: "Buy milk @Family")) }

    await withDependencies {
      $0.date = .constant(fixedNow)
      $0.calendar = fixedCalendar
      $0.timeZone = fixedTimeZone
      $0.defaultDatabase = bob.database
      $0.liveValueScheduler = .mainActor
    } operation: {
      let app = RemindersApp(syncEngine: bob.engine, messageLifetime: .seconds(600))
      let driver = HeadlessDriver(app, size: Size(width: 100, height: 30))
      await driver.waitForScreen { sidebarRow($0, "Family").hasSuffix("3 │") }
      driver.press("j j j j j d")  // the first list: Family
      #expect(driver.screenText.contains("Leave “Family”, shared by alice?"), "\(driver.screenText)")
      // With the server down, nothing changes, and the screen says why.
      server.isAvailable = false
      driver.press("y")
      await expectScreen(driver, toShow: "Could not leave “Family”. The sync server is unavailable")
      #expect(driver.screenText.contains("● Family"))
      server.isAvailable = true
      driver.press("d")
      driver.press("y")
      await expectScreen(driver, toShow: "Left “Family”; alice keeps it")
      await driver.waitForScreen { !$0.contains("● Family") }
    }
    try await alice.engine.syncChanges()
    let titles = try await alice.database.read {
      try Reminder.where { $0.remindersListID.eq(family.id) }.select(\.title).fetchAll($0)
    }
    #expect(titles.contains("Buy milk"), "\(titles)")
    #expect(try await bob.database.read { try RemindersList.fetchCount($0) } == 0)
  }
}
