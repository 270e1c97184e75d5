import Foundation
import PostgresTestSupport
import SQLiteDataTestSupport
import Synchronization
import Testing

@testable import SQLiteDataSync

/// Credentials that change while the program runs (a login kept in a file): a new password is
/// used once the engine has seen it, another account is switched to, and none stops sync.
@Suite struct RefreshedLoginTests {
  @Test func aNewPasswordIsUsedOnceTheCredentialsAreReadAgain() async throws {
    let cluster = try await PostgresCluster.start()
    let database = try cluster.makeDatabase()
    let password = Mutex("wrong")
    let url = { @Sendable in
      cluster.url(user: "alice", database: database, password: password.withLock { $0 })
    }
    let cloud = PostgresCloudDatabase(connectionString: url()) { url() }
    await #expect(throws: CloudError.self) { try await cloud.account() }
    let before = cloud.credentialsGeneration
    password.withLock { $0 = "secret-alice" }
    // Requests keep the credentials last read: the engine checks the account before changing.
    await #expect(throws: CloudError.self) { try await cloud.account() }
    #expect(cloud.credentialsGeneration == before + 1)
    #expect(try await cloud.account().user == "alice")
  }

  @Test func anotherLoginSwitchesARunningEngineAndNoneStopsIt() async throws {
    let folder = try TemporaryFolder("sync")
    let server = try await PostgresTestServer()
    let bob = try Device("B1", folder: folder.url, cloud: server.database(for: "bob"))
    try bob.write(at: 5) { try RemindersList.insert { RemindersList(id: "BL", title: "Bob's") }.execute($0) }
    try await bob.sync()

    let login = Mutex<String?>(server.connectionString(for: "alice"))
    let cloud = PostgresCloudDatabase(connectionString: server.connectionString(for: "alice")) {
      login.withLock { $0 }
    }
    let a1 = try Device("A1", folder: folder.url, cloud: cloud)
    try a1.write(at: 10) {
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute($0)
    }
    try await a1.sync()
    // Logged in as bob while the engine runs: it switches, as at a start.
    login.withLock { $0 = server.connectionString(for: "bob") }
    try await a1.sync()
    #expect(try a1.lists() == [RemindersList(id: "BL", title: "Bob's")])
    // Logged out: nothing is sent or fetched, and what is here stays.
    login.withLock { $0 = nil }
    try a1.write(at: 20) { try RemindersList.insert { RemindersList(id: "N", title: "Offline") }.execute($0) }
    await #expect(throws: CloudError.noAccount) { try await a1.engine.syncChanges() }
    try await bob.sync()
    #expect(try bob.lists() == [RemindersList(id: "BL", title: "Bob's")])
    #expect(try a1.lists().map(\.id).sorted() == ["BL", "N"])
  }
}
