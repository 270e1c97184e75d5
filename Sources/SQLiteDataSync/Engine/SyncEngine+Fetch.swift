import Foundation
import SQLiteEngine

extension SyncEngine {
  /// Pulls every readable zone that moved since its token, a page at a time. Each page is
  /// applied in one transaction with its new token, so a crash between pages loses nothing and
  /// a page applied twice changes nothing.
  func fetch(as account: CloudAccount) async throws {
    guard let cloud else { throw CloudError.noAccount }
    // A server not upgraded for sharing still syncs; its shares are none.
    let shares: [CKShare]?
    do {
      shares = try await cloud.shares()
    } catch CloudError.incompatibleServer {
      shares = nil
    }
    if let shares {
      try await writeAsEngine(as: account) { db in
        try self.readWholeZones(ofNew: shares, account: account, db)
      }
    }
    let zones = try await cloud.fetchDatabaseChanges(since: 0).zones
    for zone in zones {
      var token = try await database.writeWithoutTransaction { db in
        try Int64.fetchOne(
          db,
          sql:
            #"SELECT "version" FROM "sqlitedata_icloud_zoneTokens" WHERE "ownerName" = ? AND "zoneName" = ?"#,
          arguments: [zone.owner, zone.zone]) ?? 0
      }
      // A zone behind this device's token was reset or restored from a backup: read it whole.
      // What this device had sent after that point is gone from the server: it is sent again.
      if zone.version < token {
        token = 0
        let owner = localOwner(zone.owner, account)
        try await writeAsEngine(as: account) { db in
          try db.execute(
            sql: #"DELETE FROM "sqlitedata_icloud_zoneTokens" WHERE "ownerName" = ? AND "zoneName" = ?"#,
            arguments: [zone.owner, zone.zone])
          try db.execute(
            sql: """
              UPDATE "sqlitedata_icloud_metadata" SET "_serverVersion" = NULL, "lastKnownServerRecord" = NULL
              WHERE "ownerName" = ? AND "zoneName" = ? AND "_serverVersion" > ?
              """, arguments: [owner, zone.zone, zone.version])
          try db.execute(
            sql: """
              INSERT INTO "sqlitedata_icloud_outbox" ("recordName", "recordPrimaryKey", "recordType", "operation", "enqueuedAt")
              SELECT "recordName", "recordPrimaryKey", "recordType", CASE WHEN "_isDeleted" THEN 'delete' ELSE 'save' END,
                "userModificationTime"
              FROM "sqlitedata_icloud_metadata"
              WHERE "ownerName" = ? AND "zoneName" = ? AND "_serverVersion" IS NULL
              ON CONFLICT ("recordName") DO NOTHING
              """, arguments: [owner, zone.zone])
        }
      }
      guard zone.version > token else { continue }
      // The next page is fetched while this one is applied: the server and this device's
      // database work side by side. A page's token is still stored only with the page.
      let fetchPage = { @Sendable (since: Int64) in
        Task { try await cloud.fetchZoneChanges(zone.id, since: since, limit: Self.pageLimit) }
      }
      var nextPage = fetchPage(token)
      defer { nextPage.cancel() }
      while true {
        let page = try await nextPage.value
        if page.more { nextPage = fetchPage(page.version) }
        let received = try await writeAsEngine(as: account) { db in
          var received = try self.apply(page, of: zone.id, account: account, db)
          // Records that left a share this user reads (the owner keeps them).
          if zone.owner != account.user {
            for name in page.exits { try self.purgeSubtree(of: name, db) }
            received += page.exits.count
          }
          return received
        }
        token = page.version
        if received > 0 { update { $0.receivedRecordCount += received } }
        if !page.more { break }
        CrashPoint.pageApplied.reached()
      }
    }
    if let shares {
      try await writeAsEngine(as: account) { db in try self.reconcile(shares, account: account, db) }
    }
  }

  /// Applies a page; returns how many of its records changed something here.
  private func apply(_ page: ZoneChanges, of zone: ZoneID, account: CloudAccount, _ db: Database) throws
    -> Int
  {
    // Deletions leaves first, then saves roots first, so that each write finds its parent;
    // records of a table keep their order. Each record's place is looked up once, not in every
    // comparison of a sort.
    let rank = Dictionary(uniqueKeysWithValues: tables.enumerated().map { ($1.name, $0) })
    let order = page.records.indices.map { index in
      let record = page.records[index]
      let tableRank = rank[record.recordType] ?? 0
      return (key: record.deleted ? -1 - tableRank : tableRank, index: index)
    }
    .sorted { ($0.key, $0.index) < ($1.key, $1.index) }
    let known = try recordsKnownHere(page.records, db)
    var applied = 0
    for (_, index) in order {
      let record = page.records[index]
      if !record.deleted, !known.contains(record.recordName), try insertNew(record, account: account, db) {
        applied += 1
      } else if try integrateOrBuffer(record, account: account, db) {
        applied += 1
      }
    }
    try retryBuffered(account: account, db)
    try db.execute(
      sql: """
        INSERT INTO "sqlitedata_icloud_zoneTokens" ("ownerName", "zoneName", "version") VALUES (?, ?, ?)
        ON CONFLICT ("ownerName", "zoneName") DO UPDATE SET "version" = max("version", excluded."version")
        """, arguments: [zone.owner, zone.zone, page.version])
    try db.execute(
      sql: #"UPDATE "sqlitedata_icloud_account" SET "clock" = max("clock", ?)"#,
      arguments: [clock.latest.rawValue])
    return applied
  }

  /// The records of a page that this device knows in any way: with metadata, queued to be
  /// sent, or waiting for their parent. One query for the page, so that the rest (most of a
  /// first download) can skip the per-record reads of `integrate`.
  private func recordsKnownHere(_ records: [ServerRecord], _ db: Database) throws -> Set<String> {
    guard !records.isEmpty else { return [] }
    return Set(
      try String.fetchAll(
        db,
        sql: """
          SELECT "value" FROM json_each(?) WHERE
            EXISTS (SELECT 1 FROM "sqlitedata_icloud_metadata" WHERE "recordName" = "value")
            OR EXISTS (SELECT 1 FROM "sqlitedata_icloud_outbox" WHERE "recordName" = "value")
            OR EXISTS (SELECT 1 FROM "sqlitedata_icloud_unsyncedRecordIDs" WHERE "recordName" = "value")
          """, arguments: [WireJSON.encode(records.map(\.recordName))]))
  }

  /// Inserts a live record this device does not know (see `recordsKnownHere`): what `integrate`
  /// would do for it, without reading what is not there. Whether it was inserted; when not (a
  /// row already here under its key, a parent not here, a value the table refuses), nothing
  /// was written, and the record takes `integrateOrBuffer`.
  private func insertNew(_ record: ServerRecord, account: CloudAccount, _ db: Database) throws -> Bool {
    guard let table = tablesByName[record.recordType] else { return false }
    let (primaryKey, _) = RecordName.split(record.recordName)
    do {
      try table.insert(db, primaryKey: primaryKey, from: record)
    } catch is DatabaseError {
      return false
    }
    clock.observe(record.newestFieldStamp)
    try RecordMetadata.storeServerRecord(
      db, record, ownerName: localOwner(record.owner, account), markingAlive: true)
    return true
  }

  /// Applies a record, or keeps it for later when its parent has not arrived yet.
  /// Whether the record changed a row here (false: this device had it already, or it waits).
  @discardableResult
  func integrateOrBuffer(_ record: ServerRecord, account: CloudAccount, forced: Bool = false, _ db: Database)
    throws -> Bool
  {
    var applied = false
    do {
      try db.inSavepoint {
        applied = try integrate(record, account: account, forced: forced, db)
        return .commit
      }
      try db.execute(
        sql: #"DELETE FROM "sqlitedata_icloud_unsyncedRecordIDs" WHERE "recordName" = ?"#,
        arguments: [record.recordName])
    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY {
      // The row's parent is not here (yet, or any more: this device deleted it). A delete
      // pending here loses to the server's copy, which is newer or it would not be applied: the
      // record waits for its parent, and the parent's delete, refused by the server while the
      // record lives, brings the parent back.
      if try String.fetchOne(
        db, sql: #"SELECT "operation" FROM "sqlitedata_icloud_outbox" WHERE "recordName" = ?"#,
        arguments: [record.recordName]) == "delete"
      {
        try dequeue(db, record.recordName)
        try RecordMetadata.delete(db, recordName: record.recordName)
      }
      try db.execute(
        sql: """
          INSERT INTO "sqlitedata_icloud_unsyncedRecordIDs" ("recordName", "zoneName", "ownerName", "record")
          VALUES (?, ?, ?, ?)
          ON CONFLICT ("recordName") DO UPDATE SET "record" = excluded."record"
          """, arguments: [record.recordName, record.zone, record.owner, WireJSON.encode(record)])
    } catch let error as DatabaseError {
      // A value this schema cannot hold: the record is skipped, the rest of the page applies.
      report(.skipped(recordName: record.recordName, reason: error.message))
    }
    return applied
  }

  /// Applies buffered records whose parents have arrived, until a pass applies none.
  func retryBuffered(account: CloudAccount, _ db: Database) throws {
    while true {
      let buffered = try String.fetchAll(
        db, sql: #"SELECT "record" FROM "sqlitedata_icloud_unsyncedRecordIDs""#)
      guard !buffered.isEmpty else { return }
      var applied = 0
      for json in buffered {
        let record = try WireJSON.decode(ServerRecord.self, from: json)
        try integrateOrBuffer(record, account: account, db)
        if try Int.fetchOne(
          db, sql: #"SELECT count(*) FROM "sqlitedata_icloud_unsyncedRecordIDs" WHERE "recordName" = ?"#,
          arguments: [record.recordName]) == 0
        {
          applied += 1
        }
      }
      if applied == 0 { return }
    }
  }

  /// Brings one server record into the local database, merged with what this device has not
  /// sent yet. `forced` applies it even if this device has seen its version (a record fetched
  /// again after the server refused a change).
  @discardableResult
  func integrate(_ record: ServerRecord, account: CloudAccount, forced: Bool, _ db: Database) throws -> Bool {
    guard let table = tablesByName[record.recordType] else {
      report(
        .skipped(
          recordName: record.recordName, reason: "no synchronized table '\(record.recordType)' on this device"
        ))
      return false
    }
    let (primaryKey, _) = RecordName.split(record.recordName)
    let metadata = try RecordMetadata.fetch(db, recordName: record.recordName)
    if !forced, let known = metadata?.serverVersion, let version = record.version, known >= version {
      return false
    }
    // The record as it was in a zone this device moved it out of: the move is this device's word.
    if let metadata,
      metadata.zoneName != record.zone || metadata.ownerName != localOwner(record.owner, account)
    {
      return false
    }
    clock.observe(record.newestFieldStamp)
    if let deletedStamp = record.deletedStamp { clock.observe(deletedStamp) }
    let owner = localOwner(record.owner, account)
    let pending = try String.fetchOne(
      db, sql: #"SELECT "operation" FROM "sqlitedata_icloud_outbox" WHERE "recordName" = ?"#,
      arguments: [record.recordName])
    let local = try table.row(db, primaryKey: primaryKey)
    let serverRow = table.values(of: record)

    if pending == "save", let metadata, let local {
      if record.deleted {
        if metadata.userModificationTime > (record.deletedStamp ?? .zero) {
          // Edited after the deletion: the record comes back, whole, when this device sends it.
          try RecordMetadata.storeServerRecord(db, record, ownerName: owner)
        } else {
          try table.deleteRow(db, primaryKey: primaryKey)
          try RecordMetadata.delete(db, recordName: record.recordName)
        }
        return true
      }
      let outcome = RecordMerge.merge(
        local: local, localStamp: metadata.userModificationTime, base: metadata.baseFields,
        server: record.fields,
        columns: table.columns)
      if outcome.row != local { try table.upsert(db, primaryKey: primaryKey, values: outcome.row) }
      try RecordMetadata.storeServerRecord(db, record, ownerName: owner)
      if !outcome.localWins { try dequeue(db, record.recordName) }
      return outcome.row != local
    }

    if pending == "delete", let metadata {
      if record.deleted {
        try dequeue(db, record.recordName)
        try RecordMetadata.delete(db, recordName: record.recordName)
      } else if metadata.userModificationTime > record.newestFieldStamp {
        // Deleted after the server's last edit: the delete stands, sent against this version.
        try RecordMetadata.storeServerRecord(db, record, ownerName: owner)
      } else {
        try table.upsert(db, primaryKey: primaryKey, values: serverRow)
        try RecordMetadata.storeServerRecord(db, record, ownerName: owner, markingAlive: true)
        try dequeue(db, record.recordName)
      }
      return true
    }

    if record.deleted {
      if local != nil {
        // Rows under this one that this device changed after the deletion (a reminder added to
        // a list deleted elsewhere, or edited in it) keep it: it comes back, as it would had
        // this device sent them first (the server refuses to delete a parent with live children).
        if try deletionTakesNewerWork(table, primaryKey: primaryKey, after: record.deletedStamp ?? .zero, db)
        {
          try RecordMetadata.storeServerRecord(db, record, ownerName: owner)
          try sendBack(record.recordName, primaryKey: primaryKey, type: table.name, db)
          return false
        }
        try table.deleteRow(db, primaryKey: primaryKey)
      }
      try RecordMetadata.delete(db, recordName: record.recordName)
      try dequeue(db, record.recordName)
      return local != nil
    }
    // A record re-stamped by the server (its share changed) with the same values moves nothing.
    let changes = local.map { local in serverRow.contains { local[$0.key] != $0.value } } ?? true
    if changes { try table.upsert(db, primaryKey: primaryKey, values: serverRow) }
    try RecordMetadata.storeServerRecord(db, record, ownerName: owner, markingAlive: true)
    return changes
  }

  /// Whether deleting the row would take with it (by its foreign keys' cascades) a row whose
  /// change, queued here, is newer than `stamp`. Tried in a savepoint and rolled back, counting
  /// the rows of those changes before and after; the changes are read first (the cascade takes
  /// their entries too), and only in the tables a deletion here can cascade to.
  private func deletionTakesNewerWork(
    _ table: SyncedTable, primaryKey: String, after stamp: HLCStamp, _ db: Database
  ) throws -> Bool {
    guard let reached = cascadeTargets[table.name], !reached.isEmpty else { return false }
    var queued: [String: [String]] = [:]
    for row in try Row.fetchAll(
      db,
      sql: """
        SELECT "recordType", "recordPrimaryKey" FROM "sqlitedata_icloud_outbox"
        WHERE "operation" = 'save' AND "enqueuedAt" > ? AND "recordType" IN (SELECT "value" FROM json_each(?))
        """, arguments: [stamp.rawValue, WireJSON.encode(reached.sorted())])
    {
      queued[try row.decode(String.self, at: 0), default: []].append(try row.decode(String.self, at: 1))
    }
    guard !queued.isEmpty else { return false }
    func present() throws -> Int {
      try queued.reduce(0) { count, entry in
        guard let queuedTable = tablesByName[entry.key] else { return count }
        return count
          + (try Int.fetchOne(
            db,
            sql: """
              SELECT count(*) FROM json_each(?) WHERE EXISTS (SELECT 1 FROM "main".\(quoted(queuedTable.name))
                WHERE CAST(\(quoted(queuedTable.primaryKey)) AS TEXT) = "value")
              """, arguments: [WireJSON.encode(entry.value)]) ?? 0)
      }
    }
    let before = try present()
    var takesNewerWork = false
    try db.inSavepoint {
      try table.deleteRow(db, primaryKey: primaryKey)
      takesNewerWork = try present() < before
      return .rollback
    }
    return takesNewerWork
  }

  /// Queues a row this device keeps against the server's deletion of it, to be sent whole, as
  /// changed now: the server brings its record back.
  func sendBack(_ recordName: String, primaryKey: String, type: String, _ db: Database) throws {
    let stamp = clock.tick()
    try db.execute(
      sql: """
        UPDATE "sqlitedata_icloud_metadata" SET "userModificationTime" = ?, "_isDeleted" = 0
        WHERE "recordName" = ?
        """, arguments: [stamp.rawValue, recordName])
    try db.execute(
      sql: """
        INSERT INTO "sqlitedata_icloud_outbox" ("recordName", "recordPrimaryKey", "recordType", "operation", "enqueuedAt")
        VALUES (?, ?, ?, 'save', ?)
        ON CONFLICT ("recordName") DO UPDATE SET "operation" = 'save', "enqueuedAt" = excluded."enqueuedAt"
        """, arguments: [recordName, primaryKey, type, stamp.rawValue])
  }

  func report(_ problem: SyncProblem) {
    update { state in
      state.problems.append(problem)
      if state.problems.count > 100 { state.problems.removeFirst(state.problems.count - 100) }
    }
  }
}

/// Something the engine could not apply, kept for the app to show (the last hundred).
public enum SyncProblem: Hashable, Sendable, CustomStringConvertible {
  /// A record from the server that this device cannot hold: the rest was applied.
  case skipped(recordName: String, reason: String)

  public var description: String {
    switch self {
    case .skipped(let recordName, let reason): "Skipped the record \(recordName) from the server: \(reason)."
    }
  }
}
