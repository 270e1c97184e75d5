import Foundation
import PostgresTestSupport
import TerminalUI
import TerminalUITestSupport
import Testing

/// Behaviour 13 of sync: a device killed mid-sync (SIGKILL, at a named point of a debug build)
/// finishes from the same files after a restart. A1 is killed with its first batch stored and not
/// sent, then after the server committed that batch and before A1 recorded the acknowledgement;
/// A2 is killed between two fetched pages.
/// Afterwards the two hold the same data, the server holds each record once, and an edit made
/// between the crash and the retry wins over the batch that was in flight.
@Suite("Sync after a crash")
struct SyncCrashTests {
  static let extraReminders = 1_500

  @Test func devicesKilledMidSyncConvergeWithNothingLostOrDuplicated() async throws {
    let cluster = try await PostgresCluster.start()
    let database = try cluster.makeDatabase()
    let account = [
      "SQLITEDATA_SYNC_URL": cluster.url(user: "alice", database: database, password: "secret-alice")
    ]
    let a1 = CommandRunner()
    let a2 = CommandRunner()
    defer {
      a1.removeDatabase()
      a2.removeDatabase()
    }

    // A1 holds the sample data and many more reminders, from before it ever synced: its first
    // sync sends them all, in several batches.
    try #require(try a1.run("seed").status == 0)
    let sqliteExtension = try #require(CommandRunner.sqliteExtension, "the app's SQLite extension is built")
    try Subprocess.runChecked([
      "sqlite3", "-cmd", ".load \(sqliteExtension)", a1.databasePath,
      """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.extraReminders))
      INSERT INTO reminders (remindersListID, title, position)
      SELECT (SELECT id FROM remindersLists ORDER BY position LIMIT 1),
        'Bulk ' || i, 100 + i FROM n;
      """,
    ])
    let total = try recordCount(a1)

    func crash(at point: String) -> [String: String] {
      account.merging(["SQLITEDATA_SYNC_CRASH_POINT": point]) { $1 }
    }

    // Killed with its first batch stored and not yet sent: the server has nothing.
    let beforeSending = try a1.run(arguments: ["sync"], environment: crash(at: "batch-stored"))
    #expect(beforeSending.wasKilled && beforeSending.status == SIGKILL, "\(beforeSending.stderr)")
    #expect(try cluster.administer("SELECT count(*) FROM sync.records", in: database) == "0\n")

    // (a) Killed after the server committed that batch, before A1 applied its results.
    let killed = try a1.run(arguments: ["sync"], environment: crash(at: "batch-committed-on-server"))
    #expect(killed.wasKilled && killed.status == SIGKILL, "\(killed.stderr)")
    let onServer = try cluster.administer(
      "SELECT record_name FROM sync.records WHERE record_type = 'reminders' ORDER BY record_name",
      in: database
    ).split(separator: "\n")
    #expect(onServer.count > 0 && onServer.count < total)
    // Every change still waits on A1: nothing was acknowledged.
    #expect(
      try a1.run(arguments: ["sync", "--status"], environment: account).stdout.hasPrefix("\(total) changes"))

    // A reminder the in-flight batch carried is edited before the retry.
    let edited = String(onServer[0].split(separator: ":")[0])
    let edit = try a1.run("edit", edited, "--title", "Edited after the crash")
    try #require(edit.status == 0, "\(edit.stderr)")
    let retried = try a1.run(arguments: ["sync"], environment: account)
    #expect(retried.status == 0, "\(retried.stderr)")
    #expect(try a1.run(arguments: ["sync", "--status"], environment: account).stdout.hasPrefix("0 changes"))
    #expect(
      try cluster.administer("SELECT count(*), count(DISTINCT record_name) FROM sync.records", in: database)
        == "\(total)|\(total)\n")
    #expect(
      try cluster.administer(
        "SELECT fields->'title' FROM sync.records WHERE record_name = '\(onServer[0])'", in: database
      )
      .contains("Edited after the crash"))

    // (b) A2, a new device, is killed after its first page of changes was applied.
    let interrupted = try a2.run(arguments: ["sync"], environment: crash(at: "page-applied"))
    #expect(interrupted.wasKilled && interrupted.status == SIGKILL, "\(interrupted.stderr)")
    let partial = try recordCount(a2)
    #expect(partial > 0 && partial < total)
    let resumed = try a2.run(arguments: ["sync"], environment: account)
    #expect(resumed.status == 0, "\(resumed.stderr)")

    #expect(try recordCount(a2) == total)
    let export = try a2.run("export").stdout
    #expect(export == (try a1.run("export").stdout))
    #expect(export.contains("Edited after the crash"))
  }

  /// The rows of every synced table.
  func recordCount(_ device: CommandRunner) throws -> Int {
    let output = try Subprocess.runChecked([
      "sqlite3", device.databasePath,
      """
      SELECT (SELECT count(*) FROM remindersLists) + (SELECT count(*) FROM remindersListAssets)
        + (SELECT count(*) FROM reminders) + (SELECT count(*) FROM tags) + (SELECT count(*) FROM remindersTags);
      """,
    ])
    return Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }
}
