import Foundation
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// The seeds' sync code, as written there, and the live path: a commit on one device reaches a
/// live query on another with the engines running in the background, no sync call made.
@Suite struct SeedsSyncTests {
  let folder: TemporaryFolder
  init() throws { folder = try TemporaryFolder("sync") }

  @Selection
  struct ReminderListState: Identifiable {
    var id: String { remindersList.id }
    var remindersCount: Int
    var remindersList: RemindersList
    @Column(as: CKShare?.SystemFieldsRepresentation.self)
    var share: CKShare?
  }

  final class MySyncEngineDelegate: SyncEngineDelegate, @unchecked Sendable {
    // Written only from the engine's account check, which runs one at a time.
    var isDeleteLocalDataAlertPresented = false
    func syncEngine(
      _ syncEngine: SQLiteData.SyncEngine,
      accountChanged changeType: CKSyncEngine.Event.AccountChange.ChangeType
    ) async {
      switch changeType {
      case .signIn: break
      case .signOut, .switchAccounts:
        isDeleteLocalDataAlertPresented = true
      }
    }
  }

  @Test func seedsSetUpAndJoinSyncMetadata() async throws {
    let path = folder.url.appendingPathComponent("app.sqlite").path
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      try db.attachMetadatabase()
    }
    let database = try DatabasePool(path: path, configuration: configuration)
    try await database.write { try migrateSyncSchema($0) }
    // The seeds' bootstrap, scoped to this test rather than set for the whole process.
    try await withDependencies {
      $0.defaultDatabase = database
      $0.defaultSyncEngine = try SyncEngine(
        for: $0.defaultDatabase,
        tables: RemindersList.self, Reminder.self, Parent.self, ChildWithOnDeleteSetNull.self,
        privateTables: RemindersListPrivate.self
      )
    } operation: {
      @Dependency(\.defaultSyncEngine) var syncEngine
      #expect(!syncEngine.isRunning)
      try await database.write { db in
        try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
        try Reminder.insert { Reminder(id: "R", title: "Milk", remindersListID: "L") }.execute(db)
      }
      // No account is configured: changes wait, and syncing says so.
      await #expect(throws: CloudError.noAccount) { try await syncEngine.syncChanges() }
      #expect(try syncEngine.pendingChangeCount() == 2)

      let states = try await database.read { db in
        try RemindersList
          .group(by: \.id)
          .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) && !$1.isCompleted }
          .leftJoin(SyncMetadata.all) { $0.syncMetadataID.eq($2.id) }
          .select {
            ReminderListState.Columns(
              remindersCount: $1.id.count(),
              remindersList: $0,
              share: $2.share
            )
          }
          .fetchAll(db)
      }
      #expect(states.map(\.remindersCount) == [1])
      #expect(states.map(\.remindersList.title) == ["Groceries"])
      #expect(states.map(\.share) == [nil])
      let metadata = try await database.read { db in
        try SyncMetadata.where { $0.id.recordType.eq("reminders") }.fetchAll(db)
      }
      #expect(metadata.map(\.recordName) == ["R:reminders"])
      #expect(metadata.map(\.parentRecordName) == ["L:remindersLists"])
      #expect(metadata.map(\.hasLastKnownServerRecord) == [false])

      try await syncEngine.deleteLocalData()
      #expect(try await database.read { try RemindersList.fetchCount($0) } == 0)
    }
  }

  @Test(
    "A synced row's metadata says where the server has it, at which version, and who wrote it",
    arguments: Backend.allCases)
  func metadataOfSyncedRows(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let a1 = try Device("A1", folder: folder.url, cloud: server.database(for: "alice"))
    let a2 = try Device("A2", folder: folder.url, cloud: server.database(for: "alice"))
    try a1.write { db in
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
      try Reminder.insert { Reminder(id: "R", title: "Milk", remindersListID: "L") }.execute(db)
    }
    // A1 keeps what it sent; A2 what it pulled.
    try await a1.sync()
    try await a2.sync()
    for device in [a1, a2] {
      let metadata = try await device.database.writeWithoutTransaction { db in
        try SyncMetadata.where { $0.recordName.eq("R:reminders") }.fetchOne(db)
      }
      let reminder = try #require(metadata)
      #expect(reminder.hasLastKnownServerRecord)
      #expect(reminder.lastModifiedBy == "alice")
      let version = try #require(reminder.serverVersion)
      #expect(version > 0)
      let json = try #require(reminder.lastKnownServerRecord)
      let members = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      #expect(members["owner"] as? String == "alice")
      #expect(members["zone"] as? String == "sqlitedata.defaultZone")
      #expect(members["recordName"] as? String == "R:reminders")
      #expect(members["recordType"] as? String == "reminders")
      #expect(members["parent"] as? String == "L:remindersLists")
      #expect((members["version"] as? NSNumber)?.int64Value == version)
    }
  }

  @Test("A commit on one device reaches a live query on another", arguments: Backend.allCases)
  func liveAcrossDevices(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let a1 = try Device(
      "A1", folder: folder.url, cloud: server.database(for: "alice"), startImmediately: true,
      physicalClock: .system)
    let a2 = try Device(
      "A2", folder: folder.url, cloud: server.database(for: "alice"), startImmediately: true,
      physicalClock: .system)
    let reminders = FetchAll(Reminder.order(by: \.id), database: a2.database)
    try a1.write { db in
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
      try Reminder.insert { Reminder(id: "R", title: "Milk", remindersListID: "L") }.execute(db)
    }
    try await waitUntil { reminders.wrappedValue.map(\.title) == ["Milk"] }
    try a2.write { try Reminder.find("R").update { $0.title = "Oat milk" }.execute($0) }
    let a1Reminders = FetchAll(Reminder.order(by: \.id), database: a1.database)
    try await waitUntil { a1Reminders.wrappedValue.map(\.title) == ["Oat milk"] }
    a1.engine.stop()
    a2.engine.stop()
  }

  @Test(
    "A running engine sends what another process commits to its database at once",
    arguments: Backend.allCases)
  func sendsOtherProcessesCommits(backend: Backend) async throws {
    let server = try await backend.makeServer()
    // A1 fetches on its own only once an hour: only the commit can make it send.
    let a1 = try Device(
      "A1", folder: folder.url, cloud: server.database(for: "alice"), startImmediately: true,
      physicalClock: .system, pollInterval: .seconds(3600))
    let a2 = try Device(
      "A2", folder: folder.url, cloud: server.database(for: "alice"), startImmediately: true,
      physicalClock: .system)
    // Another process on A1's files, as a command-line tool is: its own connection and engine,
    // which records the change and does not send it.
    let command = try Device("A1", folder: folder.url, cloud: nil, physicalClock: .system)
    let reminders = FetchAll(Reminder.order(by: \.id), database: a2.database)
    // A1 has done its first sync and waits.
    try await waitUntil(timeout: .seconds(60)) {
      if case .upToDate = a1.engine.status { true } else { false }
    }
    try command.write { db in
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
      try Reminder.insert { Reminder(id: "R", title: "Milk", remindersListID: "L") }.execute(db)
    }
    try await waitUntil(timeout: .seconds(60)) { reminders.wrappedValue.map(\.title) == ["Milk"] }
    #expect(try a1.outboxCount() == 0)
    a1.engine.stop()
    a2.engine.stop()
  }
}
