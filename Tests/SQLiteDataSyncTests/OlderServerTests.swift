import Foundation
import PostgresTestSupport
import SQLiteData
import SQLiteDataTestSupport
import Testing

@testable import SQLiteDataSync

/// Devices updated before their server: a server with the first schema version only (no
/// sharing) still syncs them, and sharing says the server needs upgrading.
@Suite struct OlderServerTests {
  @Test func aServerWithoutSharingStillSyncsAndSharingAsksForAnUpgrade() async throws {
    let folder = try TemporaryFolder("sync")
    let cluster = try await PostgresCluster.start()
    let database = "old_" + UUID().uuidString.prefix(8).lowercased()
    try cluster.administer("CREATE DATABASE \(database)")
    try cluster.administer(ServerSchema.migrations[0], in: database)
    try cluster.administer("SELECT sync.add_user('alice', 'secret-alice')", in: database)
    func cloud() -> PostgresCloudDatabase {
      PostgresCloudDatabase(
        connectionString: cluster.url(user: "alice", database: database, password: "secret-alice"))
    }
    let a1 = try Device("A1", folder: folder.url, cloud: cloud())
    let a2 = try Device("A2", folder: folder.url, cloud: cloud())
    try a1.write(at: 10) { db in
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
      try Reminder.insert { Reminder(id: "R", title: "Milk", remindersListID: "L") }.execute(db)
    }
    try await a1.sync()
    try await a2.sync()
    #expect(try a2.reminders() == [Reminder(id: "R", title: "Milk", remindersListID: "L")])
    await #expect {
      try await a1.engine.share(record: RemindersList(id: "L", title: "Groceries"))
    } throws: { error in
      guard case CloudError.incompatibleServer(let reason) = error else { return false }
      return reason.contains("reminders server init")
    }
    // Upgraded, the same server shares.
    try SyncServer.install(connectionString: cluster.url(user: cluster.superuser, database: database))
    let share = try await a1.engine.share(record: RemindersList(id: "L", title: "Groceries"))
    #expect(share.share.rootRecordName == "L:remindersLists")
  }
}
