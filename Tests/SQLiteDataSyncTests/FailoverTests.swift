import Foundation
import PostgresTestSupport
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// Failover on one machine: a primary and a synchronous streaming standby on loopback. The
/// primary is stopped as if it crashed and the standby promoted; devices on a multi-host
/// connection string find the new primary by themselves, and no change the old one had
/// acknowledged is lost.
@Suite struct FailoverTests {
  @Test func devicesContinueOnThePromotedStandbyWithNothingAcknowledgedLost() async throws {
    let folder = try TemporaryFolder("sync")
    let primary = try PostgresCluster.startDedicated()
    defer { try? primary.stop() }
    let database = try primary.makeDatabase()
    let standby = try primary.startSynchronousStandby()
    defer { try? standby.stop() }
    // Both servers, and only the one that takes writes.
    let url =
      "postgresql://alice:secret-alice@127.0.0.1:\(primary.port),127.0.0.1:\(standby.port)/\(database)"
      + "?target_session_attrs=read-write&connect_timeout=2"
    func cloud() -> PostgresCloudDatabase {
      PostgresCloudDatabase(connectionString: url, requestTimeout: .seconds(5))
    }
    let a1 = try Device("A1", folder: folder.url, cloud: cloud())
    let a2 = try Device("A2", folder: folder.url, cloud: cloud())
    try a1.write(at: 10) { db in
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
      for index in 0..<20 {
        try Reminder.insert { Reminder(id: "R\(index)", title: "Item \(index)", remindersListID: "L") }
          .execute(db)
      }
    }
    try await a1.sync()
    #expect(try a1.outboxCount() == 0)

    try primary.stop(immediately: true)
    try standby.promote()
    // A2, which never reached the old primary, finds on the new one all that A1 was told was
    // saved (before A1 could send anything again).
    try await a2.sync()
    #expect(try a2.reminders().count == 20)

    // A1's connection died with the primary; its next sync connects to the new one.
    try a1.write(at: 100) { db in
      try Reminder.find("R0").update { $0.title = "Item 0 after failover" }.execute(db)
      try Reminder.insert { Reminder(id: "R20", title: "Item 20", remindersListID: "L") }.execute(db)
    }
    try await a1.sync()
    try await a2.sync()
    #expect(try a1.outboxCount() == 0)
    #expect(try a2.reminders().count == 21)
    #expect(try a2.reminders().first { $0.id == "R0" }?.title == "Item 0 after failover")
    let (dump1, dump2) = (try a1.canonicalDump(), try a2.canonicalDump())
    #expect(dump2 == dump1, "A1:\n\(dump1)\nA2:\n\(dump2)")
    // The new primary holds every record once: what the old one acknowledged, and what came after.
    #expect(
      try standby.administer("SELECT count(*), count(DISTINCT record_name) FROM sync.records", in: database)
        == "22|22\n")
  }
}
