import Foundation
import PostgresTestSupport
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// What goes wrong between a device and its server: the network swallows, cuts or delays; the
/// password is wrong; the server is newer; the server holds records this device cannot hold.
/// Local writes always go on, and nothing is lost.
@Suite struct FaultTests {
  let folder: TemporaryFolder
  init() throws { folder = try TemporaryFolder("sync") }

  @Test(
    "A partition is an error after the request timeout, not a hang; the outbox drains after",
    arguments: [TCPProxy.Mode.blackhole, .cut])
  func partitionThenRecovery(mode: TCPProxy.Mode) async throws {
    let server = try await PostgresTestServer()
    let a1 = try Device(
      "A1", folder: folder.url, cloud: server.database(for: "alice", requestTimeout: .seconds(2)))
    let a2 = try Device("A2", folder: folder.url, cloud: server.database(for: "alice"))
    try a1.write(at: 10) {
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute($0)
    }
    try await a1.sync()
    server.proxy.set(mode)
    for index in 0..<5 {
      try a1.write(at: 20 + Int64(index)) {
        try RemindersList.find("L").update { $0.title = "Groceries \(index)" }.execute($0)
      }
    }
    await #expect(throws: CloudError.self) { try await a1.engine.syncChanges() }
    guard case .offline = a1.engine.status else {
      Issue.record("status is \(a1.engine.status), not offline")
      return
    }
    #expect(try a1.outboxCount() == 1)
    server.proxy.set(.pass)
    try await a1.sync()
    try await a2.sync()
    #expect(try a2.lists() == [RemindersList(id: "L", title: "Groceries 4")])
    #expect(try a1.outboxCount() == 0)
  }

  @Test func aSlowNetworkOnlySlowsDown() async throws {
    let server = try await PostgresTestServer()
    server.proxy.setDelay(milliseconds: 30)
    let (a1, a2) = (
      try Device("A1", folder: folder.url, cloud: server.database(for: "alice")),
      try Device("A2", folder: folder.url, cloud: server.database(for: "alice"))
    )
    try a1.write(at: 10) { try RemindersList.insert { RemindersList(id: "L", title: "Slow") }.execute($0) }
    try await a1.sync()
    try await a2.sync()
    #expect(try a2.lists().map(\.title) == ["Slow"])
  }

  @Test func aWrongPasswordSaysSoAndKeepsTheChanges() async throws {
    let server = try await PostgresTestServer()
    let a1 = try Device(
      "A1", folder: folder.url,
      cloud: server.database(for: "alice", password: "wrong", requestTimeout: .seconds(5)))
    try a1.write { try RemindersList.insert { RemindersList(id: "L", title: "Kept") }.execute($0) }
    await #expect {
      try await a1.engine.syncChanges()
    } throws: { error in
      guard case CloudError.notAuthenticated = error else { return false }
      return (error as? CloudError)?.description.contains("Check the user name and password") == true
    }
    #expect(try a1.outboxCount() == 1)
    #expect(try a1.lists().map(\.title) == ["Kept"])
  }

  @Test func aNewerServerIsRefusedUntouched() async throws {
    let server = try await PostgresTestServer()
    try server.administer("UPDATE sync.schema_info SET version = 99")
    let a1 = try Device("A1", folder: folder.url, cloud: server.database(for: "alice"))
    try a1.write { try RemindersList.insert { RemindersList(id: "L", title: "Kept") }.execute($0) }
    await #expect {
      try await a1.engine.syncChanges()
    } throws: { error in
      guard case CloudError.incompatibleServer(let reason) = error else { return false }
      return reason.contains("version 99")
    }
    #expect(try a1.outboxCount() == 1)
    #expect {
      try SyncServer.install(
        connectionString: server.cluster.url(user: "postgres", database: server.database))
    } throws: { error in
      guard case CloudError.incompatibleServer(let reason) = error else { return false }
      return reason.contains("version 99") && reason.contains("newer")
    }
  }

  @Test(
    "Records this device cannot hold are skipped and reported; the rest apply", arguments: Backend.allCases)
  func unknownTablesAndWrongTypes(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let cloud = server.database(for: "alice")
    let zone = ZoneID(owner: "alice", zone: "sqlitedata.defaultZone")
    let stamp = HLCStamp(milliseconds: 10)
    func record(_ name: String, _ type: String, _ fields: [String: DatabaseValue]) -> RecordSave {
      RecordSave(
        record: ServerRecord(
          id: RecordID(zoneID: zone, recordName: "\(name):\(type)"), recordType: type,
          fields: fields.mapValues { RecordField(value: FieldValue($0), stamp: stamp) }),
        baseVersion: nil)
    }
    let results = try await cloud.modifyRecords(
      batchID: UUID(),
      saves: [
        record("X", "widgets", ["id": "X", "size": 3]),
        record("L", "remindersLists", ["id": "L", "title": "Fine", "colour": "red"]),
        record("B", "remindersLists", ["id": "B", "title": .blob(Data([0xFF, 0x00]))]),
      ], deletes: [])
    #expect(results.map(\.status) == [.saved, .saved, .saved])
    let a1 = try Device("A1", folder: folder.url, cloud: cloud)
    try await a1.sync()
    #expect(try a1.lists() == [RemindersList(id: "L", title: "Fine")])
    let problems = a1.engine.problems.map(\.description)
    #expect(problems.contains { $0.contains("X:widgets") && $0.contains("no synchronized table 'widgets'") })
    #expect(problems.contains { $0.contains("B:remindersLists") })
    #expect(try a1.outboxCount() == 0)
  }
}

/// Behaviour 12 on a server process that really stops: `pg_ctl stop -m immediate` (a crash, for
/// the server) and a restart with crash recovery, on a cluster of the test's own.
@Suite struct ServerDownTests {
  @Test("12. Server down: writes go on, the outbox coalesces, and drains after the restart")
  func serverStopsAndRestarts() async throws {
    let folder = try TemporaryFolder("sync")
    let cluster = try PostgresCluster.startDedicated()
    defer { try? cluster.stop() }
    let database = try cluster.makeDatabase()
    func cloud() -> PostgresCloudDatabase {
      PostgresCloudDatabase(
        connectionString: cluster.url(user: "alice", database: database, password: "secret-alice"),
        requestTimeout: .seconds(5))
    }
    let a1 = try Device("A1", folder: folder.url, cloud: cloud())
    let a2 = try Device("A2", folder: folder.url, cloud: cloud())
    try a1.write(at: 10) { db in
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
      for index in 0..<10 {
        try Reminder.insert { Reminder(id: "R\(index)", title: "Item \(index)", remindersListID: "L") }
          .execute(db)
      }
    }
    try await a1.sync()
    try await a2.sync()

    try cluster.stop(immediately: true)
    for edit in 0..<50 {
      try a1.write(at: 100 + Int64(edit)) { db in
        try Reminder.find("R\(edit % 10)").update { $0.title = "Item \(edit % 10) edit \(edit)" }.execute(db)
      }
    }
    await #expect(throws: CloudError.self) { try await a1.engine.syncChanges() }
    guard case .offline(let error) = a1.engine.status, error.isTransient else {
      Issue.record("status is \(a1.engine.status), not offline")
      return
    }
    #expect(try a1.outboxCount() == 10)

    try cluster.restart()
    try await a1.sync()
    try await a2.sync()
    #expect(try a1.outboxCount() == 0)
    let (dump1, dump2) = (try a1.canonicalDump(), try a2.canonicalDump())
    #expect(dump2 == dump1, "A1:\n\(dump1)\nA2:\n\(dump2)")
    #expect(try a2.reminders().map(\.title).contains("Item 9 edit 49"))
  }
}

/// A server restored from an older backup has lost what devices sent after it: they notice its
/// zone is behind their token, read it again whole and send again what it lacks, and every
/// device ends the same.
@Suite struct ServerRestoreTests {
  @Test func devicesResendWhatARestoredServerLost() async throws {
    let folder = try TemporaryFolder("sync")
    let server = try await PostgresTestServer()
    let (a1, a2) = try aliceDevices(on: server, in: folder)
    try a1.write(at: 10) { db in
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
      try Reminder.insert { Reminder(id: "R0", title: "Item 0", remindersListID: "L") }.execute(db)
    }
    try await a1.sync()
    for index in 1...3 {
      try a1.write(at: 10 + Int64(index)) { db in
        try Reminder.insert { Reminder(id: "R\(index)", title: "Item \(index)", remindersListID: "L") }
          .execute(db)
      }
      try await a1.sync()
    }
    try await a2.sync()
    // The backup was taken after the first sync.
    try server.administer(
      "DELETE FROM sync.records WHERE version > 1; UPDATE sync.zones SET version = 1; TRUNCATE sync.batches")
    try await a1.sync()
    try await a2.sync()
    try await a1.sync()
    let a3 = try Device("A3", folder: folder.url, cloud: server.database(for: "alice"))
    try await a3.sync()
    #expect(try a1.reminders().count == 4)
    #expect(try a3.canonicalDump() == a1.canonicalDump())
    #expect(try a2.canonicalDump() == a1.canonicalDump())
    #expect(try a1.outboxCount() == 0)
    #expect(try a2.outboxCount() == 0)
  }

  @Test func aParentTheServerLostIsSentAgainInsteadOfDeletingItsChildren() async throws {
    let folder = try TemporaryFolder("sync")
    let server = try await PostgresTestServer()
    let (a1, a2) = try aliceDevices(on: server, in: folder)
    try a1.write(at: 10) { db in
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
      try Reminder.insert { Reminder(id: "R", title: "Milk", remindersListID: "L") }.execute(db)
    }
    try await a1.sync()
    try server.administer("DELETE FROM sync.records WHERE record_name = 'L:remindersLists'")
    try a1.write(at: 20) { try Reminder.find("R").update { $0.title = "Oat milk" }.execute($0) }
    try await a1.sync()
    try await a2.sync()
    #expect(try a1.reminders().map(\.title) == ["Oat milk"])
    #expect(try a2.reminders().map(\.title) == ["Oat milk"])
    #expect(try a2.lists().map(\.title) == ["Groceries"])
    #expect(try a1.outboxCount() == 0)
  }
}
