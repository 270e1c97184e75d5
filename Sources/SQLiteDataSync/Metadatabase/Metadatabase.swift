import Foundation
import SQLiteEngine

/// The sync engine's own SQLite file beside the user's database, attached to its connections as
/// `sqlitedata_icloud`: what it knows of each synchronized row, the outbox of changes to send, the
/// zone tokens, the account and the clock. Apart from the user's file, so that the user's schema
/// stays the app's own and deleting local sync state never touches it.
enum Metadatabase {
  static let schemaName = "sqlitedata_icloud"
  static let defaultContainer = "sqlitedata"

  /// `/folder/.name.metadata-<container>.sqlite` for a database file `/folder/name.sqlite`; an
  /// in-memory database gets a shared-cache memory database named after its connection.
  static func path(for db: Database, containerIdentifier: String?) -> String {
    guard
      let file = SyncEngine.metadatabasePath(forDatabaseAt: db.path, containerIdentifier: containerIdentifier)
    else {
      return
        "file:sqlitedata_icloud_\(UInt(bitPattern: ObjectIdentifier(db).hashValue))?mode=memory&cache=shared"
    }
    return file
  }

  static func filePath(forDatabaseAt path: String, containerIdentifier: String?) -> String {
    var file = path
    if file.hasPrefix("file:") {
      file = String(file.dropFirst(5).prefix { $0 != "?" })
    }
    let url = URL(fileURLWithPath: file)
    let name = url.deletingPathExtension().lastPathComponent
    return url.deletingLastPathComponent()
      .appendingPathComponent(".\(name).metadata-\(containerIdentifier ?? defaultContainer).sqlite").path
  }

  /// Attaches the metadatabase to a connection, unless it is attached already; a different file
  /// attached under the same name is an error.
  static func attach(to db: Database, containerIdentifier: String?) throws {
    let path = path(for: db, containerIdentifier: containerIdentifier)
    if let attached = try String.fetchOne(
      db, sql: "SELECT file FROM pragma_database_list WHERE name = ?", arguments: [schemaName])
    {
      let expected = path.hasPrefix("file:") ? attached : path
      guard attached.isEmpty || attached == expected else {
        throw SyncError.metadatabaseMismatch(attached: attached, expected: path)
      }
      return
    }
    // A read-only connection cannot create the file: make it empty first (SQLite takes an empty
    // file for an empty database).
    if !path.hasPrefix("file:"), !FileManager.default.fileExists(atPath: path) {
      _ = FileManager.default.createFile(atPath: path, contents: nil)
    }
    try db.execute(sql: "ATTACH DATABASE ? AS \(schemaName)", arguments: [path])
    // Journaled as the main database is: in WAL mode a commit that writes both files then costs
    // no fsync, where a rollback journal beside a WAL file cost several per commit.
    if !db.configuration.readonly, db.configuration.journalMode == .wal {
      try db.execute(sql: "PRAGMA \(schemaName).journal_mode = WAL")
      try db.execute(sql: "PRAGMA \(schemaName).synchronous = NORMAL")
    }
  }

  /// 2: the outbox is indexed in the order batches take it.
  static let version = 2

  /// Creates the metadatabase's tables, or brings them up to date.
  static func migrate(_ db: Database) throws {
    let current = try Int.fetchOne(db, sql: "PRAGMA \(schemaName).user_version") ?? 0
    guard current < version else { return }
    for statement in schema { try db.execute(sql: statement) }
    try db.execute(sql: "PRAGMA \(schemaName).user_version = \(version)")
  }

  static let schema = [
    // One row per synchronized row. The JSON columns replace CloudKit's archived records:
    // `lastKnownServerRecord` is the record's place and version on the server, and
    // `_lastKnownServerRecordAllFields` its fields with their stamps, the base of every merge.
    """
    CREATE TABLE IF NOT EXISTS "sqlitedata_icloud"."sqlitedata_icloud_metadata" (
      "recordPrimaryKey" TEXT NOT NULL,
      "recordType" TEXT NOT NULL,
      "recordName" TEXT NOT NULL GENERATED ALWAYS AS ("recordPrimaryKey" || ':' || "recordType") VIRTUAL,
      "zoneName" TEXT NOT NULL,
      "ownerName" TEXT NOT NULL,
      "parentRecordPrimaryKey" TEXT,
      "parentRecordType" TEXT,
      "parentRecordName" TEXT GENERATED ALWAYS AS ("parentRecordPrimaryKey" || ':' || "parentRecordType") VIRTUAL,
      "lastKnownServerRecord" TEXT,
      "_lastKnownServerRecordAllFields" TEXT,
      "share" TEXT,
      "hasLastKnownServerRecord" INTEGER NOT NULL GENERATED ALWAYS AS ("lastKnownServerRecord" IS NOT NULL) VIRTUAL,
      "isShared" INTEGER NOT NULL GENERATED ALWAYS AS ("share" IS NOT NULL) VIRTUAL,
      "userModificationTime" INTEGER NOT NULL DEFAULT 0,
      "_serverVersion" INTEGER,
      "_isDeleted" INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY ("recordPrimaryKey", "recordType")
    ) STRICT
    """,
    """
    CREATE UNIQUE INDEX IF NOT EXISTS "sqlitedata_icloud"."sqlitedata_icloud_metadata_recordName"
    ON "sqlitedata_icloud_metadata" ("recordName")
    """,
    """
    CREATE INDEX IF NOT EXISTS "sqlitedata_icloud"."sqlitedata_icloud_metadata_parentRecordName"
    ON "sqlitedata_icloud_metadata" ("parentRecordName")
    """,
    // Changes waiting to be sent, written by the capture triggers in the same transaction as the
    // change itself, one row per record (a later change replaces an earlier one). `enqueuedAt`
    // is the stamp of the last change, so that an acknowledgement of an older send leaves a
    // newer change queued.
    """
    CREATE TABLE IF NOT EXISTS "sqlitedata_icloud"."sqlitedata_icloud_outbox" (
      "recordName" TEXT PRIMARY KEY NOT NULL,
      "recordPrimaryKey" TEXT NOT NULL,
      "recordType" TEXT NOT NULL,
      "operation" TEXT NOT NULL CHECK ("operation" IN ('save', 'delete')),
      "enqueuedAt" INTEGER NOT NULL
    ) STRICT
    """,
    // Batches take saves a table at a time (parents first), deletes in the reverse order, each
    // oldest first: an index walk, not a sort of the whole outbox for every batch.
    """
    CREATE INDEX IF NOT EXISTS "sqlitedata_icloud"."sqlitedata_icloud_outbox_order"
    ON "sqlitedata_icloud_outbox" ("operation", "recordType", "enqueuedAt")
    """,
    // Batches being sent (at most two: one at the server, the next made while it works), each
    // kept until its results are applied, so that after a lost reply or a crash the very same
    // batches are sent again, in order, under the same ids, and the server answers them from its
    // record of the first attempt.
    """
    CREATE TABLE IF NOT EXISTS "sqlitedata_icloud"."sqlitedata_icloud_pendingBatch" (
      "batchID" TEXT PRIMARY KEY NOT NULL,
      "request" TEXT NOT NULL
    ) STRICT
    """,
    """
    CREATE TABLE IF NOT EXISTS "sqlitedata_icloud"."sqlitedata_icloud_zoneTokens" (
      "ownerName" TEXT NOT NULL,
      "zoneName" TEXT NOT NULL,
      "version" INTEGER NOT NULL,
      PRIMARY KEY ("ownerName", "zoneName")
    ) STRICT
    """,
    // Server records that could not be applied yet (a child before its parent), kept whole so
    // that they apply when the parent arrives, also after a restart.
    """
    CREATE TABLE IF NOT EXISTS "sqlitedata_icloud"."sqlitedata_icloud_unsyncedRecordIDs" (
      "recordName" TEXT PRIMARY KEY NOT NULL,
      "zoneName" TEXT NOT NULL,
      "ownerName" TEXT NOT NULL,
      "record" TEXT NOT NULL
    ) STRICT
    """,
    // The account the synced data belongs to, and the clock's high-water mark.
    """
    CREATE TABLE IF NOT EXISTS "sqlitedata_icloud"."sqlitedata_icloud_account" (
      "id" INTEGER PRIMARY KEY CHECK ("id" = 1),
      "userName" TEXT,
      "serverID" TEXT,
      "clock" INTEGER NOT NULL DEFAULT 0
    ) STRICT
    """,
    """
    INSERT OR IGNORE INTO "sqlitedata_icloud"."sqlitedata_icloud_account" ("id") VALUES (1)
    """,
    // The tables synchronized so far, with their columns: a table new here has its existing
    // rows uploaded, and a new column is filled from the fields kept of each server record.
    """
    CREATE TABLE IF NOT EXISTS "sqlitedata_icloud"."sqlitedata_icloud_recordTypes" (
      "tableName" TEXT PRIMARY KEY NOT NULL,
      "columns" TEXT NOT NULL
    ) STRICT
    """,
  ]

  /// Every table of the metadatabase, in the order they can be emptied.
  static let tables = [
    "sqlitedata_icloud_outbox", "sqlitedata_icloud_pendingBatch", "sqlitedata_icloud_zoneTokens",
    "sqlitedata_icloud_unsyncedRecordIDs", "sqlitedata_icloud_recordTypes", "sqlitedata_icloud_metadata",
  ]
}

extension SyncEngine {
  /// Where the engine keeps its metadatabase for the database file at `path`, or nil for a
  /// database in memory.
  public static func metadatabasePath(forDatabaseAt path: String, containerIdentifier: String? = nil)
    -> String?
  {
    guard Database.isPlainFilePath(path) || (path.hasPrefix("file:") && !path.contains("mode=memory")) else {
      return nil
    }
    return Metadatabase.filePath(forDatabaseAt: path, containerIdentifier: containerIdentifier)
  }
}

extension Database {
  /// Attaches the sync engine's metadatabase to this connection as `sqlitedata_icloud`, so that
  /// queries can join synchronized tables to ``SyncMetadata``. Call it in `prepareDatabase`:
  ///
  ///     configuration.prepareDatabase { db in try db.attachMetadatabase() }
  public func attachMetadatabase(containerIdentifier: String? = nil) throws {
    try Metadatabase.attach(to: self, containerIdentifier: containerIdentifier)
    try add(function: .syncEngineIsSynchronizingChanges)
  }

  /// Whether the sync engine's metadatabase is attached to this connection, with its tables made
  /// (by the engine): queries that join ``SyncMetadata`` need it.
  public var isMetadatabaseAttached: Bool {
    get throws {
      let schema = Metadatabase.schemaName
      guard isAttached(schema: schema) else { return false }
      return try Bool.fetchOne(
        self,
        sql: "SELECT count(*) > 0 FROM \(schema).sqlite_master WHERE name = 'sqlitedata_icloud_metadata'")
        ?? false
    }
  }
}
