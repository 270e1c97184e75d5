import Foundation
import RemindersKit
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// Two app databases of one user, synced through a server in memory: what one shows, the other
/// shows the same, positions and all, and the app's own triggers leave synced rows alone.
@Suite struct AppSyncTests {
  let folder: TemporaryFolder
  let server = InMemoryCloudServer()

  init() throws {
    folder = try TemporaryFolder("app-sync")
  }

  func device(_ name: String) throws -> (DatabasePool, SyncEngine) {
    let database = try AppDatabase.open(path: folder.url.appendingPathComponent("\(name).sqlite").path)
    let engine = try #require(
      try AppSync.engine(for: database, startImmediately: false, cloudDatabase: server.database(for: "alice"))
    )
    return (database, engine)
  }

  func lists(_ database: DatabasePool) throws -> [String] {
    try database.read { db in try RemindersList.order(by: \.position).fetchAll(db).map(\.title) }
  }

  @Test func sampleDataArrivesInTheSameOrder() async throws {
    let (laptop, laptopEngine) = try device("laptop")
    let (desktop, desktopEngine) = try device("desktop")
    try laptop.writeAction { try $0.loadSampleData() }
    try await laptopEngine.syncChanges()
    try await desktopEngine.syncChanges()
    #expect(try lists(desktop) == lists(laptop))
    let count = { (database: DatabasePool) in try database.read { try Reminder.fetchCount($0) } }
    #expect(try count(desktop) == count(laptop))
    #expect(try desktopEngine.pendingChangeCount() == 0)
  }

  @Test func deletingEveryListMakesOneDefaultList() async throws {
    let (laptop, laptopEngine) = try device("laptop")
    let (desktop, desktopEngine) = try device("desktop")
    try laptop.writeAction { try $0.loadSampleData() }
    try await laptopEngine.syncChanges()
    try await desktopEngine.syncChanges()
    let ids = try await laptop.read { try RemindersList.fetchAll($0).map(\.id) }
    for id in ids { try laptop.writeAction { try $0.deleteList(id) } }
    #expect(try lists(laptop) == [RemindersList.defaultTitle])
    try await laptopEngine.syncChanges()
    try await desktopEngine.syncChanges()
    try await laptopEngine.syncChanges()
    #expect(try lists(desktop) == [RemindersList.defaultTitle])
    #expect(try lists(laptop) == [RemindersList.defaultTitle])
  }

  @Test func aDatabaseWithoutAnAccountDoesNotSync() throws {
    let database = try AppDatabase.open(path: folder.url.appendingPathComponent("solo.sqlite").path)
    #expect(try AppSync.engine(for: database, startImmediately: false, cloudDatabase: nil) == nil)
    #expect(
      !FileManager.default.fileExists(atPath: SyncEngine.metadatabasePath(forDatabaseAt: database.path)!))
  }
}
