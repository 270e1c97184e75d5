import Foundation
import SQLiteData
import SQLiteDataTestSupport
import Synchronization
import Testing

/// A wall clock a test sets by hand: "t=100" in the behaviours is 100 ms.
final class TestClock: Sendable {
  let now = Mutex<Int64>(0)
  var physical: PhysicalClock { PhysicalClock { [self] in now.withLock { $0 } } }
  func set(_ milliseconds: Int64) { now.withLock { $0 = milliseconds } }
}

/// One device of the sync behaviours: its own database file and metadatabase in a folder of the
/// test, an engine on a server, and a clock the test drives. Sync runs only when the test says.
final class Device: Sendable {
  let name: String
  let folder: URL
  /// A pool, as apps open their database, whose readers do not attach the metadatabase.
  let database: DatabasePool
  let engine: SyncEngine
  let clock: TestClock

  init(
    _ name: String, folder: URL, cloud: (any CloudDatabase)?, clock: TestClock = TestClock(),
    startImmediately: Bool = false, physicalClock: PhysicalClock? = nil, pollInterval: Duration = .seconds(5),
    migrate extraMigration: (@Sendable (Database) throws -> Void)? = nil
  ) throws {
    self.name = name
    self.folder = folder
    self.clock = clock
    let path = folder.appendingPathComponent("\(name).sqlite").path
    let isNew = !FileManager.default.fileExists(atPath: path)
    database = try DatabasePool(path: path)
    if isNew {
      try database.write { db in
        try migrateSyncSchema(db)
        try extraMigration?(db)
      }
    }
    engine = try SyncEngine(
      for: database, tables: [RemindersList.self, Reminder.self, Parent.self, ChildWithOnDeleteSetNull.self],
      privateTables: [RemindersListPrivate.self], cloudDatabase: cloud, startImmediately: startImmediately,
      clock: physicalClock ?? clock.physical, pollInterval: pollInterval)
  }

  /// Sends and fetches until nothing is left, as "sync" means in the behaviours.
  func sync() async throws {
    try await engine.syncChanges()
    try await engine.syncChanges()
  }

  func write(at time: Int64? = nil, _ body: @escaping @Sendable (Database) throws -> Void) throws {
    if let time { clock.set(time) }
    try database.write(body)
  }

  func lists() throws -> [RemindersList] {
    try database.read { try RemindersList.order(by: \.id).fetchAll($0) }
  }

  func reminders() throws -> [Reminder] {
    try database.read { try Reminder.order(by: \.id).fetchAll($0) }
  }

  func outboxCount() throws -> Int { try engine.pendingChangeCount() }

  /// The `priority` column of a newer schema, by reminder id.
  func priorities() throws -> [String: Int] {
    try database.read { db in
      var priorities: [String: Int] = [:]
      for row in try Row.fetchAll(db, sql: #"SELECT "id", "priority" FROM "reminders""#) {
        priorities[try row.decode(String.self, at: 0)] = try row.decode(Int?.self, at: 1)
      }
      return priorities
    }
  }

  func children() throws -> [ChildWithOnDeleteSetNull] {
    try database.read { try ChildWithOnDeleteSetNull.order(by: \.id).fetchAll($0) }
  }

  /// Rows of the metadata that reached the server.
  func syncedMetadataCount() throws -> Int {
    try database.writeWithoutTransaction {
      try Int.fetchOne(
        $0, sql: #"SELECT count(*) FROM "sqlitedata_icloud_metadata" WHERE "_serverVersion" > 0"#) ?? 0
    }
  }

  /// Rows of a table; metadatabase tables are read on the writer, the connection they are attached to.
  func count(_ table: String) throws -> Int {
    try database.writeWithoutTransaction { try Int.fetchOne($0, sql: "SELECT count(*) FROM \(table)") ?? 0 }
  }

  /// The synchronized tables as text, row by row, to compare devices.
  func canonicalDump() throws -> String {
    try database.read { db in
      var lines: [String] = []
      for table in [
        "remindersLists", "reminders", "remindersListPrivates", "parents", "childWithOnDeleteSetNulls",
      ] {
        for row in try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\" ORDER BY 1") {
          lines.append("\(table): \(row)")
        }
      }
      return lines.joined(separator: "\n")
    }
  }
}

/// alice's devices A1 and A2 on a server, their files in the test's folder.
func aliceDevices(on server: any TestServer, in folder: TemporaryFolder) throws -> (Device, Device) {
  (
    try Device("A1", folder: folder.url, cloud: server.database(for: "alice")),
    try Device("A2", folder: folder.url, cloud: server.database(for: "alice"))
  )
}
