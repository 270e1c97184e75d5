import CLibPQ
import CSQLite
import Foundation
import SQLiteData
import Synchronization

/// Sync against a PostgreSQL server: pushing 10,000 changed rows, pulling 10,000 rows into an
/// empty device, and the time from a commit on one device to the new value in a live query on
/// another, with both engines syncing in the background. The baselines move the same rows with
/// raw libpq (batched multi-row INSERTs in one transaction; one SELECT) and raw SQLite.
///
/// They need a server: `SQLITEDATA_BENCH_POSTGRES_URL` names a database and a role that may
/// create roles (the sync schema is installed there). Without it they are left out.
func syncWorkloads() -> [Workload] {
  guard let url = ProcessInfo.processInfo.environment["SQLITEDATA_BENCH_POSTGRES_URL"], !url.isEmpty else {
    FileHandle.standardError.write(
      Data(
        "sync.* left out: set SQLITEDATA_BENCH_POSTGRES_URL to a PostgreSQL database URL (a role that may create roles)\n"
          .utf8))
    return []
  }
  return [
    pushWorkload(url), pushSameWritesWorkload(url), pullWorkload(url), pullSameWritesWorkload(url),
    latencyWorkload(url),
    latencyWorkload(url, fromAnotherConnection: true),
    shareToScreenWorkload(url),
  ]
}

private let rowCount = 10_000
private let listCount = 100

/// A synced device: a database file with lists and reminders, and an engine on `user`'s account.
private final class BenchDevice {
  let directory: TemporaryDirectory
  let pool: DatabasePool
  let engine: SyncEngine

  init(adminURL: String, user: String, start: Bool = false) throws {
    directory = try TemporaryDirectory()
    pool = try DatabasePool(path: try directory.freshDatabasePath(named: "device.sqlite"))
    try pool.write { db in
      try db.execute(
        sql: """
          CREATE TABLE "lists" ("id" TEXT PRIMARY KEY NOT NULL, "title" TEXT NOT NULL) STRICT;
          CREATE TABLE "reminders" (
            "id" TEXT PRIMARY KEY NOT NULL, "title" TEXT NOT NULL, "isCompleted" INTEGER NOT NULL,
            "listID" TEXT NOT NULL REFERENCES "lists"("id") ON DELETE CASCADE) STRICT;
          """)
    }
    engine = try Self.engine(for: pool, adminURL: adminURL, user: user, start: start)
  }

  /// Another connection to `device`'s files, as a command-line tool opens them: its own engine,
  /// not running, records its changes, and the device's running engine sends them.
  init(connectingTo device: BenchDevice, adminURL: String, user: String) throws {
    directory = device.directory
    pool = try DatabasePool(path: device.pool.path)
    engine = try Self.engine(for: pool, adminURL: adminURL, user: user, start: false)
  }

  private static func engine(for pool: DatabasePool, adminURL: String, user: String, start: Bool) throws
    -> SyncEngine
  {
    try SyncEngine(
      for: pool, tables: [BenchList.self, BenchReminder.self],
      cloudDatabase: PostgresCloudDatabase(connectionString: userURL(adminURL, user)), startImmediately: start
    )
  }

  func fill() throws {
    try pool.write { db in
      for row in benchRows() {
        if row.isList {
          try db.execute(sql: #"INSERT INTO "lists" VALUES (?, ?)"#, arguments: [row.id, row.title])
        } else {
          try db.execute(
            sql: #"INSERT INTO "reminders" VALUES (?, ?, ?, ?)"#,
            arguments: [row.id, row.title, row.isCompleted, row.listID])
        }
      }
    }
  }
}

@Table("lists") private struct BenchList {
  let id: String
  var title: String
}

@Table("reminders") private struct BenchReminder {
  let id: String
  var title: String
  var isCompleted: Bool
  var listID: String
}

private struct BenchRow {
  var id: String
  var title: String
  var isCompleted: Bool
  var listID: String?
  var isList: Bool { listID == nil }
}

/// 100 lists and 9,900 reminders, the same every time.
private func benchRows() -> [BenchRow] {
  (0..<rowCount).map { index in
    index < listCount
      ? BenchRow(
        id: String(format: "list-%05d", index), title: "List \(index)", isCompleted: false, listID: nil)
      : BenchRow(
        id: String(format: "reminder-%05d", index), title: "Reminder number \(index)",
        isCompleted: index % 3 == 0,
        listID: String(format: "list-%05d", index % listCount))
  }
}

/// The admin URL with another user and the bench password.
func userURL(_ adminURL: String, _ user: String) -> String {
  var components = URLComponents(string: adminURL)!
  components.user = user
  components.password = "bench-\(user)"
  return components.string!
}

func newUser(_ adminURL: String) throws -> String {
  let user = "bench_" + UUID().uuidString.prefix(8).lowercased()
  try SyncServer.addUser(user, password: "bench-\(user)", connectionString: adminURL)
  return user
}

/// Runs async work from the synchronous harness.
func blocking(_ body: @escaping @Sendable () async throws -> Void) throws {
  let done = DispatchSemaphore(value: 0)
  let failure = Mutex<(any Error)?>(nil)
  Task {
    do { try await body() } catch { failure.withLock { $0 = error } }
    done.signal()
  }
  done.wait()
  if let error = failure.withLock({ $0 }) { throw error }
}

// MARK: Raw libpq

/// A raw libpq connection for the baselines.
private final class RawPostgres {
  let handle: OpaquePointer

  init(_ url: String) throws {
    handle = PQconnectdb(url)
    guard PQstatus(handle) == CONNECTION_OK else {
      throw UnexpectedResult(description: String(cString: PQerrorMessage(handle)))
    }
  }

  deinit { PQfinish(handle) }

  @discardableResult
  func exec(_ sql: String, _ parameters: [String] = []) throws -> OpaquePointer? {
    let copies = parameters.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    var pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
    let result = PQexecParams(handle, sql, Int32(parameters.count), nil, &pointers, nil, nil, 0)
    let status = PQresultStatus(result)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
      let message = String(cString: PQresultErrorMessage(result))
      PQclear(result)
      throw UnexpectedResult(description: message)
    }
    return result
  }
}

extension RawPostgres {
  /// A new empty table named after `prefix`, with `columns`, in place of `previous` (the last
  /// run's, if any), which goes: a server that keeps growing measures its own upkeep.
  func table(_ prefix: String, columns: String, replacing previous: String = "") throws -> String {
    if !previous.isEmpty { try exec("DROP TABLE \(previous)") }
    let table = prefix + UUID().uuidString.prefix(8).lowercased()
    try exec("CREATE TABLE \(table) (\(columns))")
    return table
  }

  /// A new table of the bench rows, for a baseline to select as plain columns; `withFields` adds
  /// each row's fields as the server prints a record's.
  func benchRowsTable(withFields: Bool) throws -> String {
    let table = try table(
      "bench_rows_",
      columns: "id text PRIMARY KEY, title text NOT NULL, is_completed int NOT NULL, list_id text"
        + (withFields ? ", fields text NOT NULL" : ""))
    for row in benchRows() {
      let values = [row.id, row.title, row.isCompleted ? "1" : "0", row.listID ?? ""]
      PQclear(
        try withFields
          ? exec(
            "INSERT INTO \(table) VALUES ($1, $2, $3::int, $4, $5::jsonb::text)",
            values + [serverFields(of: row)])
          : exec("INSERT INTO \(table) VALUES ($1, $2, $3::int, $4)", values))
    }
    return table
  }
}

// MARK: Workloads

/// Our side of a push: a new account's device with the bench rows (untimed), then
/// `sendChanges()` until the outbox is empty.
private func pushToNewAccount(_ adminURL: String) -> Timed {
  var device: BenchDevice?
  return Timed(
    prepare: {
      device = try BenchDevice(adminURL: adminURL, user: try newUser(adminURL))
      try device!.fill()
    },
    run: {
      let engine = device!.engine
      try blocking { try await engine.sendChanges() }
      guard try engine.pendingChangeCount() == 0 else {
        throw UnexpectedResult(description: "changes left unsent")
      }
    })
}

/// A new account whose server holds the bench rows, sent there by a device of its own.
private func accountWithBenchRows(_ adminURL: String) throws -> String {
  let user = try newUser(adminURL)
  let source = try BenchDevice(adminURL: adminURL, user: user)
  try source.fill()
  let engine = source.engine
  try blocking { try await engine.sendChanges() }
  return user
}

/// Our side of a pull: a new, empty device of `user` (untimed), then `fetchChanges()`.
private func pullIntoNewDevice(_ adminURL: String, user: String) -> Timed {
  var device: BenchDevice?
  return Timed(
    prepare: { device = try BenchDevice(adminURL: adminURL, user: user) },
    run: {
      let engine = device!.engine
      try blocking { try await engine.fetchChanges() }
    })
}

/// `sendChanges()` of 10,000 new rows to an empty account, against raw libpq inserting the same
/// rows in batches of 200 (four columns each) in one transaction.
private func pushWorkload(_ adminURL: String) -> Workload {
  Workload(name: "sync.push-10k-rows") {
    try SyncServer.install(connectionString: adminURL)
    let raw = try RawPostgres(adminURL)
    var table = ""
    let rows = benchRows()
    return Sides(
      ours: pushToNewAccount(adminURL),
      baseline: Timed(
        prepare: {
          table = try raw.table(
            "bench_push_",
            columns: "id text PRIMARY KEY, title text NOT NULL, is_completed int NOT NULL, list_id text",
            replacing: table)
        },
        run: {
          try raw.exec("BEGIN")
          for start in stride(from: 0, to: rows.count, by: 200) {
            let batch = rows[start..<min(start + 200, rows.count)]
            let values = batch.indices.map { index in
              let base = (index - start) * 4
              return "($\(base + 1), $\(base + 2), $\(base + 3)::int, $\(base + 4))"
            }
            let parameters = batch.flatMap { [$0.id, $0.title, $0.isCompleted ? "1" : "0", $0.listID ?? ""] }
            PQclear(try raw.exec("INSERT INTO \(table) VALUES \(values.joined(separator: ", "))", parameters))
          }
          try raw.exec("COMMIT")
        }))
  }
}

/// A row's fields as a record carries them: each column's value with its stamp.
private func serverFields(of row: BenchRow) throws -> String {
  var fields = ["id": row.id as Any, "title": row.title]
  if !row.isList {
    fields["isCompleted"] = row.isCompleted ? 1 : 0
    fields["listID"] = row.listID ?? ""
  }
  let stamped = fields.mapValues { ["stamp": "01a23bb3094b0000", "value": $0] }
  return String(decoding: try JSONSerialization.data(withJSONObject: stamped), as: UTF8.self)
}

/// A new bench device for a same-writes baseline, and a raw SQLite connection to its files, its
/// metadatabase attached, as the engine's writer has them (without the engine's temporary
/// triggers). The connection closes with it.
private final class RawDevice {
  let device: BenchDevice
  let sqlite: OpaquePointer?

  init(_ adminURL: String, user: String) throws {
    device = try BenchDevice(adminURL: adminURL, user: user)
    var sqlite: OpaquePointer?
    let path = device.pool.path
    let opened =
      sqlite3_open(path, &sqlite) == SQLITE_OK
      && sqlite3_exec(
        sqlite,
        "ATTACH '\(SyncEngine.metadatabasePath(forDatabaseAt: path)!)' AS sqlitedata_icloud; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA sqlitedata_icloud.synchronous = NORMAL",
        nil, nil, nil) == SQLITE_OK
    guard opened else {
      defer { sqlite3_close_v2(sqlite) }
      throw UnexpectedResult(description: "raw open failed: \(String(cString: sqlite3_errmsg(sqlite)))")
    }
    self.sqlite = sqlite
  }

  deinit { sqlite3_close_v2(sqlite) }
}

/// Runs a raw SQLite statement to its end, or says why not.
private func step(_ statement: OpaquePointer?, _ sqlite: OpaquePointer?) throws {
  guard sqlite3_step(statement) == SQLITE_DONE else {
    throw UnexpectedResult(description: "raw SQLite failed: \(String(cString: sqlite3_errmsg(sqlite)))")
  }
  sqlite3_reset(statement)
}

/// Runs raw SQLite statements without results, or says why not.
private func execute(_ sql: String, _ sqlite: OpaquePointer?) throws {
  guard sqlite3_exec(sqlite, sql, nil, nil, nil) == SQLITE_OK else {
    throw UnexpectedResult(description: "raw \(sql) failed: \(String(cString: sqlite3_errmsg(sqlite)))")
  }
}

/// `sendChanges()` as in `sync.push-10k-rows`, against raw libpq and raw SQLite doing the writes a
/// push does, one after the other: the records into a table keyed and indexed as the server's
/// records are, a transaction per 500 (each batch is acknowledged once durable), and here each
/// record's metadata (its server place and fields) and the removal of its outbox entry, a
/// transaction per batch.
private func pushSameWritesWorkload(_ adminURL: String) -> Workload {
  Workload(name: "sync.push-10k-rows-same-writes") {
    try SyncServer.install(connectionString: adminURL)
    let user = try newUser(adminURL)
    let raw = try RawPostgres(adminURL)
    let rows = benchRows()
    let fields = try rows.map(serverFields)
    var baseline: RawDevice?
    var table = ""
    return Sides(
      ours: pushToNewAccount(adminURL),
      baseline: Timed(
        prepare: {
          // A device with the rows, their metadata and their queued changes, as ours has them.
          baseline = nil
          baseline = try RawDevice(adminURL, user: user)
          try baseline!.device.fill()
          table = try raw.table(
            "bench_push_writes_",
            columns: """
              owner text NOT NULL, zone text NOT NULL, record_name text NOT NULL, record_type text NOT NULL,
              parent_record_name text, fields jsonb NOT NULL, version bigint NOT NULL,
              PRIMARY KEY (owner, zone, record_name)
              """,
            replacing: table)
          try raw.exec("CREATE INDEX ON \(table) (owner, zone, version, record_name)")
          try raw.exec(
            "CREATE INDEX ON \(table) (owner, zone, parent_record_name) WHERE parent_record_name IS NOT NULL")
        },
        run: {
          let sqlite = baseline!.sqlite
          var storeMetadata: OpaquePointer?
          var dequeue: OpaquePointer?
          sqlite3_prepare_v2(
            sqlite,
            """
            UPDATE "sqlitedata_icloud_metadata" SET
              "lastKnownServerRecord" = json_object('owner', ?3, 'zone', 'sqlitedata.defaultZone',
                'recordName', ?1 || ':' || ?2, 'recordType', ?2, 'parent', ?4, 'version', ?5, 'modifiedBy', ?3),
              "_lastKnownServerRecordAllFields" = ?6, "_serverVersion" = ?5
            WHERE "recordPrimaryKey" = ?1 AND "recordType" = ?2
            """, -1, &storeMetadata, nil)
          sqlite3_prepare_v2(
            sqlite, #"DELETE FROM "sqlitedata_icloud_outbox" WHERE "recordName" = ?1 || ':' || ?2"#, -1,
            &dequeue,
            nil)
          defer { [storeMetadata, dequeue].forEach { sqlite3_finalize($0) } }
          for (batch, start) in stride(from: 0, to: rows.count, by: 500).enumerated() {
            let indices = start..<min(start + 500, rows.count)
            let version = String(batch + 1)
            let values = indices.map { index in
              let base = (index - start) * 5
              return "($1, 'sqlitedata.defaultZone', $\(base + 2), $\(base + 3), nullif($\(base + 4), ''), "
                + "$\(base + 5)::jsonb, $\(base + 6)::bigint)"
            }
            let parameters =
              [user]
              + indices.flatMap { index in
                let row = rows[index]
                let type = row.isList ? "lists" : "reminders"
                return [
                  "\(row.id):\(type)", type, row.listID.map { "\($0):lists" } ?? "", fields[index], version,
                ]
              }
            try raw.exec("BEGIN")
            PQclear(
              try raw.exec(
                "INSERT INTO \(table) (owner, zone, record_name, record_type, parent_record_name, fields, version) VALUES \(values.joined(separator: ", "))",
                parameters))
            try raw.exec("COMMIT")
            try execute("BEGIN IMMEDIATE", sqlite)
            for index in indices {
              let row = rows[index]
              let type = row.isList ? "lists" : "reminders"
              sqlite3_bind_text(storeMetadata, 1, row.id, -1, csqlite_transient())
              sqlite3_bind_text(storeMetadata, 2, type, -1, csqlite_transient())
              sqlite3_bind_text(storeMetadata, 3, user, -1, csqlite_transient())
              if let list = row.listID {
                sqlite3_bind_text(storeMetadata, 4, "\(list):lists", -1, csqlite_transient())
              } else {
                sqlite3_bind_null(storeMetadata, 4)
              }
              sqlite3_bind_int64(storeMetadata, 5, Int64(batch + 1))
              sqlite3_bind_text(storeMetadata, 6, fields[index], -1, csqlite_transient())
              try step(storeMetadata, sqlite)
              sqlite3_bind_text(dequeue, 1, row.id, -1, csqlite_transient())
              sqlite3_bind_text(dequeue, 2, type, -1, csqlite_transient())
              try step(dequeue, sqlite)
            }
            try execute("COMMIT", sqlite)
          }
          var queued: OpaquePointer?
          sqlite3_prepare_v2(sqlite, #"SELECT count(*) FROM "sqlitedata_icloud_outbox""#, -1, &queued, nil)
          defer { sqlite3_finalize(queued) }
          guard sqlite3_step(queued) == SQLITE_ROW, sqlite3_column_int64(queued, 0) == 0 else {
            throw UnexpectedResult(description: "raw writes left changes queued")
          }
        }))
  }
}

/// `fetchChanges()` of an account's 10,000 rows into an empty device, against a raw libpq SELECT
/// of the same rows and raw SQLite inserting them in one transaction.
private func pullWorkload(_ adminURL: String) -> Workload {
  Workload(name: "sync.pull-10k-rows") {
    try SyncServer.install(connectionString: adminURL)
    let user = try accountWithBenchRows(adminURL)
    let raw = try RawPostgres(adminURL)
    let table = try raw.benchRowsTable(withFields: false)
    let directory = try TemporaryDirectory()
    var sqlite: OpaquePointer?
    return Sides(
      ours: pullIntoNewDevice(adminURL, user: user),
      baseline: Timed(
        prepare: {
          if let sqlite { sqlite3_close_v2(sqlite) }
          sqlite3_open(try directory.freshDatabasePath(named: "raw.sqlite"), &sqlite)
          sqlite3_exec(sqlite, "PRAGMA journal_mode = WAL", nil, nil, nil)
          sqlite3_exec(
            sqlite,
            "CREATE TABLE rows (id TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL, isCompleted INTEGER NOT NULL, listID TEXT) STRICT",
            nil, nil, nil)
        },
        run: {
          let result = try raw.exec("SELECT id, title, is_completed, list_id FROM \(table)")
          defer { PQclear(result) }
          var statement: OpaquePointer?
          try execute("BEGIN IMMEDIATE", sqlite)
          sqlite3_prepare_v2(sqlite, "INSERT INTO rows VALUES (?, ?, ?, ?)", -1, &statement, nil)
          for row in 0..<PQntuples(result) {
            for column in 0..<Int32(4) {
              let value = PQgetvalue(result, row, column)!
              if column == 2 {
                sqlite3_bind_int64(statement, 3, Int64(atoi(value)))
              } else {
                sqlite3_bind_text(statement, column + 1, value, -1, csqlite_transient())
              }
            }
            try step(statement, sqlite)
          }
          sqlite3_finalize(statement)
          try execute("COMMIT", sqlite)
        }))
  }
}

/// `fetchChanges()` as in `sync.pull-10k-rows`, against raw libpq and raw SQLite doing the writes
/// a pull does here: each record's row and its metadata row (its server place as JSON, its fields
/// as the server sends them), a transaction per 1,000 records as the pull's pages. What separates
/// the two is this library's own cost; what separates this baseline from the plain one is the
/// metadata a synced row keeps.
private func pullSameWritesWorkload(_ adminURL: String) -> Workload {
  Workload(name: "sync.pull-10k-rows-same-writes") {
    try SyncServer.install(connectionString: adminURL)
    let user = try accountWithBenchRows(adminURL)
    let raw = try RawPostgres(adminURL)
    let table = try raw.benchRowsTable(withFields: true)
    var baseline: RawDevice?
    return Sides(
      ours: pullIntoNewDevice(adminURL, user: user),
      baseline: Timed(
        prepare: {
          // A new device's files, with the engine's schema: the metadatabase and its indexes.
          baseline = nil
          baseline = try RawDevice(adminURL, user: user)
        },
        run: {
          let sqlite = baseline!.sqlite
          let result = try raw.exec("SELECT id, title, is_completed, list_id, fields FROM \(table)")
          defer { PQclear(result) }
          var insertList: OpaquePointer?
          var insertReminder: OpaquePointer?
          var insertMetadata: OpaquePointer?
          sqlite3_prepare_v2(sqlite, #"INSERT INTO "lists" VALUES (?, ?)"#, -1, &insertList, nil)
          sqlite3_prepare_v2(
            sqlite, #"INSERT INTO "reminders" VALUES (?, ?, ?, ?)"#, -1, &insertReminder, nil)
          sqlite3_prepare_v2(
            sqlite,
            """
            INSERT INTO "sqlitedata_icloud_metadata"
              ("recordPrimaryKey", "recordType", "zoneName", "ownerName", "parentRecordPrimaryKey", "parentRecordType",
               "lastKnownServerRecord", "_lastKnownServerRecordAllFields", "_serverVersion", "userModificationTime", "_isDeleted")
            VALUES (?1, ?2, 'sqlitedata.defaultZone', '\(CKCurrentUserDefaultName)', ?3, ?4,
              json_object('owner', ?5, 'zone', 'sqlitedata.defaultZone', 'recordName', ?1 || ':' || ?2, 'recordType', ?2,
                'parent', ?3 || ':' || ?4, 'version', 1, 'modifiedBy', ?5),
              ?6, 1, 117000000000000, 0)
            """, -1, &insertMetadata, nil)
          defer { [insertList, insertReminder, insertMetadata].forEach { sqlite3_finalize($0) } }
          let rows = PQntuples(result)
          for row in 0..<rows {
            if row % 1000 == 0 { try execute("BEGIN IMMEDIATE", sqlite) }
            let isList = PQgetisnull(result, row, 3) == 1 || PQgetlength(result, row, 3) == 0
            let insert = isList ? insertList : insertReminder
            sqlite3_bind_text(insert, 1, PQgetvalue(result, row, 0), -1, csqlite_transient())
            sqlite3_bind_text(insert, 2, PQgetvalue(result, row, 1), -1, csqlite_transient())
            if !isList {
              sqlite3_bind_int64(insert, 3, Int64(atoi(PQgetvalue(result, row, 2))))
              sqlite3_bind_text(insert, 4, PQgetvalue(result, row, 3), -1, csqlite_transient())
            }
            try step(insert, sqlite)
            sqlite3_bind_text(insertMetadata, 1, PQgetvalue(result, row, 0), -1, csqlite_transient())
            sqlite3_bind_text(insertMetadata, 2, isList ? "lists" : "reminders", -1, csqlite_transient())
            if isList {
              sqlite3_bind_null(insertMetadata, 3)
              sqlite3_bind_null(insertMetadata, 4)
            } else {
              sqlite3_bind_text(insertMetadata, 3, PQgetvalue(result, row, 3), -1, csqlite_transient())
              sqlite3_bind_text(insertMetadata, 4, "lists", -1, csqlite_transient())
            }
            sqlite3_bind_text(insertMetadata, 5, user, -1, csqlite_transient())
            sqlite3_bind_text(insertMetadata, 6, PQgetvalue(result, row, 4), -1, csqlite_transient())
            try step(insertMetadata, sqlite)
            if row % 1000 == 999 || row == rows - 1 { try execute("COMMIT", sqlite) }
          }
        }))
  }
}

/// From the commit of a changed title on one device until a live query on the other device of
/// the same user has it, both engines running in the background (push after the commit, pull on
/// the server's notification). `fromAnotherConnection`: the commit comes from another connection
/// to the sender's files (as a command-line tool's does), which its running engine hears of.
private func latencyWorkload(_ adminURL: String, fromAnotherConnection: Bool = false) -> Workload {
  Workload(
    name: fromAnotherConnection
      ? "sync.other-connection-commit-to-other-device" : "sync.commit-to-other-device",
    unit: .milliseconds, iterationScale: 10
  ) {
    try SyncServer.install(connectionString: adminURL)
    let user = try newUser(adminURL)
    let sender = try BenchDevice(adminURL: adminURL, user: user, start: true)
    let receiver = try BenchDevice(adminURL: adminURL, user: user, start: true)
    try sender.pool.write { db in
      try db.execute(sql: #"INSERT INTO "lists" VALUES ('L', 'List')"#)
      try db.execute(sql: #"INSERT INTO "reminders" VALUES ('R', 'v0', 0, 'L')"#)
    }
    let seen = Mutex<(title: String, at: ContinuousClock.Instant)>(("", .now))
    let arrived = NSCondition()
    let observation = ValueObservation.tracking { db in
      try String.fetchOne(db, sql: #"SELECT "title" FROM "reminders" WHERE "id" = 'R'"#)
    }
    .start(in: receiver.pool, onError: { _ in }) { title in
      let now = ContinuousClock.now
      seen.withLock { $0 = (title ?? "", now) }
      arrived.lock()
      arrived.broadcast()
      arrived.unlock()
    }
    let writer =
      fromAnotherConnection ? try BenchDevice(connectingTo: sender, adminURL: adminURL, user: user) : sender
    let committed = Mutex<ContinuousClock.Instant>(.now)
    let commits = writer.pool.observeCommits { _ in committed.withLock { $0 = .now } }
    var version = 0
    func waitFor(_ title: String) throws {
      let deadline = Date().addingTimeInterval(20)
      arrived.lock()
      defer { arrived.unlock() }
      while seen.withLock({ $0.title }) != title {
        guard arrived.wait(until: deadline) else {
          throw UnexpectedResult(description: "\(title) never arrived")
        }
      }
    }
    try waitFor("v0")
    return Sides(
      ours: .measuring({
        version += 1
        let title = "v\(version)"
        try writer.pool.write { db in
          try db.execute(sql: #"UPDATE "reminders" SET "title" = ? WHERE "id" = 'R'"#, arguments: [title])
        }
        try waitFor(title)
        withExtendedLifetime((observation, commits, sender, receiver, writer)) {}
        return seen.withLock { $0.at } - committed.withLock { $0 }
      }),
      baseline: nil)
  }
}
