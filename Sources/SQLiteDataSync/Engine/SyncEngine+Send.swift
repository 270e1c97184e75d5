import Foundation
import SQLiteEngine

/// A batch on its way to the server, kept in the metadatabase until its results are applied.
struct PendingBatch: Sendable {
  var batchID: UUID
  var saves: [RecordSave]
  var deletes: [RecordDelete]
  /// The outbox stamp of each record when the batch was made: a record changed again since
  /// stays queued after the batch is acknowledged.
  var stamps: [String: Int64]
  /// Records moved to another zone: their deletes remove them from the zone they left.
  var moves: [String] = []
}

extension PendingBatch: WireCodable {
  func write(to json: inout JSONWriter) {
    json.beginObject()
    json.key("batchID")
    batchID.write(to: &json)
    json.key("saves")
    saves.write(to: &json)
    json.key("deletes")
    deletes.write(to: &json)
    json.key("stamps")
    stamps.write(to: &json)
    json.key("moves")
    moves.write(to: &json)
    json.endObject()
  }

  init(wire json: JSONValue) throws {
    let object = try JSONObject(json, "a pending batch")
    self.init(
      batchID: try object.decode("batchID"), saves: try object.decode("saves"),
      deletes: try object.decode("deletes"),
      stamps: try object.decode("stamps"), moves: try object.decodeIfPresent("moves") ?? [])
  }
}

extension SyncEngine {
  /// Sends the outbox a batch at a time until it is empty or a round changes nothing.
  ///
  /// While the server works on a batch, the next one is made; when every record of a batch is
  /// answered saved or deleted, the next goes to the server before this one's answer is applied.
  /// Any other answer may change what the next batch should hold (a parent to send again, a
  /// record to take back), so that next batch, not sent yet, is dropped and made again after the
  /// answer is applied. The server thus sees batches one at a time and in order, as before.
  /// Returns false when there was nothing to send (the server was not asked anything).
  @discardableResult
  func send(as account: CloudAccount) async throws -> Bool {
    guard let cloud else { throw CloudError.noAccount }
    try await endSharesOfDeletedRoots(as: account)
    try await writeAsEngine { db in try self.followParentsToTheirZones(db) }
    let sendBatch = { @Sendable (batch: PendingBatch) in
      Task {
        try await cloud.modifyRecords(batchID: batch.batchID, saves: batch.saves, deletes: batch.deletes)
      }
    }
    guard var current = try await writeAsEngine({ db in try self.nextBatch(db, account: account) }) else {
      return false
    }
    CrashPoint.batchStored.reached()
    var reply = sendBatch(current.batch)
    // Bounded, so that a record that keeps conflicting cannot hold the engine: the rest waits
    // for the next pass.
    for round in 1...Self.sendRoundLimit {
      // A batch found stored (from before a restart) may have reached the server already: the
      // next is made only after its answer. A batch that took the whole outbox has no next.
      let sending = current.batch
      let next =
        current.isNew && current.outboxHadMore && round < Self.sendRoundLimit
        ? try await writeAsEngine { db in try self.nextBatch(db, account: account, after: sending) } : nil
      let results: [RecordResult]
      do {
        results = try await reply.value
      } catch {
        if let next { try await writeAsEngine { db in try self.drop(next.batch, db) } }
        throw error
      }
      CrashPoint.batchCommittedOnServer.reached()
      let plain = results.allSatisfy { $0.status == .saved || $0.status == .deleted }
      let nextReply = plain ? next.map { sendBatch($0.batch) } : nil
      if !plain, let next { try await writeAsEngine { db in try self.drop(next.batch, db) } }
      let followUp = try await writeAsEngine { db in
        try self.apply(results, of: sending, account: account, db)
      }
      if !followUp.refetch.isEmpty {
        let records = try await cloud.fetchRecords(followUp.refetch)
        // What the server does not show this user is not theirs to have (a save it refused).
        let gone = Set(followUp.refetch.map(\.recordName)).subtracting(records.map(\.recordName))
        try await writeAsEngine { db in
          for record in records { try self.integrateOrBuffer(record, account: account, forced: true, db) }
          for name in gone { try self.purgeSubtree(of: name, db) }
          try self.retryBuffered(account: account, db)
        }
      }
      if !followUp.missingParents.isEmpty {
        let parents = try await cloud.fetchRecords(followUp.missingParents.map(\.parent))
        let known = Dictionary(parents.map { ($0.recordName, $0) }) { first, _ in first }
        try await writeAsEngine { db in
          for (child, parent) in followUp.missingParents {
            if let record = known[parent.recordName] {
              // Deleted before the child's change: the parent this device still has comes back,
              // as when the child reached the server first. Else the child follows its ON DELETE.
              if try self.keepsParent(record, ofNewerChild: child, account: account, db) { continue }
              try self.parentVanished(child, db)
            } else {
              try self.sendAgain(parent.recordName, db)
            }
          }
        }
      }
      if let next, let nextReply {
        current = next
        reply = nextReply
      } else if followUp.madeProgress, round < Self.sendRoundLimit,
        let made = try await writeAsEngine({ db in try self.nextBatch(db, account: account) })
      {
        current = made
        CrashPoint.batchStored.reached()
        reply = sendBatch(made.batch)
      } else {
        return true
      }
    }
    return true
  }

  /// Forgets a stored batch: once its answer is applied, or when it was made and never sent (its
  /// records are still queued).
  private func drop(_ batch: PendingBatch, _ db: Database) throws {
    try db.execute(
      sql: #"DELETE FROM "sqlitedata_icloud_pendingBatch" WHERE "batchID" = ?"#,
      arguments: [batch.batchID.uuidString])
  }

  /// When the server's deletion of `record` is older than the change of `child` queued here, and
  /// this device still has the parent's row: queues the parent to be sent back, and true.
  private func keepsParent(
    _ record: ServerRecord, ofNewerChild child: String, account: CloudAccount, _ db: Database
  ) throws -> Bool {
    let (primaryKey, type) = RecordName.split(record.recordName)
    guard record.deleted, let table = tablesByName[type], try table.row(db, primaryKey: primaryKey) != nil,
      let childChange = try RecordMetadata.fetch(db, recordName: child)?.userModificationTime,
      childChange > (record.deletedStamp ?? .zero)
    else { return false }
    clock.observe(record.deletedStamp ?? .zero)
    try RecordMetadata.storeServerRecord(db, record, ownerName: localOwner(record.owner, account))
    try sendBack(record.recordName, primaryKey: primaryKey, type: type, db)
    return true
  }

  /// Queues a record the server does not have (it lost it) to be created again, when this
  /// device still has its row; otherwise its children follow their ON DELETE.
  private func sendAgain(_ recordName: String, _ db: Database) throws {
    let (primaryKey, type) = RecordName.split(recordName)
    guard let table = tablesByName[type], try table.row(db, primaryKey: primaryKey) != nil,
      let metadata = try RecordMetadata.fetch(db, recordName: recordName)
    else { return }
    try RecordMetadata.setServerVersion(db, recordName: recordName, nil)
    try db.execute(
      sql: """
        INSERT INTO "sqlitedata_icloud_outbox" ("recordName", "recordPrimaryKey", "recordType", "operation", "enqueuedAt")
        VALUES (?, ?, ?, 'save', ?)
        ON CONFLICT ("recordName") DO UPDATE SET "operation" = 'save'
        """,
      arguments: [recordName, primaryKey, type, metadata.userModificationTime.rawValue])
  }

  /// Batches sent per `sendChanges()`, at most.
  static let sendRoundLimit = 50

  /// The batch to send: one stored before a restart (perhaps sent already), or a new one from
  /// the outbox (saves parents first, then deletes children first), recorded before it is sent.
  /// `after`: the batch at the server, whose records the new one leaves out.
  private func nextBatch(_ db: Database, account: CloudAccount, after inFlight: PendingBatch? = nil) throws
    -> NextBatch?
  {
    if inFlight == nil,
      let request = try String.fetchOne(
        db, sql: #"SELECT "request" FROM "sqlitedata_icloud_pendingBatch" ORDER BY "rowid" LIMIT 1"#)
    {
      return NextBatch(batch: try WireJSON.decode(PendingBatch.self, from: request), isNew: false)
    }
    // Saves a table at a time, parents first, then deletes, children first; each oldest first.
    // Records of tables this engine does not sync (any more) come last, to be dropped below.
    let sending = WireJSON.encode(inFlight.map { Array($0.stamps.keys) } ?? [])
    var entries: [Row] = []
    for (operation, table) in tables.map({ ("save", $0.name) })
      + tables.reversed().map({ ("delete", $0.name) })
    {
      guard entries.count < Self.batchLimit else { break }
      entries += try Row.fetchAll(
        db,
        sql: """
          SELECT "recordName", "recordPrimaryKey", "recordType", "operation", "enqueuedAt"
          FROM "sqlitedata_icloud_outbox"
          WHERE "operation" = ? AND "recordType" = ? AND "recordName" NOT IN (SELECT "value" FROM json_each(?))
          ORDER BY "enqueuedAt" LIMIT ?
          """, arguments: [operation, table, sending, Self.batchLimit - entries.count])
    }
    if entries.count < Self.batchLimit {
      entries += try Row.fetchAll(
        db,
        sql: """
          SELECT "recordName", "recordPrimaryKey", "recordType", "operation", "enqueuedAt"
          FROM "sqlitedata_icloud_outbox"
          WHERE "recordType" NOT IN (SELECT "value" FROM json_each(?))
            AND "recordName" NOT IN (SELECT "value" FROM json_each(?))
          ORDER BY "enqueuedAt" LIMIT ?
          """, arguments: [WireJSON.encode(tables.map(\.name)), sending, Self.batchLimit - entries.count])
    }
    // The entries' metadata, and the rows of those to save, read a table at a time.
    let metadataByName = try RecordMetadata.fetchAll(
      db, recordNames: try entries.map { try $0.decode(at: 0) })
    var savedKeys: [String: [String]] = [:]
    for entry in entries where try entry.decode(String.self, at: 3) == "save" {
      savedKeys[try entry.decode(String.self, at: 2), default: []].append(try entry.decode(at: 1))
    }
    var rowsByType: [String: [String: [String: DatabaseValue]]] = [:]
    for (type, keys) in savedKeys {
      rowsByType[type] = try tablesByName[type]?.rows(db, primaryKeys: keys)
    }
    var batch = PendingBatch(batchID: UUID(), saves: [], deletes: [], stamps: [:])
    for entry in entries {
      let recordName = try entry.decode(String.self, at: 0)
      let primaryKey = try entry.decode(String.self, at: 1)
      let type = try entry.decode(String.self, at: 2)
      let operation = try entry.decode(String.self, at: 3)
      guard let metadata = metadataByName[recordName], let table = tablesByName[type] else {
        try dequeue(db, recordName)
        continue
      }
      let id = RecordID(
        owner: metadata.ownerName == CaptureTriggers.defaultOwner ? account.user : metadata.ownerName,
        zone: metadata.zoneName, recordName: recordName)
      if operation == "delete" {
        batch.deletes.append(
          RecordDelete(
            id: id, baseVersion: metadata.serverVersion, deletedStamp: metadata.userModificationTime))
      } else {
        guard let row = rowsByType[type]?[primaryKey] else {
          try dequeue(db, recordName)
          continue
        }
        let fields = RecordMerge.outgoingFields(
          row: row, base: metadata.baseFields, stamp: metadata.userModificationTime)
        var record = ServerRecord(
          id: id, recordType: table.name,
          parent: try table.parentRecordName(of: row, db, primaryKey: primaryKey),
          fields: fields)
        // Encoded once: the batch is kept, sent, and its saves stored as the new base.
        record.encodedFields.text = WireJSON.encode(fields)
        if let version = metadata.serverVersion, let owner = metadata.serverOwner,
          let zone = metadata.serverZone,
          owner != id.owner || zone != id.zone
        {
          // Moved to another zone: created there, deleted from the zone it left.
          batch.saves.append(RecordSave(record: record, baseVersion: nil))
          batch.deletes.append(
            RecordDelete(
              id: RecordID(owner: owner, zone: zone, recordName: recordName), baseVersion: version,
              deletedStamp: metadata.userModificationTime))
          batch.moves.append(recordName)
        } else {
          batch.saves.append(RecordSave(record: record, baseVersion: metadata.serverVersion))
        }
      }
      batch.stamps[recordName] = try entry.decode(Int64.self, at: 4)
    }
    guard !batch.saves.isEmpty || !batch.deletes.isEmpty else { return nil }
    try db.execute(
      sql: #"INSERT INTO "sqlitedata_icloud_pendingBatch" ("batchID", "request") VALUES (?, ?)"#,
      arguments: [batch.batchID.uuidString, WireJSON.encode(batch)])
    return NextBatch(batch: batch, isNew: true, outboxHadMore: entries.count == Self.batchLimit)
  }

  struct NextBatch {
    var batch: PendingBatch
    /// Made now, not found stored from before a restart.
    var isNew: Bool
    /// The batch is full: the outbox may hold more.
    var outboxHadMore = true
  }

  struct SendFollowUp: Sendable {
    /// Records to fetch again and take as the server has them.
    var refetch: [RecordID] = []
    /// Saves refused because their parent is not live on the server.
    var missingParents: [(child: String, parent: RecordID)] = []
    /// Whether the results changed anything, so that another round may get further.
    var madeProgress = false
  }

  /// Applies the server's answer to a batch, in one transaction with forgetting the batch.
  private func apply(_ results: [RecordResult], of batch: PendingBatch, account: CloudAccount, _ db: Database)
    throws -> SendFollowUp
  {
    var followUp = SendFollowUp()
    // What the outbox holds for the batch's records, read at once: a record changed since the
    // batch was made stays queued. Saved and deleted results change no other record's entry;
    // after any other (a merge, a cascade), entries are read one by one again.
    var queuedStamps: [String: Int64] = [:]
    var othersMayHaveChanged = false
    for row in try Row.fetchAll(
      db,
      sql: """
        SELECT "recordName", "enqueuedAt" FROM json_each(?) AS "sent"
        JOIN "sqlitedata_icloud_outbox" ON "recordName" = "sent"."value"
        """, arguments: [WireJSON.encode(Array(batch.stamps.keys))])
    {
      queuedStamps[try row.decode(String.self, at: 0)] = try row.decode(Int64.self, at: 1)
    }
    // Results come saves first, then deletes: a delete's result has no save.
    let saves: [RecordSave?] = batch.saves + Array(repeating: nil, count: batch.deletes.count)
    for (save, result) in zip(saves, results) {
      let recordName = result.id.recordName
      // The record's copy in the zone it left: its save, in the new zone, says the rest.
      if save == nil, batch.moves.contains(recordName) {
        followUp.madeProgress = true
        continue
      }
      let queued =
        othersMayHaveChanged
        ? try Int64.fetchOne(
          db, sql: #"SELECT "enqueuedAt" FROM "sqlitedata_icloud_outbox" WHERE "recordName" = ?"#,
          arguments: [recordName]) : queuedStamps[recordName]
      let unchanged = queued == batch.stamps[recordName]
      if result.status != .saved && result.status != .deleted { othersMayHaveChanged = true }
      switch result.status {
      case .saved:
        guard var record = save?.record else { continue }
        record.version = result.version
        // The server stamps the caller as the writer.
        record.modifiedBy = account.user
        try RecordMetadata.storeServerRecord(db, record, ownerName: localOwner(record.owner, account))
        if unchanged { try dequeue(db, recordName) }
        followUp.madeProgress = true
      case .deleted:
        if unchanged {
          try dequeue(db, recordName)
          try db.execute(
            sql: #"DELETE FROM "sqlitedata_icloud_metadata" WHERE "recordName" = ? AND "_isDeleted""#,
            arguments: [recordName])
        } else if let version = result.version {
          try RecordMetadata.setServerVersion(db, recordName: recordName, version)
        }
        followUp.madeProgress = true
      case .serverRecordChanged:
        if let serverRecord = result.serverRecord {
          try integrateOrBuffer(serverRecord, account: account, forced: true, db)
          followUp.madeProgress = true
        }
      case .unknownItem:
        // The server has no such record (its zone was reset): send it again as new.
        try RecordMetadata.setServerVersion(db, recordName: recordName, nil)
        followUp.madeProgress = true
      case .referenceViolation:
        if let parent = save?.record.parent {
          // The parent is deleted on the server, or the server lost it (restored from an older
          // backup): which one decides between the foreign key's ON DELETE and sending the
          // parent again, and is asked once the results are stored.
          followUp.missingParents.append(
            (child: recordName, parent: RecordID(zoneID: result.id.zoneID, recordName: parent)))
        } else if save != nil {
          try parentVanished(recordName, db)
        } else {
          // A child was added on another device: the delete is undone, and the record comes back.
          try dequeue(db, recordName)
          try db.execute(
            sql: #"UPDATE "sqlitedata_icloud_metadata" SET "_isDeleted" = 0 WHERE "recordName" = ?"#,
            arguments: [recordName])
          followUp.refetch.append(result.id)
        }
        followUp.madeProgress = true
      case .permissionFailure:
        // The server says no: take its copy back, and count it, so that the user hears of it.
        update { $0.refusedChangeCount += 1 }
        try dequeue(db, recordName)
        followUp.refetch.append(result.id)
        followUp.madeProgress = true
      case .zoneNotFound, .batchRequestFailed:
        break
      }
    }
    try drop(batch, db)
    return followUp
  }

  /// A save was refused because its parent is gone on the server: the row gets what its foreign
  /// key's ON DELETE says, as a local change that is then sent like any other.
  func parentVanished(_ recordName: String, _ db: Database) throws {
    let (primaryKey, type) = RecordName.split(recordName)
    guard let table = tablesByName[type], let key = table.parentKey else {
      try dequeue(db, recordName)
      return
    }
    try asUser {
      switch key.onDelete.uppercased() {
      case "SET NULL":
        try db.execute(
          sql:
            "UPDATE \"main\".\(quoted(table.name)) SET \(quoted(key.column)) = NULL WHERE \(quoted(table.primaryKey)) = ?",
          arguments: [primaryKey])
      case "SET DEFAULT":
        let defaultValue =
          try String.fetchOne(
            db, sql: "SELECT dflt_value FROM pragma_table_info(?) WHERE name = ?",
            arguments: [table.name, key.column])
          ?? "NULL"
        try db.execute(
          sql:
            "UPDATE \"main\".\(quoted(table.name)) SET \(quoted(key.column)) = (\(defaultValue)) WHERE \(quoted(table.primaryKey)) = ?",
          arguments: [primaryKey])
      default:
        try table.deleteRow(db, primaryKey: primaryKey)
      }
    }
  }

  /// Records under a parent that moved to another zone move with it, and are queued to be
  /// sent there: their own rows did not change, so no trigger saw them.
  private func followParentsToTheirZones(_ db: Database) throws {
    for _ in 0..<64 {
      let moved = try String.fetchAll(
        db,
        sql: """
          UPDATE "sqlitedata_icloud_metadata" AS "child"
          SET "zoneName" = "parent"."zoneName", "ownerName" = "parent"."ownerName"
          FROM "sqlitedata_icloud_metadata" AS "parent"
          WHERE "child"."parentRecordName" = "parent"."recordName" AND NOT "child"."_isDeleted"
            AND ("child"."zoneName" IS NOT "parent"."zoneName" OR "child"."ownerName" IS NOT "parent"."ownerName")
          RETURNING "recordName"
          """)
      guard !moved.isEmpty else { return }
      let stamp = clock.tick().rawValue
      for name in moved {
        try db.execute(
          sql: """
            INSERT INTO "sqlitedata_icloud_outbox" ("recordName", "recordPrimaryKey", "recordType", "operation", "enqueuedAt")
            SELECT "recordName", "recordPrimaryKey", "recordType", 'save', ? FROM "sqlitedata_icloud_metadata"
            WHERE "recordName" = ?
            ON CONFLICT ("recordName") DO UPDATE SET "operation" = 'save', "enqueuedAt" = excluded."enqueuedAt"
            """, arguments: [stamp, name])
      }
    }
  }

  func dequeue(_ db: Database, _ recordName: String) throws {
    try db.execute(
      sql: #"DELETE FROM "sqlitedata_icloud_outbox" WHERE "recordName" = ?"#, arguments: [recordName])
  }

  /// Records of the user's own zones are kept as the default owner, so that data made before
  /// signing in and after it look alike.
  func localOwner(_ owner: String, _ account: CloudAccount) -> String {
    owner == account.user ? CaptureTriggers.defaultOwner : owner
  }
}
