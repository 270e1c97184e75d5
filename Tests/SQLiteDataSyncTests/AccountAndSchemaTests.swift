import Foundation
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// Behaviours 19 (account changes) and 20 (schema rules and evolution).
@Suite struct AccountAndSchemaTests {
  let folder: TemporaryFolder
  init() throws { folder = try TemporaryFolder("sync") }

  @Test(
    "19. Switching accounts empties the synced tables and downloads the new user's data",
    arguments: Backend.allCases)
  func switchAccounts(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let bob = try Device("B1", folder: folder.url, cloud: server.database(for: "bob"))
    try bob.write(at: 5) { try RemindersList.insert { RemindersList(id: "BL", title: "Bob's") }.execute($0) }
    try await bob.sync()

    var a1 = try Device("A1", folder: folder.url, cloud: server.database(for: "alice"))
    try a1.write(at: 10) { db in
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
      try db.execute(sql: "INSERT INTO notes (body) VALUES ('not synced')")
    }
    try await a1.sync()
    // The same files, now with bob's credentials.
    a1 = try Device("A1", folder: folder.url, cloud: server.database(for: "bob"))
    try await a1.sync()
    #expect(try a1.lists() == [RemindersList(id: "BL", title: "Bob's")])
    #expect(try a1.count("notes") == 1)
    #expect(try a1.outboxCount() == 0)
  }

  @Test("19. Records made while signed out are uploaded after signing in", arguments: Backend.allCases)
  func signInUploadsOfflineData(backend: Backend) async throws {
    let server = try await backend.makeServer()
    var a1 = try Device("A1", folder: folder.url, cloud: nil)
    try a1.write(at: 10) { try RemindersList.insert { RemindersList(id: "L", title: "Offline") }.execute($0) }
    await #expect(throws: CloudError.noAccount) { try await a1.engine.syncChanges() }
    a1 = try Device("A1", folder: folder.url, cloud: server.database(for: "alice"))
    try await a1.sync()
    let a2 = try Device("A2", folder: folder.url, cloud: server.database(for: "alice"))
    try await a2.sync()
    #expect(try a2.lists() == [RemindersList(id: "L", title: "Offline")])
  }

  @Test("19. A revoked account signs out: local synced data is deleted", arguments: Backend.allCases)
  func signOutDeletesLocalData(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let user = try server.makeUser()
    var a1 = try Device("A1", folder: folder.url, cloud: server.database(for: user))
    try a1.write(at: 10) { try RemindersList.insert { RemindersList(id: "L", title: "Mine") }.execute($0) }
    try await a1.sync()
    try server.revoke(user: user)
    a1 = try Device("A1", folder: folder.url, cloud: server.database(for: user))
    await #expect(throws: CloudError.self) { try await a1.engine.syncChanges() }
    #expect(try a1.lists().isEmpty)
  }

  @Test(
    "19. A switch while changes wait to be sent keeps them, sends nothing, and they go once the account is back",
    arguments: Backend.allCases)
  func switchWithUnsentChanges(backend: Backend) async throws {
    let server = try await backend.makeServer()
    var a1 = try Device("A1", folder: folder.url, cloud: server.database(for: "alice"))
    try a1.write(at: 10) {
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute($0)
    }
    try await a1.sync()
    try a1.write(at: 20) { try RemindersList.insert { RemindersList(id: "U", title: "Unsent") }.execute($0) }
    a1 = try Device("A1", folder: folder.url, cloud: server.database(for: "bob"))
    await #expect(throws: SyncError.unsentChanges(count: 1, previousUser: "alice", currentUser: "bob")) {
      try await a1.engine.syncChanges()
    }
    #expect(try a1.lists().map(\.title).sorted() == ["Groceries", "Unsent"])
    #expect(try a1.outboxCount() == 1)
    let b1 = try Device("B1", folder: folder.url, cloud: server.database(for: "bob"))
    try await b1.sync()
    #expect(try b1.lists().isEmpty)
    a1 = try Device("A1", folder: folder.url, cloud: server.database(for: "alice"))
    try await a1.sync()
    let a2 = try Device("A2", folder: folder.url, cloud: server.database(for: "alice"))
    try await a2.sync()
    #expect(try a2.lists().map(\.title).sorted() == ["Groceries", "Unsent"])
  }

  @Test("19. A refused login keeps the changes that wait to be sent", arguments: Backend.allCases)
  func refusedLoginKeepsUnsentChanges(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let user = try server.makeUser()
    var a1 = try Device("A1", folder: folder.url, cloud: server.database(for: user))
    try a1.write(at: 10) { try RemindersList.insert { RemindersList(id: "L", title: "Mine") }.execute($0) }
    try await a1.sync()
    try a1.write(at: 20) { try RemindersList.insert { RemindersList(id: "U", title: "Unsent") }.execute($0) }
    try server.revoke(user: user)
    a1 = try Device("A1", folder: folder.url, cloud: server.database(for: user))
    await #expect(throws: CloudError.self) { try await a1.engine.syncChanges() }
    #expect(try a1.lists().map(\.title).sorted() == ["Mine", "Unsent"])
    #expect(try a1.outboxCount() == 1)
    // Cut off until the login changes, its changes waiting: offline, not failed.
    guard case .offline(.notAuthenticated) = a1.engine.status else {
      Issue.record("status is \(a1.engine.status)")
      return
    }
  }

  @Test(
    "19. Data another process deleted at logout is not brought back by a fetch of this one",
    arguments: Backend.allCases)
  func aFetchDoesNotBringBackDataDeletedElsewhere(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let a1 = try Device("A1", folder: folder.url, cloud: server.database(for: "alice"))
    try a1.write(at: 10) {
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute($0)
    }
    try await a1.sync()
    // Another process on the same files (a command logging out) deletes the synced data.
    let command = try Device("A1", folder: folder.url, cloud: nil)
    try await command.engine.deleteLocalData()
    #expect(try a1.lists().isEmpty)
    // This one still takes itself for alice: its fetch is refused, not applied.
    await #expect(throws: CloudError.noAccount) { try await a1.engine.fetchChanges() }
    #expect(try a1.lists().isEmpty)
  }

  // MARK: Behaviour 20

  @Test(
    "20. Tables that break the rules of sync are refused with the reason",
    arguments: [
      ("CREATE TABLE t (id TEXT PRIMARY KEY NOT NULL, code TEXT UNIQUE) STRICT", "unique index"),
      (
        "CREATE TABLE p (id TEXT PRIMARY KEY NOT NULL) STRICT; CREATE TABLE t (id TEXT PRIMARY KEY NOT NULL, pID TEXT REFERENCES p(id) ON DELETE RESTRICT) STRICT",
        "ON DELETE RESTRICT"
      ),
      (
        "CREATE TABLE other (id TEXT PRIMARY KEY NOT NULL) STRICT; CREATE TABLE t (id TEXT PRIMARY KEY NOT NULL, oID TEXT REFERENCES other(id) ON DELETE CASCADE) STRICT",
        "not synchronized"
      ),
      (#"CREATE TABLE "a:b" (id TEXT PRIMARY KEY NOT NULL) STRICT"#, "may not contain ':'"),
      (
        "CREATE TABLE t (id TEXT PRIMARY KEY NOT NULL, aID TEXT REFERENCES a(id) ON DELETE CASCADE) STRICT; CREATE TABLE a (id TEXT PRIMARY KEY NOT NULL, tID TEXT REFERENCES t(id) ON DELETE CASCADE) STRICT",
        "form a cycle"
      ),
    ])
  func schemaRules(sql: String, reason: String) throws {
    let database = try DatabaseQueue()
    try database.write { try $0.execute(sql: sql) }
    let tables = try database.read { db in
      try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'other' ORDER BY name")
    }
    do {
      _ = try SyncEngine(
        for: database, tables: tables.map { SyncedTableName(name: $0).type }, cloudDatabase: nil,
        startImmediately: false)
      Issue.record("the engine accepted \(sql)")
    } catch let error as SchemaError {
      #expect(error.description.contains(reason), "\(error)")
    }
  }

  @Test("20. An older app version keeps a newer column; upgrading fills it in", arguments: Backend.allCases)
  func schemaEvolution(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let v2 = try Device("V2", folder: folder.url, cloud: server.database(for: "alice")) { db in
      try db.execute(sql: #"ALTER TABLE "reminders" ADD COLUMN "priority" INTEGER"#)
    }
    var v1 = try Device("V1", folder: folder.url, cloud: server.database(for: "alice"))
    try v2.write(at: 10) { db in
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
      try Reminder.insert { Reminder(id: "R", title: "Milk", remindersListID: "L") }.execute(db)
      try db.execute(sql: #"UPDATE "reminders" SET "priority" = 3"#)
    }
    try await v2.sync()
    try await v1.sync()
    try v1.write(at: 20) { try Reminder.find("R").update { $0.title = "Oat milk" }.execute($0) }
    try await v1.sync()
    try await v2.sync()
    #expect(try v2.priorities() == ["R": 3])
    #expect(try v2.reminders().map(\.title) == ["Oat milk"])

    // V1 upgrades: the same files, migrated, and a new engine.
    try v1.write { try $0.execute(sql: #"ALTER TABLE "reminders" ADD COLUMN "priority" INTEGER"#) }
    v1 = try Device("V1", folder: folder.url, cloud: server.database(for: "alice"))
    #expect(try v1.priorities() == ["R": 3])
    #expect(try v1.outboxCount() == 0)
  }
}

/// A table type for a name only known at run time, for the schema rules.
struct SyncedTableName {
  let name: String
  var type: any Table.Type {
    switch name {
    case "t": return T.self
    case "a": return A.self
    case "p": return P.self
    default: return AB.self
    }
  }
  @Table("t") struct T { let id: String }
  @Table("a") struct A { let id: String }
  @Table("p") struct P { let id: String }
  @Table("a:b") struct AB { let id: String }
}
