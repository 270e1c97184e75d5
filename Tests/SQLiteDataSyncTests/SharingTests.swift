import Foundation
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// Sharing (sync.md §4, behaviours 14–18) on both back ends: alice (devices A1, A2) shares her
/// list L "Groceries" with bob (B1); her list L2 "Work" stays hers.
@Suite struct SharingTests {
  let folder: TemporaryFolder
  init() throws { folder = try TemporaryFolder("sync") }

  struct People {
    let server: any TestServer
    let a1: Device
    let a2: Device
    let b1: Device
  }

  /// L with R "Milk" and R2 "Eggs", L's private row, and L2 with R5, on A1 and A2; L shared
  /// with bob at `permission`, accepted and pulled on B1.
  func shared(_ backend: Backend, permission: CKShare.Permission) async throws -> (People, CKShare) {
    let server = try await backend.makeServer()
    let (a1, a2) = try aliceDevices(on: server, in: folder)
    let b1 = try Device("B1", folder: folder.url, cloud: server.database(for: "bob"))
    try a1.write(at: 10) { db in
      try RemindersList.insert {
        RemindersList(id: "L", title: "Groceries")
        RemindersList(id: "L2", title: "Work")
      }.execute(db)
      try Reminder.insert {
        Reminder(id: "R", title: "Milk", remindersListID: "L")
        Reminder(id: "R2", title: "Eggs", remindersListID: "L")
        Reminder(id: "R5", title: "Report", remindersListID: "L2")
      }.execute(db)
      try RemindersListPrivate.insert { RemindersListPrivate(remindersListID: "L", position: 3) }.execute(db)
    }
    try await a1.sync()
    let shared = try await a1.engine.share(record: RemindersList(id: "L", title: "Groceries")) { share in
      share[CKShare.SystemFieldKey.title] = "Groceries for the family"
    }
    #expect(shared.share.systemFields["title"] == "Groceries for the family")
    let share = try await a1.engine.addParticipant("bob", permission: permission, to: shared.share)
    #expect(
      share.participants == [CKShare.Participant(userName: "bob", permission: permission, isAccepted: false)])
    let accepted = try await b1.engine.acceptShare(metadata: CKShare.Metadata(shareID: share.shareID))
    #expect(accepted.currentUserPermission == permission)
    try await a2.sync()
    return (People(server: server, a1: a1, a2: a2, b1: b1), share)
  }

  /// What the server shows `user` of alice's list L, as a save of a new reminder in it.
  func saveAsUser(_ user: String, _ server: any TestServer, id: String, parent: String = "L:remindersLists")
    async throws -> RecordStatus
  {
    let record = ServerRecord(
      id: RecordID(owner: "alice", zone: "sqlitedata.defaultZone", recordName: "\(id):reminders"),
      recordType: "reminders", parent: parent,
      fields: [
        "id": RecordField(value: FieldValue(.text(id)), stamp: HLCStamp(milliseconds: 500)),
        "title": RecordField(value: FieldValue(.text("Sneaky")), stamp: HLCStamp(milliseconds: 500)),
        "isCompleted": RecordField(value: FieldValue(.integer(0)), stamp: HLCStamp(milliseconds: 500)),
        "remindersListID": RecordField(value: FieldValue(.text("L")), stamp: HLCStamp(milliseconds: 500)),
      ])
    let results = try await server.database(for: user).modifyRecords(
      batchID: UUID(), saves: [RecordSave(record: record, baseVersion: nil)], deletes: [])
    return results[0].status
  }

  @Test("14. Read-only share", arguments: Backend.allCases)
  func readOnlyShare(backend: Backend) async throws {
    let (people, share) = try await shared(backend, permission: .readOnly)
    let b1 = people.b1
    #expect(try b1.lists() == [RemindersList(id: "L", title: "Groceries")])
    #expect(try b1.reminders().map(\.id) == ["R", "R2"])
    #expect(try b1.count("remindersListPrivates") == 0)
    // The share is on the root's metadata, as app queries join it.
    let kept = try await b1.database.writeWithoutTransaction { db in
      try SyncMetadata.where { $0.recordName.eq("L:remindersLists") }.fetchOne(db)
    }
    #expect(kept?.share?.shareID == share.shareID)
    #expect(kept?.share?.currentUserPermission == .readOnly)

    // Local writes are refused before anything is written or queued.
    let writes: [@Sendable (Database) throws -> Void] = [
      { db in
        try Reminder.insert { Reminder(id: "R3", title: "Bread", remindersListID: "L") }.execute(db)
      },
      { db in try Reminder.find("R").update { $0.title = "Oat milk" }.execute(db) },
      { db in try RemindersList.find("L").delete().execute(db) },
    ]
    for write in writes {
      #expect {
        try b1.write(write)
      } throws: { error in
        (error as? DatabaseError)?.message.contains(SyncEngine.writePermissionError) == true
      }
    }
    #expect(try b1.outboxCount() == 0)
    #expect(try b1.reminders().map(\.title) == ["Milk", "Eggs"])

    // The server refuses the same save; carol sees nothing of alice's.
    #expect(try await saveAsUser("bob", people.server, id: "R3") == .permissionFailure)
    let carol = people.server.database(for: "carol")
    #expect(try await carol.fetchDatabaseChanges(since: 0).zones.allSatisfy { $0.owner != "alice" })
    #expect(
      try await carol.fetchRecords([
        RecordID(owner: "alice", zone: "sqlitedata.defaultZone", recordName: "L:remindersLists")
      ]).isEmpty)
    #expect(try await saveAsUser("carol", people.server, id: "R4") == .permissionFailure)
  }

  @Test("15. Read-write share", arguments: Backend.allCases)
  func readWriteShare(backend: Backend) async throws {
    let (people, share) = try await shared(backend, permission: .readOnly)
    let (a1, a2, b1) = (people.a1, people.a2, people.b1)
    try await a1.engine.addParticipant("bob", permission: .readWrite, to: share)
    try await b1.sync()
    try b1.write(at: 100) { db in
      try Reminder.insert { Reminder(id: "R3", title: "Bread", remindersListID: "L") }.execute(db)
      try Reminder.find("R").update { $0.title = "Oat milk" }.execute(db)
    }
    try a1.write(at: 110) { db in
      try Reminder.insert { Reminder(id: "R4", title: "Apples", remindersListID: "L") }.execute(db)
    }
    try await b1.sync()
    try await a1.sync()
    try await a2.sync()
    try await b1.sync()
    let expected = [
      Reminder(id: "R", title: "Oat milk", remindersListID: "L"),
      Reminder(id: "R2", title: "Eggs", remindersListID: "L"),
      Reminder(id: "R3", title: "Bread", remindersListID: "L"),
      Reminder(id: "R4", title: "Apples", remindersListID: "L"),
    ]
    #expect(try b1.reminders() == expected)
    for device in [a1, a2] {
      #expect(try device.reminders().filter { $0.remindersListID == "L" } == expected)
      #expect(try device.reminders().contains { $0.id == "R5" })
    }
    for device in [a1, a2, b1] { #expect(try device.outboxCount() == 0) }
    // Who changed what last, as the server stamped it.
    let writers = try await a1.database.writeWithoutTransaction { db in
      try SyncMetadata.where { $0.recordName.like("%:reminders") }.fetchAll(db)
        .reduce(into: [String: String]()) { $0[$1.id.recordPrimaryKey] = $1.lastModifiedBy }
    }
    #expect(writers == ["R": "bob", "R2": "alice", "R3": "bob", "R4": "alice", "R5": "alice"])
  }

  @Test("16. Moving out of a share", arguments: Backend.allCases)
  func movingOutOfAShare(backend: Backend) async throws {
    let (people, _) = try await shared(backend, permission: .readWrite)
    let (a1, a2, b1) = (people.a1, people.a2, people.b1)
    try a1.write(at: 100) { db in
      try Reminder.find("R").update { $0.remindersListID = "L2" }.execute(db)
    }
    try await a1.sync()
    try await a2.sync()
    try await b1.sync()
    #expect(try b1.reminders().map(\.id) == ["R2"])
    #expect(try b1.count("sqlitedata_icloud_metadata WHERE recordPrimaryKey = 'R'") == 0)
    for device in [a1, a2] {
      #expect(try device.reminders().first { $0.id == "R" }?.remindersListID == "L2")
    }
    // bob can no longer write R: he cannot see it, nor its new parent.
    let status = try await saveAsUser("bob", people.server, id: "R", parent: "L2:remindersLists")
    #expect(status == .referenceViolation)
    #expect(
      try await saveAsUser("bob", people.server, id: "R", parent: "L:remindersLists") == .permissionFailure)
  }

  @Test("A participant moves reminders between a shared list and their own", arguments: Backend.allCases)
  func participantMovesBetweenZones(backend: Backend) async throws {
    let (people, _) = try await shared(backend, permission: .readWrite)
    let (a1, a2, b1) = (people.a1, people.a2, people.b1)
    try b1.write(at: 100) { db in
      try RemindersList.insert { RemindersList(id: "BL", title: "Bob's") }.execute(db)
      try Reminder.insert { Reminder(id: "R7", title: "Bob's own", remindersListID: "BL") }.execute(db)
    }
    try await b1.sync()
    // R leaves alice's list for bob's; R7 goes the other way.
    try b1.write(at: 200) { db in
      try Reminder.find("R").update { $0.remindersListID = "BL" }.execute(db)
      try Reminder.find("R7").update { $0.remindersListID = "L" }.execute(db)
    }
    try await b1.sync()
    try await a1.sync()
    try await a2.sync()
    try await b1.sync()
    let onB1 = try b1.reminders()
    #expect(onB1.first { $0.id == "R" }?.remindersListID == "BL")
    #expect(onB1.first { $0.id == "R7" }?.remindersListID == "L")
    #expect(try b1.outboxCount() == 0)
    for device in [a1, a2] {
      #expect(try device.reminders().map(\.id) == ["R2", "R5", "R7"])
      #expect(try device.reminders().first { $0.id == "R7" }?.title == "Bob's own")
    }
    // Edits after the move go to the record's new zone.
    try b1.write(at: 300) { db in try Reminder.find("R").update { $0.title = "Bob's milk" }.execute(db) }
    try await b1.sync()
    try await a1.sync()
    #expect(try b1.reminders().first { $0.id == "R" }?.title == "Bob's milk")
    #expect(try a1.reminders().map(\.id) == ["R2", "R5", "R7"])
  }

  @Test(
    "A second share in the same zone arrives whole, on every device of the participant",
    arguments: Backend.allCases)
  func secondShareInTheSameZone(backend: Backend) async throws {
    let (people, _) = try await shared(backend, permission: .readOnly)
    let (a1, b1) = (people.a1, people.b1)
    let b2 = try Device("B2", folder: folder.url, cloud: people.server.database(for: "bob"))
    try await b2.sync()
    #expect(try b2.lists().map(\.id) == ["L"])
    // L2 and R5 are older than every token bob's devices hold for alice's zone.
    let work = try await a1.engine.share(record: RemindersList(id: "L2", title: "Work")).share
    try await a1.engine.addParticipant("bob", permission: .readOnly, to: work)
    // Before bob accepts, his devices pull the zone (for L), and their tokens move past L2.
    try await b1.sync()
    try await b2.sync()
    #expect(try b1.lists().map(\.id) == ["L"])
    try await b1.engine.acceptShare(metadata: CKShare.Metadata(shareID: work.shareID))
    try await b2.sync()
    for device in [b1, b2] {
      #expect(try device.lists().map(\.id) == ["L", "L2"])
      #expect(try device.reminders().map(\.id) == ["R", "R2", "R5"])
    }
  }

  enum Ending: String, CaseIterable, CustomTestStringConvertible {
    case unshared, removed
    var testDescription: String { rawValue }
  }

  @Test("17. Unshare and removal", arguments: Backend.allCases, Ending.allCases)
  func unshareAndRemoval(backend: Backend, ending: Ending) async throws {
    let (people, share) = try await shared(backend, permission: .readWrite)
    let (a1, b1) = (people.a1, people.b1)
    let before = try a1.canonicalDump()
    // bob edits while the share ends: his edit is discarded, not pushed.
    try b1.write(at: 100) { db in try Reminder.find("R").update { $0.title = "Bob's milk" }.execute(db) }
    switch ending {
    case .unshared: try await a1.engine.unshare(record: RemindersList(id: "L"))
    case .removed: try await a1.engine.removeParticipant("bob", from: share)
    }
    try await b1.sync()
    #expect(try b1.lists().isEmpty)
    #expect(try b1.reminders().isEmpty)
    #expect(try b1.outboxCount() == 0)
    #expect(try b1.count("sqlitedata_icloud_metadata") == 0)
    try await a1.sync()
    #expect(try a1.canonicalDump() == before)
    let remaining = try await a1.engine.shares()
    #expect(remaining.first?.participants.isEmpty ?? true)
  }

  @Test("18. Participant deletes the shared root", arguments: Backend.allCases)
  func participantDeletesTheRoot(backend: Backend) async throws {
    let (people, _) = try await shared(backend, permission: .readWrite)
    let (a1, a2, b1) = (people.a1, people.a2, people.b1)
    try b1.write(at: 100) { db in try RemindersList.find("L").delete().execute(db) }
    try await b1.sync()
    #expect(try b1.lists().isEmpty && b1.reminders().isEmpty)
    #expect(try b1.outboxCount() == 0)
    try await a1.sync()
    try await a2.sync()
    for device in [a1, a2] {
      #expect(try device.lists().map(\.id) == ["L", "L2"])
      #expect(try device.reminders().map(\.id) == ["R", "R2", "R5"])
    }
    // bob left: later changes to L do not reach him.
    try a1.write(at: 200) { db in try Reminder.find("R").update { $0.title = "Oat milk" }.execute(db) }
    try await a1.sync()
    try await b1.sync()
    #expect(try b1.reminders().isEmpty)
    let left = try await b1.engine.shares()
    #expect(left.isEmpty)
  }

  @Test("The owner deletes the shared root: the share ends for everyone", arguments: Backend.allCases)
  func ownerDeletesTheRoot(backend: Backend) async throws {
    let (people, _) = try await shared(backend, permission: .readWrite)
    let (a1, b1) = (people.a1, people.b1)
    try a1.write(at: 100) { db in try RemindersList.find("L").delete().execute(db) }
    try await a1.sync()
    #expect(try a1.outboxCount() == 0)
    #expect(try await a1.engine.shares().isEmpty)
    try await b1.sync()
    #expect(try b1.lists().isEmpty && b1.reminders().isEmpty)
    #expect(try await b1.engine.shares().isEmpty)
  }

  @Test("Invitations: a token joins once, read-write, and names its errors", arguments: Backend.allCases)
  func invitations(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let (a1, _) = try aliceDevices(on: server, in: folder)
    let d1 = try Device("D1", folder: folder.url, cloud: server.database(for: "dave"))
    try a1.write(at: 10) { db in
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
      try Reminder.insert { Reminder(id: "R", title: "Milk", remindersListID: "L") }.execute(db)
      try RemindersList.insert { RemindersList(id: "U", title: "Unsynced") }.execute(db)
    }
    // Not on the server yet; a child; a private table: refused with the reason.
    await #expect(throws: SharingError.notSynchronized("U:remindersLists")) {
      try await a1.engine.share(record: RemindersList(id: "U"))
    }
    try await a1.sync()
    await #expect(throws: SharingError.self) {
      try await a1.engine.share(record: Reminder(id: "R", remindersListID: "L"))
    }
    await #expect(throws: SharingError.self) {
      try await a1.engine.share(record: RemindersListPrivate(remindersListID: "L"))
    }
    let share = try await a1.engine.share(record: RemindersList(id: "L")).share
    await #expect(throws: SharingError.self) {
      try await a1.engine.addParticipant("nobody_here", permission: .readOnly, to: share)
    }
    await #expect(throws: SharingError.self) {
      try await d1.engine.addParticipant("bob", permission: .readOnly, to: share)
    }

    let token = try await a1.engine.createInvitation(to: share, permission: .readWrite)
    let joined = try await d1.engine.acceptShare(metadata: CKShare.Metadata(invitationToken: token))
    #expect(joined.currentUserPermission == .readWrite)
    #expect(try d1.reminders().map(\.title) == ["Milk"])
    await #expect(throws: SharingError.self) {
      try await d1.engine.acceptShare(metadata: CKShare.Metadata(invitationToken: token))
    }
    try d1.write(at: 50) { db in try Reminder.find("R").update { $0.title = "Oat milk" }.execute(db) }
    try await d1.sync()
    try await a1.sync()
    #expect(try a1.reminders().first { $0.id == "R" }?.title == "Oat milk")
    let participants = try await a1.engine.shares().first?.participants.map(\.userName)
    #expect(participants == ["dave"])
  }
}
