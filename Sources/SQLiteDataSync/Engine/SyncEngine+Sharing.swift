import Foundation
import SQLiteEngine
import SQLiteQueries

/// A record shared with other people, as `share(record:configure:)` returns it.
public struct SharedRecord: Identifiable, Hashable, Sendable {
  public var share: CKShare
  public var id: String { share.shareID }
  public init(share: CKShare) { self.share = share }
}

extension SyncEngine {
  /// The message of the error a local write gets when it changes a record shared with this user
  /// read-only: nothing is written and nothing is queued.
  public static let writePermissionError =
    "writePermissionError: this record is shared with you read-only; ask its owner for write access"

  /// Shares a record, with everything under it, with other people: a root record (one of a table
  /// without foreign keys, not private) that has reached the server. Returns the share, existing
  /// or new; `configure` may set its title (`share[CKShare.SystemFieldKey.title] = …`). People
  /// join with ``addParticipant(_:permission:to:)`` and ``acceptShare(metadata:)``, or with an
  /// invitation token from ``createInvitation(to:permission:)``.
  @discardableResult
  public func share<T: PrimaryKeyedTable>(
    record: T, configure: (inout CKShare) -> Void = { _ in }
  ) async throws -> SharedRecord {
    guard let cloud else { throw CloudError.noAccount }
    guard let table = tablesByName[T.tableName] else {
      throw SharingError.notShareable("the table \(T.tableName) is not synchronized")
    }
    guard !table.isPrivate else {
      throw SharingError.notShareable("\(table.name) is a private table: it syncs across your devices only")
    }
    guard table.foreignKeys.isEmpty else {
      throw SharingError.notShareable(
        "records of \(table.name) belong to a parent record: share the record at the top instead")
    }
    let key = try T.PrimaryKey(queryOutput: record.primaryKeyValue).queryBinding.databaseValue()
    let recordName =
      try await database.read { db in
        try String.fetchOne(db, sql: "SELECT CAST(? AS TEXT)", arguments: [key]) ?? ""
      } + ":\(table.name)"
    let account = try await currentAccount()
    let metadata = try await database.writeWithoutTransaction { db in
      try RecordMetadata.fetch(db, recordName: recordName)
    }
    guard let metadata, metadata.serverVersion != nil else { throw SharingError.notSynchronized(recordName) }
    guard metadata.ownerName == CaptureTriggers.defaultOwner else {
      throw SharingError.notShareable("it is shared with you by \(metadata.ownerName), who owns it")
    }
    let root = RecordID(owner: account.user, zone: metadata.zoneName, recordName: recordName)
    var share = try await cloud.shareRoot(root, title: nil)
    var configured = share
    configure(&configured)
    if configured.systemFields != share.systemFields {
      share = try await cloud.shareRoot(root, title: configured[CKShare.SystemFieldKey.title])
    }
    try await store(share)
    return SharedRecord(share: share)
  }

  /// Stops sharing a record this user shared: the participants lose it, this user keeps it.
  public func unshare<T: PrimaryKeyedTable>(record: T) async throws {
    guard let share = try await shareOfRecord(record) else { return }
    try await unshare(share: share)
  }

  /// Stops sharing: the participants lose the records, the owner keeps them.
  public func unshare(share: CKShare) async throws {
    guard let cloud else { throw CloudError.noAccount }
    try await cloud.stopSharing(share.shareID)
    try await writeAsEngine { db in
      try db.execute(
        sql: #"UPDATE "sqlitedata_icloud_metadata" SET "share" = NULL WHERE "recordName" = ?"#,
        arguments: [share.rootRecordName])
    }
  }

  /// The share of a record, when it is a shared root (the owner's or someone else's).
  public func shareOfRecord<T: PrimaryKeyedTable>(_ record: T) async throws -> CKShare? {
    guard let table = tablesByName[T.tableName] else { return nil }
    let key = try T.PrimaryKey(queryOutput: record.primaryKeyValue).queryBinding.databaseValue()
    return try await database.writeWithoutTransaction { db in
      guard
        let text = try String.fetchOne(
          db,
          sql: """
            SELECT "share" FROM "sqlitedata_icloud_metadata"
            WHERE "recordPrimaryKey" = CAST(? AS TEXT) AND "recordType" = ?
            """, arguments: [key, table.name])
      else { return nil }
      return try JSONDecoder().decode(CKShare.self, from: Data(text.utf8))
    }
  }

  /// Adds a user of the server to a share this user owns, or changes their permission. They
  /// take part once they accept it (``acceptShare(metadata:)`` with `CKShare.Metadata(shareID:)`).
  @discardableResult
  public func addParticipant(_ userName: String, permission: CKShare.Permission, to share: CKShare)
    async throws -> CKShare
  {
    guard let cloud else { throw CloudError.noAccount }
    let updated = try await cloud.addParticipant(userName, permission: permission, to: share.shareID)
    try await store(updated)
    return updated
  }

  /// Takes a user out of a share this user owns.
  public func removeParticipant(_ userName: String, from share: CKShare) async throws {
    guard let cloud else { throw CloudError.noAccount }
    try await cloud.removeParticipant(userName, from: share.shareID)
    if let updated = try await cloud.shares().first(where: { $0.shareID == share.shareID }) {
      try await store(updated)
    }
  }

  /// An invitation token for a share this user owns, to hand to someone out of band; whoever
  /// accepts it joins with `permission`, once, within a week.
  public func createInvitation(to share: CKShare, permission: CKShare.Permission) async throws -> String {
    guard let cloud else { throw CloudError.noAccount }
    return try await cloud.createInvitation(to: share.shareID, permission: permission)
  }

  /// Joins a share, and fetches its records.
  @discardableResult
  public func acceptShare(metadata: CKShare.Metadata) async throws -> CKShare {
    guard let cloud else { throw CloudError.noAccount }
    let share = try await cloud.acceptShare(metadata)
    try await fetchChanges()
    return share
  }

  /// Leaves a share someone else owns: its records leave this device; the owner keeps them.
  public func leaveShare(_ share: CKShare) async throws {
    guard let cloud else { throw CloudError.noAccount }
    let account = try await currentAccount()
    try await cloud.removeParticipant(account.user, from: share.shareID)
    try await writeAsEngine { db in try self.purge(share, db) }
  }

  /// Whether this device's user owns the share (rather than taking part in it).
  public func isOwner(of share: CKShare) async throws -> Bool {
    try await currentUserName() == share.ownerName
  }

  /// The user this device syncs as, as the server knows them.
  public func currentUserName() async throws -> String { try await currentAccount().user }

  /// The shares this user owns or was added to, as the server has them now. The copies kept with
  /// the records (which ``shareOfRecord(_:)`` and the screens read) are brought up to date with
  /// them; records of a share this user left elsewhere leave the device with the next fetch.
  public func shares() async throws -> [CKShare] {
    guard let cloud else { throw CloudError.noAccount }
    let account = try await currentAccount()
    let shares = try await cloud.shares()
    _ = try await writeAsEngine(as: account) { db in try self.refresh(shares, account: account, db) }
    return shares
  }

  // MARK: Local bookkeeping

  /// Keeps a share on its root's metadata, where `SyncMetadata.share` and the permission
  /// triggers read it.
  func store(_ share: CKShare) async throws {
    try await writeAsEngine { db in try self.store(share, db) }
  }

  func store(_ share: CKShare, _ db: Database) throws {
    // Keys in order, so that the same share is the same text and storing it again writes nothing.
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(share), as: UTF8.self)
    try db.execute(
      sql:
        #"UPDATE "sqlitedata_icloud_metadata" SET "share" = ? WHERE "recordName" = ? AND "share" IS NOT ?"#,
      arguments: [json, share.rootRecordName, json])
  }

  /// Brings the shares kept locally in line with the server's list: shares to store, and
  /// shares this user no longer takes part in, whose records leave the device.
  func reconcile(_ shares: [CKShare], account: CloudAccount, _ db: Database) throws {
    for share in try refresh(shares, account: account, db) { try purge(share, db) }
  }

  /// Stores the shares the server listed that this user owns or takes part in, and forgets those
  /// of this user's own records that it no longer has (sharing stopped on another device).
  /// Returns the shares of others kept here that the user no longer takes part in: their records
  /// are for ``reconcile(_:account:_:)`` to purge.
  func refresh(_ shares: [CKShare], account: CloudAccount, _ db: Database) throws -> [CKShare] {
    let current = shares.filter { $0.ownerName == account.user || $0.currentUserPermission != .none }
    for share in current { try store(share, db) }
    let currentIDs = Set(current.map(\.shareID))
    let kept = try Row.fetchAll(
      db, sql: #"SELECT "share", "ownerName" FROM "sqlitedata_icloud_metadata" WHERE "share" IS NOT NULL"#)
    var left: [CKShare] = []
    for row in kept {
      let share = try JSONDecoder().decode(CKShare.self, from: Data(try row.decode(String.self, at: 0).utf8))
      guard !currentIDs.contains(share.shareID) else { continue }
      if try row.decode(String.self, at: 1) == CaptureTriggers.defaultOwner {
        try db.execute(
          sql: #"UPDATE "sqlitedata_icloud_metadata" SET "share" = NULL WHERE "recordName" = ?"#,
          arguments: [share.rootRecordName])
      } else {
        left.append(share)
      }
    }
    return left
  }

  /// A share joined since the last fetch makes older records of its zone readable, which a
  /// token past them would never fetch: such a zone is read whole (what is here already is
  /// skipped by version).
  func readWholeZones(ofNew shares: [CKShare], account: CloudAccount, _ db: Database) throws {
    for share in shares where share.ownerName != account.user && share.currentUserPermission != .none {
      guard try RecordMetadata.fetch(db, recordName: share.rootRecordName) == nil else { continue }
      try db.execute(
        sql: #"DELETE FROM "sqlitedata_icloud_zoneTokens" WHERE "ownerName" = ? AND "zoneName" = ?"#,
        arguments: [share.ownerName, share.zoneName])
    }
  }

  /// Removes a share someone else owns from this device: its records, their metadata and
  /// anything queued for them. The zone is read whole next time, in case the user still reads
  /// other shares in it.
  func purge(_ share: CKShare, _ db: Database) throws {
    try purgeSubtree(of: share.rootRecordName, db)
    try db.execute(
      sql: #"DELETE FROM "sqlitedata_icloud_zoneTokens" WHERE "ownerName" = ? AND "zoneName" = ?"#,
      arguments: [share.ownerName, share.zoneName])
  }

  /// Removes a record and everything under it from this device, as the server decided.
  func purgeSubtree(of recordName: String, _ db: Database) throws {
    let names = try Row.fetchAll(
      db,
      sql: """
        WITH RECURSIVE "subtree"("name", "depth") AS (
          SELECT ?, 0
          UNION
          SELECT "m"."recordName", "subtree"."depth" + 1 FROM "sqlitedata_icloud_metadata" AS "m"
          JOIN "subtree" ON "m"."parentRecordName" = "subtree"."name"
          WHERE "subtree"."depth" < 64
        )
        SELECT "name", max("depth") FROM "subtree" GROUP BY "name" ORDER BY 2 DESC
        """, arguments: [recordName])
    for row in names {
      let name = try row.decode(String.self, at: 0)
      let (primaryKey, type) = RecordName.split(name)
      if let table = tablesByName[type] { try table.deleteRow(db, primaryKey: primaryKey) }
      try RecordMetadata.delete(db, recordName: name)
      try dequeue(db, name)
      try db.execute(
        sql: #"DELETE FROM "sqlitedata_icloud_unsyncedRecordIDs" WHERE "recordName" = ?"#, arguments: [name])
    }
  }

  /// Local deletes of shared roots, before they are sent: deleting a root shared with this user
  /// leaves the share (the owner's records stay on the server, and nothing of it is sent);
  /// deleting a root this user shares stops sharing it, as deleting a shared record does in
  /// CloudKit. A share already gone (a pass stopped after ending it) is passed over.
  func endSharesOfDeletedRoots(as account: CloudAccount) async throws {
    guard let cloud else { return }
    let deleted = try await database.writeWithoutTransaction { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT "m"."share", "m"."ownerName" FROM "sqlitedata_icloud_outbox" AS "o"
          JOIN "sqlitedata_icloud_metadata" AS "m" ON "m"."recordName" = "o"."recordName"
          WHERE "o"."operation" = 'delete' AND "m"."share" IS NOT NULL
          """
      ).map { (try $0.decode(String.self, at: 0), try $0.decode(String.self, at: 1)) }
    }
    for (text, owner) in deleted {
      let share = try JSONDecoder().decode(CKShare.self, from: Data(text.utf8))
      let isOwn = owner == CaptureTriggers.defaultOwner
      do {
        if isOwn {
          try await cloud.stopSharing(share.shareID)
        } else {
          try await cloud.removeParticipant(account.user, from: share.shareID)
        }
      } catch SharingError.notFound {}
      if !isOwn { try await writeAsEngine { db in try self.purge(share, db) } }
    }
  }
}
