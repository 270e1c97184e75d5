import Foundation
import RemindersKit
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// What the app's screens read of sharing, on databases opened as the app opens a syncing one
/// (the metadatabase on every connection), synced through a server in memory: alice shares
/// Family with bob.
@Suite(.timeLimit(.minutes(1))) struct SharedListsTests {
  let folder: TemporaryFolder
  let server = InMemoryCloudServer()

  init() throws {
    folder = try TemporaryFolder("shared-lists")
  }

  struct Device {
    let database: DatabasePool
    let engine: SyncEngine
    var sharing: ListSharing { ListSharing(engine: engine) }

    func home() throws -> HomeRequest.Value {
      try database.read { try HomeRequest(day: .today).fetch($0) }
    }

    func list(_ title: String) throws -> RemindersList {
      try database.read { try RemindersList.find(named: title, in: $0) }
    }

    func listScreen(_ title: String) throws -> DetailWindow.Value {
      let list = try list(title)
      return try database.read { try DetailWindow(kind: .list(list.id), offset: 0, limit: 50).fetch($0) }
    }

    func add(_ line: String) throws {
      _ = try database.write { try $0.addReminder(QuickAdd(parsing: line)) }
    }
  }

  func device(_ name: String, user: String) throws -> Device {
    let database = try AppDatabase.open(
      path: folder.url.appendingPathComponent("\(name).sqlite").path, attachesMetadatabase: true)
    let engine = try #require(
      try AppSync.engine(for: database, startImmediately: false, cloudDatabase: server.database(for: user)))
    return Device(database: database, engine: engine)
  }

  /// alice's device with the sample data, and bob's, with Family shared with him and accepted.
  func aliceSharesFamily(with permission: CKShare.Permission) async throws -> (alice: Device, bob: Device) {
    let alice = try device("alice", user: "alice")
    let bob = try device("bob", user: "bob")
    try alice.database.writeAction { try $0.loadSampleData() }
    try await alice.engine.syncChanges()
    let share = try await alice.sharing.add("bob", permission: permission, to: alice.list("Family"))
    try await bob.engine.syncChanges()
    _ = try await bob.engine.acceptShare(metadata: CKShare.Metadata(shareID: share.shareID))
    try await bob.engine.syncChanges()
    try await alice.engine.syncChanges()
    return (alice, bob)
  }

  @Test func theSidebarShowsWhoSharesWhat() async throws {
    let (alice, bob) = try await aliceSharesFamily(with: .readOnly)

    let bobs = try bob.home().lists
    #expect(bobs.map(\.remindersList.title) == ["Family"])
    #expect(bobs[0].sharedBy == "alice")
    #expect(bobs[0].share?.currentUserPermission == .readOnly)
    #expect(!bobs[0].isWritable)
    #expect(bobs[0].remindersCount == 2)

    let alices = try alice.home().lists
    #expect(alices.map(\.remindersList.title) == ["Personal", "Family", "Business"])
    #expect(alices.allSatisfy { $0.sharedBy == nil && $0.isWritable })
    #expect(alices.map { $0.share != nil } == [false, true, false])
    #expect(alices[1].share?.participants.map(\.userName) == ["bob"])
  }

  @Test func aDatabaseThatDoesNotSyncReadsItsListsUnshared() throws {
    let database = try AppDatabase.open(path: folder.url.appendingPathComponent("solo.sqlite").path)
    try database.writeAction { try $0.loadSampleData() }
    let home = try database.read { try HomeRequest(day: .today).fetch($0) }
    #expect(home.lists.count == 3)
    #expect(home.lists.allSatisfy { $0.share == nil && $0.sharedBy == nil })
    #expect(home.pendingChanges == 0)
  }

  @Test func changesWaitingFollowEveryCommitAndSend() async throws {
    let alice = try device("alice", user: "alice")
    let home = Fetch(wrappedValue: HomeRequest.Value(), HomeRequest(day: .today), database: alice.database)
    var values = home.values.makeAsyncIterator()
    func next(where condition: (HomeRequest.Value) -> Bool) async -> HomeRequest.Value? {
      while let value = await values.next() {
        if condition(value) { return value }
      }
      return nil
    }
    try alice.database.writeAction { try $0.loadSampleData() }
    let waiting = await next { $0.lists.count == 3 && $0.pendingChanges > 0 }
    // 3 lists, 11 reminders, the tags and their links.
    #expect(waiting?.pendingChanges == (try alice.engine.pendingChangeCount()))
    try await alice.engine.syncChanges()
    let sent = await next { $0.pendingChanges == 0 }
    #expect(sent?.lists.count == 3)
  }

  @Test func aListScreenSaysWhoChangedItLastAndMarksOthersRows() async throws {
    let (alice, bob) = try await aliceSharesFamily(with: .readWrite)
    var marks = ChangeMarks()
    let start = ContinuousClock.now

    let before = try alice.listScreen("Family")
    #expect(before.lastChange?.modifiedBy == "alice")
    #expect(before.lastChange?.isByCurrentUser == true)
    #expect(before.changesByOthers.isEmpty)
    // What is on screen when the list opens is seen: nothing is marked.
    #expect(marks.show(before, at: start) == nil)

    try bob.add("From bob @Family")
    try await bob.engine.syncChanges()
    try await alice.engine.syncChanges()
    let after = try alice.listScreen("Family")
    #expect(after.lastChange?.modifiedBy == "bob")
    #expect(after.lastChange?.isByCurrentUser == false)
    let fromBob = try #require(after.rows.first { $0.reminder.title == "From bob" })
    #expect(Array(after.changesByOthers.keys) == [fromBob.id])

    let shown = marks.show(after, at: start + .seconds(1))
    let until = try #require(shown)
    #expect(until == start + .seconds(1) + ChangeMarks.duration)
    #expect(marks.marked(at: start + .seconds(2)) == [fromBob.id: "bob"])
    #expect(marks.marked(at: until).isEmpty)
    // Seen once, the same change is not marked again.
    #expect(marks.show(after, at: start + .seconds(3)) == nil)

    // bob's own screen: his change is his, alice's rows are others'.
    let bobs = try bob.listScreen("Family")
    #expect(bobs.lastChange?.isByCurrentUser == true)
    #expect(Set(bobs.changesByOthers.values.compactMap(\.modifiedBy)) == ["alice"])
  }

  /// A change the server refuses (the list was made read-only while it waited) is undone and
  /// counted, so that both front ends can say so; the others are sent.
  @Test func aRefusedChangeIsUndoneAndCounted() async throws {
    let (alice, bob) = try await aliceSharesFamily(with: .readWrite)
    let trash = try #require(
      try bob.listScreen("Family").rows.first { $0.reminder.title == "Take out trash" })
    try bob.database.writeAction { db in
      try Reminder.find(trash.reminder.id).update { $0.title = "Take out the bins" }.execute(db)
    }
    _ = try await alice.sharing.add("bob", permission: .readOnly, to: alice.list("Family"))
    #expect(bob.engine.refusedChangeCount == 0)
    try await bob.engine.syncChanges()
    #expect(bob.engine.refusedChangeCount == 1)
    #expect(try bob.listScreen("Family").rows.contains { $0.reminder.title == "Take out trash" })
    #expect(
      SyncState.refusalMessage(1)
        == "the server refused 1 change for want of permission (a list shared with you was made "
        + "read-only, or is no longer shared): it was undone here")
  }

  /// A participant who leaves is gone from the owner's list after the owner's next sync, as from
  /// the server's shares.
  @Test func aParticipantWhoLeavesLeavesTheOwnersList() async throws {
    let (alice, bob) = try await aliceSharesFamily(with: .readWrite)
    #expect(
      try alice.home().lists.first { $0.remindersList.title == "Family" }?.share?.participants.count == 1)
    _ = try await bob.sharing.unshare(bob.list("Family"))
    try await alice.engine.syncChanges()
    let family = try #require(try alice.home().lists.first { $0.remindersList.title == "Family" })
    #expect(family.share?.participants.map(\.userName) ?? [] == [], "\(String(describing: family.share))")
  }

  /// The owner's list follows the server's shares as soon as they are asked for, not only at the
  /// next sync: what `lists` shows agrees with what `shares` said.
  @Test func askingForTheSharesUpdatesTheOwnersList() async throws {
    let (alice, bob) = try await aliceSharesFamily(with: .readWrite)
    _ = try await bob.sharing.unshare(bob.list("Family"))
    _ = try await alice.engine.shares()
    let family = try #require(try alice.home().lists.first { $0.remindersList.title == "Family" })
    #expect(family.share?.participants.map(\.userName) ?? ["?"] == [], "\(String(describing: family.share))")
  }

  /// A list shared from the owner's other device, not synced here yet, can be unshared here.
  @Test func aShareMadeOnAnotherDeviceCanBeChangedHere() async throws {
    let (alice, _) = try await aliceSharesFamily(with: .readWrite)
    let other = try device("alice-2", user: "alice")
    try await other.engine.syncChanges()
    _ = server.database(for: "carol")
    _ = try await other.sharing.add("carol", permission: .readOnly, to: other.list("Personal"))
    #expect(try await alice.sharing.unshare(alice.list("Personal"), user: "carol") == .removed("carol"))
  }

  /// What a participant did in the list and had not sent yet reaches its owner when they leave,
  /// rather than leave the device with the list.
  @Test func aParticipantWhoLeavesSendsTheirWorkFirst() async throws {
    let (alice, bob) = try await aliceSharesFamily(with: .readWrite)
    try bob.add("Buy milk @Family")
    _ = try await bob.sharing.unshare(bob.list("Family"))
    #expect(try bob.home().lists.allSatisfy { $0.remindersList.title != "Family" })
    try await alice.engine.syncChanges()
    #expect(try alice.listScreen("Family").rows.contains { $0.reminder.title == "Buy milk" })
  }

  /// Leaving needs the server: while it cannot be reached, the list and the work in it stay, and
  /// leaving later still sends that work first.
  @Test func leavingWhileTheServerIsDownKeepsEverything() async throws {
    let (alice, bob) = try await aliceSharesFamily(with: .readWrite)
    try bob.add("Buy milk @Family")
    server.isAvailable = false
    await #expect(throws: CloudError.self) { try await bob.sharing.unshare(bob.list("Family")) }
    #expect(try bob.listScreen("Family").rows.contains { $0.reminder.title == "Buy milk" })
    server.isAvailable = true
    _ = try await bob.sharing.unshare(bob.list("Family"))
    try await alice.engine.syncChanges()
    #expect(try alice.listScreen("Family").rows.contains { $0.reminder.title == "Buy milk" })
  }

  /// The same when the participant leaves by deleting the list on their device.
  @Test func aParticipantWhoDeletesTheListLeavesTheOwnersList() async throws {
    let (alice, bob) = try await aliceSharesFamily(with: .readWrite)
    let family = try bob.list("Family")
    try bob.database.writeAction { try $0.deleteList(family.id) }
    try await bob.engine.syncChanges()
    try await alice.engine.syncChanges()
    let alices = try #require(try alice.home().lists.first { $0.remindersList.title == "Family" })
    #expect(alices.share?.participants.map(\.userName) ?? [] == [], "\(String(describing: alices.share))")
    #expect(alices.remindersCount == 2)
  }

  @Test func onlyTheOwnerTakesPeopleOut() async throws {
    let (alice, bob) = try await aliceSharesFamily(with: .readWrite)
    await #expect(throws: ListSharing.Refusal.notOwner("Family")) {
      try await bob.sharing.unshare(bob.list("Family"), user: "alice")
    }
    await #expect(throws: ListSharing.Refusal.notShared("Personal")) {
      try await alice.sharing.unshare(alice.list("Personal"))
    }
    // A name that takes no part (a typo) is refused, and bob keeps the list.
    await #expect(throws: ListSharing.Refusal.notParticipant("bobb", "Family", participants: ["bob"])) {
      try await alice.sharing.unshare(alice.list("Family"), user: "bobb")
    }
    #expect(
      ListSharing.Refusal.notParticipant("bobb", "Family", participants: ["bob"]).description
        == "bobb does not take part in Family; its participants are bob")
    #expect(
      try await alice.sharing.state(of: alice.list("Family"))?.share.participants.map(\.userName) == ["bob"])
    #expect(try await alice.sharing.unshare(alice.list("Family"), user: "bob") == .removed("bob"))
    #expect(try await alice.sharing.state(of: alice.list("Family"))?.share.participants.isEmpty == true)
  }
}
