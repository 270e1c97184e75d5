import Foundation
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// The behaviours of sync (design notes, sync.md §4), each on every back end. Devices A1 and A2
/// belong to alice.
@Suite struct SyncBehaviourTests {
  let folder: TemporaryFolder
  init() throws { folder = try TemporaryFolder("sync") }

  func devices(_ server: any TestServer, wrap: (any CloudDatabase) -> any CloudDatabase = { $0 }) throws
    -> (Device, Device)
  {
    (
      try Device("A1", folder: folder.url, cloud: wrap(server.database(for: "alice"))),
      try Device("A2", folder: folder.url, cloud: wrap(server.database(for: "alice")))
    )
  }

  /// L "Groceries" with R "Milk", on both devices.
  func groceries(_ a1: Device, _ a2: Device) async throws {
    try a1.write(at: 10) { db in
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
      try Reminder.insert { Reminder(id: "R", title: "Milk", remindersListID: "L") }.execute(db)
    }
    try await a1.sync()
    try await a2.sync()
  }

  @Test("1. Offline create", arguments: Backend.allCases)
  func offlineCreate(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let (a1, a2) = try devices(server)
    try await server.setAvailable(false)
    try a1.write { db in
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
      try Reminder.insert { Reminder(id: "R", title: "Milk", remindersListID: "L") }.execute(db)
    }
    await #expect(throws: CloudError.self) { try await a1.engine.syncChanges() }
    #expect(try a1.outboxCount() == 2)
    guard case .offline = a1.engine.status else {
      Issue.record("status is \(a1.engine.status), not offline")
      return
    }

    try await server.setAvailable(true)
    try await a1.sync()
    try await a2.sync()
    #expect(try a2.lists() == [RemindersList(id: "L", title: "Groceries")])
    #expect(try a2.reminders() == [Reminder(id: "R", title: "Milk", remindersListID: "L")])
    for device in [a1, a2] {
      #expect(try device.outboxCount() == 0)
      #expect(try device.syncedMetadataCount() == 2)
    }
  }

  @Test("1. Offline stays offline until the server answers: a send with nothing to send asks it nothing")
  func offlineUntilTheServerAnswers() async throws {
    let server = try await Backend.memory.makeServer()
    let (a1, _) = try devices(server)
    try await a1.sync()
    try await server.setAvailable(false)
    await #expect(throws: CloudError.self) { try await a1.engine.fetchChanges() }
    try await a1.engine.sendChanges()
    guard case .offline = a1.engine.status else {
      Issue.record("status is \(a1.engine.status), not offline")
      return
    }
    try await server.setAvailable(true)
    try await a1.engine.fetchChanges()
    guard case .upToDate = a1.engine.status else {
      Issue.record("status is \(a1.engine.status), not up to date")
      return
    }
  }

  @Test("2. Different columns merge", arguments: Backend.allCases)
  func differentColumnsMerge(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let (a1, a2) = try devices(server)
    try await groceries(a1, a2)
    try a1.write(at: 100) { try Reminder.find("R").update { $0.title = "Oat milk" }.execute($0) }
    try a2.write(at: 200) { try Reminder.find("R").update { $0.isCompleted = true }.execute($0) }
    try await a2.sync()
    try await a1.sync()
    try await a2.sync()
    let expected = [Reminder(id: "R", title: "Oat milk", isCompleted: true, remindersListID: "L")]
    #expect(try a1.reminders() == expected)
    #expect(try a2.reminders() == expected)
    let record = try #require(
      try await server.database(for: "alice").fetchRecords([
        RecordID(owner: "alice", zone: "sqlitedata.defaultZone", recordName: "R:reminders")
      ]).first)
    #expect(record.fields["title"]?.stamp.milliseconds == 100)
    #expect(record.fields["isCompleted"]?.stamp.milliseconds == 200)
    #expect(record.fields["title"]?.value == FieldValue(.text("Oat milk")))
  }

  @Test(
    "3. Same column: the later stamp wins, whatever the order", arguments: Backend.allCases, [true, false])
  func sameColumnLaterStampWins(backend: Backend, a1SyncsFirst: Bool) async throws {
    let server = try await backend.makeServer()
    let (a1, a2) = try devices(server)
    try await groceries(a1, a2)
    try a1.write(at: 100) { try Reminder.find("R").update { $0.title = "X" }.execute($0) }
    try a2.write(at: 200) { try Reminder.find("R").update { $0.title = "Y" }.execute($0) }
    let order = a1SyncsFirst ? [a1, a2, a1] : [a2, a1, a2]
    for device in order { try await device.sync() }
    #expect(try a1.reminders().map(\.title) == ["Y"])
    #expect(try a2.reminders().map(\.title) == ["Y"])
    #expect(try a1.outboxCount() == 0)
    #expect(try a2.outboxCount() == 0)
  }

  @Test("4. The hybrid logical clock beats a slow clock", arguments: Backend.allCases)
  func hybridClockBeatsSlowClock(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let (a1, a2) = try devices(server)
    try await groceries(a1, a2)
    let now: Int64 = 1_000_000_000
    try a1.write(at: now) { try Reminder.find("R").update { $0.title = "A" }.execute($0) }
    try await a1.sync()
    a2.clock.set(now - 10 * 60 * 1000)
    try await a2.sync()
    #expect(try a2.reminders().map(\.title) == ["A"])
    try a2.write { try Reminder.find("R").update { $0.title = "B" }.execute($0) }
    try await a2.sync()
    try await a1.sync()
    #expect(try a1.reminders().map(\.title) == ["B"])
    #expect(try a2.reminders().map(\.title) == ["B"])
  }

  @Test("5. Equal stamps: the same winner in both orders", arguments: Backend.allCases, [true, false])
  func deterministicTie(backend: Backend, a1SyncsFirst: Bool) async throws {
    let server = try await backend.makeServer()
    let (a1, a2) = try devices(server)
    try await groceries(a1, a2)
    a1.clock.set(500)
    a2.clock.set(500)
    try a1.write { try Reminder.find("R").update { $0.title = "P" }.execute($0) }
    try a2.write { try Reminder.find("R").update { $0.title = "Q" }.execute($0) }
    let order = a1SyncsFirst ? [a1, a2, a1] : [a2, a1, a2]
    for device in order { try await device.sync() }
    #expect(try a1.reminders().map(\.title) == ["Q"])
    #expect(try a2.reminders().map(\.title) == ["Q"])
  }

  @Test("6. Delete against edit: the later one wins", arguments: Backend.allCases, [250, 350] as [Int64])
  func deleteVersusEdit(backend: Backend, editTime: Int64) async throws {
    let server = try await backend.makeServer()
    let (a1, a2) = try devices(server)
    try await groceries(a1, a2)
    try a2.write(at: editTime) { try Reminder.find("R").update { $0.title = "Soy milk" }.execute($0) }
    try a1.write(at: 300) { try Reminder.find("R").delete().execute($0) }
    try await a1.sync()
    try await a2.sync()
    try await a1.sync()
    if editTime < 300 {
      #expect(try a1.reminders().isEmpty)
      #expect(try a2.reminders().isEmpty)
      let record = try await server.database(for: "alice").fetchRecords([
        RecordID(owner: "alice", zone: "sqlitedata.defaultZone", recordName: "R:reminders")
      ]).first
      #expect(record?.deleted == true)
    } else {
      let expected = [Reminder(id: "R", title: "Soy milk", remindersListID: "L")]
      #expect(try a1.reminders() == expected)
      #expect(try a2.reminders() == expected)
    }
    #expect(try a1.outboxCount() == 0)
    #expect(try a2.outboxCount() == 0)
  }

  @Test("7. A parent's delete loses to a concurrent child", arguments: Backend.allCases)
  func parentDeleteLosesToNewChild(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let (a1, a2) = try devices(server)
    try await groceries(a1, a2)
    try a1.write(at: 100) { try RemindersList.find("L").delete().execute($0) }
    #expect(try a1.reminders().isEmpty)
    try a2.write(at: 200) {
      try Reminder.insert { Reminder(id: "R2", title: "Bread", remindersListID: "L") }.execute($0)
    }
    try await a2.sync()
    try await a1.sync()
    try await a2.sync()
    for device in [a1, a2] {
      #expect(try device.lists().map(\.id) == ["L"])
      #expect(try device.reminders().map(\.id) == ["R2"])
      #expect(try device.outboxCount() == 0)
    }
  }

  /// How a parent's deletion meets work done under it on another device.
  enum DeletionRace: CaseIterable, Sendable {
    /// The deletion is older than the work, reaches the server first, and the other device sends
    /// its work before it fetches.
    case olderDeletionSentBack
    /// The same, the other device fetching the deletion before it sends.
    case olderDeletionFetchedFirst
    /// The deletion is newer than the work.
    case newerDeletion
  }

  /// The newer side wins, whichever device syncs first: the device that added and edited
  /// children under the list after it was deleted keeps it and sends it back, whether it hears of
  /// the deletion when it sends them or when it fetches first; a deletion newer than that work
  /// takes the list and all under it.
  @Test(
    "7. A parent's delete against later or older children: the newer wins, whoever syncs first",
    arguments: Backend.allCases, DeletionRace.allCases)
  func parentDeleteAgainstChildren(backend: Backend, race: DeletionRace) async throws {
    let server = try await backend.makeServer()
    let (a1, a2) = try devices(server)
    try await groceries(a1, a2)
    let (deletedAt, workedAt): (Int64, Int64) = race == .newerDeletion ? (200, 100) : (100, 200)
    try a1.write(at: deletedAt) { try RemindersList.find("L").delete().execute($0) }
    try a2.write(at: workedAt) { db in
      try Reminder.insert { Reminder(id: "R2", title: "Bread", remindersListID: "L") }.execute(db)
      try Reminder.find("R").update { $0.title = "Soy milk" }.execute(db)
    }
    try await a1.sync()
    if race == .olderDeletionFetchedFirst { try await a2.engine.fetchChanges() }
    try await a2.sync()
    try await a1.sync()
    let kept = race != .newerDeletion
    for device in [a1, a2] {
      #expect(try device.lists().map(\.id) == (kept ? ["L"] : []), "\(device.name)")
      #expect(
        try device.reminders().map(\.title).sorted() == (kept ? ["Bread", "Soy milk"] : []), "\(device.name)")
      #expect(try device.outboxCount() == 0)
    }
  }

  @Test("8. A child moved into a deleted parent follows its ON DELETE", arguments: Backend.allCases)
  func childMovedIntoDeletedParent(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let (a1, a2) = try devices(server)
    try await groceries(a1, a2)
    try a1.write(at: 20) { db in
      try RemindersList.insert { RemindersList(id: "L2", title: "Hardware") }.execute(db)
      try Parent.insert { Parent(id: "P") }.execute(db)
      try Parent.insert { Parent(id: "P2") }.execute(db)
      try ChildWithOnDeleteSetNull.insert { ChildWithOnDeleteSetNull(id: "C", parentID: "P") }.execute(db)
    }
    try await a1.sync()
    try await a2.sync()
    try a1.write(at: 100) { db in
      try Reminder.find("R").update { $0.remindersListID = "L2" }.execute(db)
      try ChildWithOnDeleteSetNull.find("C").update { $0.parentID = "P2" as String? }.execute(db)
    }
    try a2.write(at: 200) { db in
      try RemindersList.find("L2").delete().execute(db)
      try Parent.find("P2").delete().execute(db)
    }
    try await a2.sync()
    try await a1.sync()
    try await a2.sync()
    for device in [a1, a2] {
      #expect(try device.reminders().isEmpty, "\(device.name)")
      #expect(try device.lists().map(\.id) == ["L"], "\(device.name)")
      #expect(try device.children() == [ChildWithOnDeleteSetNull(id: "C", parentID: nil)], "\(device.name)")
      #expect(try device.outboxCount() == 0)
    }
    #expect(try a1.canonicalDump() == a2.canonicalDump())
  }

  @Test(
    "9. A child before its parent waits for it, also across a restart", arguments: Backend.allCases,
    [false, true])
  func childBeforeParent(backend: Backend, restartBetweenPages: Bool) async throws {
    let server = try await backend.makeServer()
    let a1 = try Device("A1", folder: folder.url, cloud: server.database(for: "alice"))
    try a1.write(at: 10) {
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute($0)
    }
    try await a1.sync()
    try a1.write(at: 20) {
      try Reminder.insert { Reminder(id: "R", title: "Milk", remindersListID: "L") }.execute($0)
    }
    try await a1.sync()
    // L changes after R, so the feed delivers R first.
    try a1.write(at: 30) { try RemindersList.find("L").update { $0.title = "Food" }.execute($0) }
    try await a1.sync()

    let faults = FaultyCloudDatabase.Faults(pageLimit: 1, failAfterPages: restartBetweenPages ? 1 : nil)
    var a2 = try Device(
      "A2", folder: folder.url, cloud: FaultyCloudDatabase(server.database(for: "alice"), faults: faults))
    if restartBetweenPages {
      await #expect(throws: FaultyCloudDatabase.InjectedCrash.self) { try await a2.engine.fetchChanges() }
      #expect(try a2.reminders().isEmpty)
      #expect(try a2.count("sqlitedata_icloud_unsyncedRecordIDs") == 1)
      a2 = try Device(
        "A2", folder: folder.url,
        cloud: FaultyCloudDatabase(server.database(for: "alice"), faults: .init(pageLimit: 1)))
    }
    try await a2.engine.fetchChanges()
    #expect(try a2.lists() == [RemindersList(id: "L", title: "Food")])
    #expect(try a2.reminders() == [Reminder(id: "R", title: "Milk", remindersListID: "L")])
    #expect(try a2.count("sqlitedata_icloud_unsyncedRecordIDs") == 0)
    #expect(a2.engine.problems.isEmpty)
  }

  @Test("10. Duplicate delivery is harmless", arguments: Backend.allCases)
  func duplicateDelivery(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let a1 = try Device(
      "A1", folder: folder.url,
      cloud: FaultyCloudDatabase(server.database(for: "alice"), faults: .init(duplicateBatches: true)))
    let a2 = try Device(
      "A2", folder: folder.url,
      cloud: FaultyCloudDatabase(
        server.database(for: "alice"), faults: .init(pageLimit: 1, duplicatePages: true)))
    try a1.write(at: 10) { db in
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
      try Reminder.insert { Reminder(id: "R", title: "Milk", remindersListID: "L") }.execute(db)
      try Reminder.insert { Reminder(id: "R2", title: "Eggs", remindersListID: "L") }.execute(db)
    }
    try await a1.sync()
    let zone = try await server.database(for: "alice").fetchDatabaseChanges(since: 0).zones
    #expect(zone.map(\.version) == [1])
    try await a2.engine.fetchChanges()
    #expect(try a2.lists().map(\.id) == ["L"])
    #expect(try a2.reminders().map(\.id) == ["R", "R2"])
    #expect(try a2.outboxCount() == 0)
    #expect(try a2.count("sqlitedata_icloud_metadata") == 3)
  }

  @Test("11. A lost acknowledgement is sent again under the same batch id", arguments: Backend.allCases)
  func lostAcknowledgement(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let faulty = FaultyCloudDatabase(server.database(for: "alice"), faults: .init(lostReplies: 1))
    let a1 = try Device("A1", folder: folder.url, cloud: faulty)
    let a2 = try Device("A2", folder: folder.url, cloud: server.database(for: "alice"))
    try a1.write(at: 10) { db in
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
      try Reminder.insert { Reminder(id: "R", title: "Milk", remindersListID: "L") }.execute(db)
      try Reminder.insert { Reminder(id: "R2", title: "Eggs", remindersListID: "L") }.execute(db)
    }
    await #expect(throws: CloudError.self) { try await a1.engine.sendChanges() }
    #expect(try a1.outboxCount() == 3)
    try await a1.sync()
    let batches = faulty.sentBatches.withLock { $0 }
    #expect(batches.count == 2)
    #expect(Set(batches).count == 1)
    #expect(try a1.outboxCount() == 0)
    try await a2.sync()
    #expect(try a2.reminders().map(\.id) == ["R", "R2"])
    #expect(try a1.canonicalDump() == a2.canonicalDump())
  }
}
