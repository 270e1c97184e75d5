import SQLiteEngine
import SQLiteQueries

/// The TEMP triggers that capture local changes to a synchronized table into the metadatabase,
/// and the SQL functions they call. TEMP, because only temporary triggers may write into an
/// attached database; installed on the writer connection, the only one that writes.
///
/// A change by the user updates the row's metadata and queues the record in the outbox, in the
/// same transaction as the change, so a change is never committed without its queue entry. The
/// engine's own writes (`isSynchronizingChanges()` true) queue nothing: it keeps the metadata
/// itself, except for rows deleted by a cascade, whose metadata the delete trigger removes.
enum CaptureTriggers {
  static let isSynchronizingFunction = "sqlitedata_icloud_syncEngineIsSynchronizingChanges"
  static let currentTimeFunction = "sqlitedata_icloud_currentTime"
  static let defaultZone = "sqlitedata.defaultZone"
  static let defaultOwner = CKCurrentUserDefaultName

  static func names(for table: SyncedTable) -> [String] {
    ["insert", "update", "primary_key_change", "delete_from_user", "delete_from_sync_engine"].map {
      "sqlitedata_icloud_after_\($0)_on_\(table.name)"
    }
  }

  static func create(for table: SyncedTable) -> [String] {
    let name = names(for: table)
    let tableName = quoted(table.name)
    let type = literal(table.name)
    let notSyncing = "NOT \(quoted(isSynchronizingFunction))()"
    let syncing = "\(quoted(isSynchronizingFunction))()"
    func key(_ row: String) -> String { "CAST(\(row).\(quoted(table.primaryKey)) AS TEXT)" }
    func recordName(_ row: String) -> String { "\(key(row)) || ':' || \(type)" }
    let parentKey = table.parentKey.map { "CAST(NEW.\(quoted($0.column)) AS TEXT)" } ?? "NULL"
    let parentType =
      table.parentKey.map {
        "CASE WHEN NEW.\(quoted($0.column)) IS NULL THEN NULL ELSE \(literal($0.parentTable)) END"
      } ?? "NULL"
    // A child lives in its parent's zone (what sharing will rely on); a root in the default one.
    let parentMetadata = table.parentKey.map {
      "FROM \"sqlitedata_icloud_metadata\" WHERE \"recordPrimaryKey\" = CAST(NEW.\(quoted($0.column)) AS TEXT) AND \"recordType\" = \(literal($0.parentTable))"
    }
    let zone =
      parentMetadata.map { "COALESCE((SELECT \"zoneName\" \($0)), \(literal(defaultZone)))" }
      ?? literal(defaultZone)
    let owner =
      parentMetadata.map { "COALESCE((SELECT \"ownerName\" \($0)), \(literal(defaultOwner)))" }
      ?? literal(defaultOwner)
    // A child moved under a parent of another zone (a reminder moved between a list shared with
    // this user and one of their own) moves there too; a root keeps its zone.
    let zoneFollowsParent =
      table.parentKey == nil
      ? "" : "\n      \"zoneName\" = excluded.\"zoneName\", \"ownerName\" = excluded.\"ownerName\","
    let saved = """
        INSERT INTO "sqlitedata_icloud_metadata"
          ("recordPrimaryKey", "recordType", "zoneName", "ownerName", "parentRecordPrimaryKey",
           "parentRecordType", "userModificationTime", "_isDeleted")
        VALUES (\(key("NEW")), \(type), \(zone), \(owner), \(parentKey), \(parentType), \(quoted(currentTimeFunction))(), 0)
        ON CONFLICT ("recordPrimaryKey", "recordType") DO UPDATE SET
          "parentRecordPrimaryKey" = excluded."parentRecordPrimaryKey",
          "parentRecordType" = excluded."parentRecordType",\(zoneFollowsParent)
          "userModificationTime" = excluded."userModificationTime",
          "_isDeleted" = 0;
        INSERT INTO "sqlitedata_icloud_outbox" ("recordName", "recordPrimaryKey", "recordType", "operation", "enqueuedAt")
        SELECT "recordName", "recordPrimaryKey", "recordType", 'save', "userModificationTime"
        FROM "sqlitedata_icloud_metadata" WHERE "recordPrimaryKey" = \(key("NEW")) AND "recordType" = \(type)
        ON CONFLICT ("recordName") DO UPDATE SET "operation" = 'save', "enqueuedAt" = excluded."enqueuedAt";
      """
    func deleted(_ row: String) -> String {
      """
        UPDATE "sqlitedata_icloud_metadata"
        SET "_isDeleted" = 1, "userModificationTime" = \(quoted(currentTimeFunction))()
        WHERE "recordPrimaryKey" = \(key(row)) AND "recordType" = \(type);
        INSERT INTO "sqlitedata_icloud_outbox" ("recordName", "recordPrimaryKey", "recordType", "operation", "enqueuedAt")
        SELECT "recordName", "recordPrimaryKey", "recordType", 'delete', "userModificationTime"
        FROM "sqlitedata_icloud_metadata" WHERE "recordPrimaryKey" = \(key(row)) AND "recordType" = \(type)
        ON CONFLICT ("recordName") DO UPDATE SET "operation" = 'delete', "enqueuedAt" = excluded."enqueuedAt";
      """
    }
    return [
      """
      CREATE TEMP TRIGGER IF NOT EXISTS \(quoted(name[0])) AFTER INSERT ON \(tableName)
      FOR EACH ROW WHEN \(notSyncing) BEGIN
      \(saved)
      END
      """,
      """
      CREATE TEMP TRIGGER IF NOT EXISTS \(quoted(name[1])) AFTER UPDATE ON \(tableName)
      FOR EACH ROW WHEN \(notSyncing) BEGIN
      \(saved)
      END
      """,
      // A changed primary key is a new record: the old one is deleted.
      """
      CREATE TEMP TRIGGER IF NOT EXISTS \(quoted(name[2])) AFTER UPDATE OF \(quoted(table.primaryKey)) ON \(tableName)
      FOR EACH ROW WHEN \(notSyncing) AND OLD.\(quoted(table.primaryKey)) IS NOT NEW.\(quoted(table.primaryKey)) BEGIN
      \(deleted("OLD"))
      END
      """,
      """
      CREATE TEMP TRIGGER IF NOT EXISTS \(quoted(name[3])) AFTER DELETE ON \(tableName)
      FOR EACH ROW WHEN \(notSyncing) BEGIN
      \(deleted("OLD"))
      END
      """,
      """
      CREATE TEMP TRIGGER IF NOT EXISTS \(quoted(name[4])) AFTER DELETE ON \(tableName)
      FOR EACH ROW WHEN \(syncing) BEGIN
        DELETE FROM "sqlitedata_icloud_metadata" WHERE "recordPrimaryKey" = \(key("OLD")) AND "recordType" = \(type);
        DELETE FROM "sqlitedata_icloud_outbox" WHERE "recordName" = \(recordName("OLD"));
      END
      """,
    ]
  }

  /// Triggers that refuse a local change to a record shared with this user read-only (its own
  /// share, or the share of the root above it), before anything is written or queued. For a
  /// new row, or a row moved to another parent, the new parent decides. `ancestors` is the
  /// number of parent tables above this one, so the walk up the tree is a fixed chain of joins
  /// (a trigger cannot hold a recursive query).
  static func permissionTriggers(for table: SyncedTable, ancestors: Int) -> [String] {
    let type = literal(table.name)
    let notSyncing = "NOT \(quoted(isSynchronizingFunction))()"
    func readOnly(from start: String, levels: Int) -> String {
      let joins = (0..<levels).map { level in
        "LEFT JOIN \"sqlitedata_icloud_metadata\" AS \"m\(level + 1)\" ON \"m\(level + 1)\".\"recordName\" = \"m\(level)\".\"parentRecordName\""
      }
      let checks = (0...levels).map {
        "json_extract(\"m\($0)\".\"share\", '$.currentUserPermission') = 'readOnly'"
      }
      return """
        EXISTS (SELECT 1 FROM "sqlitedata_icloud_metadata" AS "m0" \(joins.joined(separator: " "))
        WHERE "m0"."recordName" = \(start) AND (\(checks.joined(separator: " OR "))))
        """
    }
    let own = readOnly(
      from: "CAST(OLD.\(quoted(table.primaryKey)) AS TEXT) || ':' || \(type)", levels: ancestors)
    let parent = table.parentKey.map {
      readOnly(
        from: "CAST(NEW.\(quoted($0.column)) AS TEXT) || ':' || \(literal($0.parentTable))",
        levels: ancestors - 1)
    }
    let refuse = "SELECT RAISE(ABORT, \(literal(SyncEngine.writePermissionError)));"
    let name = { (event: String) in quoted("sqlitedata_icloud_permission_\(event)_on_\(table.name)") }
    var triggers = [
      """
      CREATE TEMP TRIGGER IF NOT EXISTS \(name("update")) BEFORE UPDATE ON \(quoted(table.name))
      FOR EACH ROW WHEN \(notSyncing) AND (\(own)\(parent.map { " OR \($0)" } ?? "")) BEGIN \(refuse) END
      """,
      """
      CREATE TEMP TRIGGER IF NOT EXISTS \(name("delete")) BEFORE DELETE ON \(quoted(table.name))
      FOR EACH ROW WHEN \(notSyncing) AND \(own) BEGIN \(refuse) END
      """,
    ]
    if let parent {
      triggers.append(
        """
        CREATE TEMP TRIGGER IF NOT EXISTS \(name("insert")) BEFORE INSERT ON \(quoted(table.name))
        FOR EACH ROW WHEN \(notSyncing) AND \(parent) BEGIN \(refuse) END
        """)
    }
    return triggers
  }

  static func drop(for table: SyncedTable) -> [String] {
    names(for: table).map { "DROP TRIGGER IF EXISTS temp.\(quoted($0))" }
  }

  /// Queues every row of a table that has no metadata yet: the rows a table held before it was
  /// synchronized, or before this device had an engine.
  static func enqueueUntracked(_ table: SyncedTable, stamp: HLCStamp) -> [String] {
    let parentKey = table.parentKey.map { "CAST(\(quoted($0.column)) AS TEXT)" } ?? "NULL"
    let parentType =
      table.parentKey.map {
        "CASE WHEN \(quoted($0.column)) IS NULL THEN NULL ELSE \(literal($0.parentTable)) END"
      } ?? "NULL"
    let key = "CAST(\(quoted(table.primaryKey)) AS TEXT)"
    return [
      """
      INSERT INTO "sqlitedata_icloud_metadata"
        ("recordPrimaryKey", "recordType", "zoneName", "ownerName", "parentRecordPrimaryKey",
         "parentRecordType", "userModificationTime")
      SELECT \(key), \(literal(table.name)), \(literal(defaultZone)), \(literal(defaultOwner)), \(parentKey), \(parentType), \(stamp.rawValue)
      FROM "main".\(quoted(table.name)) WHERE true
      ON CONFLICT ("recordPrimaryKey", "recordType") DO NOTHING
      """,
      """
      INSERT INTO "sqlitedata_icloud_outbox" ("recordName", "recordPrimaryKey", "recordType", "operation", "enqueuedAt")
      SELECT "recordName", "recordPrimaryKey", "recordType", 'save', "userModificationTime"
      FROM "sqlitedata_icloud_metadata" WHERE "recordType" = \(literal(table.name)) AND "_serverVersion" IS NULL
      ON CONFLICT ("recordName") DO NOTHING
      """,
    ]
  }
}

/// `"name"`, with inner quotes doubled.
func quoted(_ identifier: String) -> String { identifier.quoted() }

/// `'text'`, with inner quotes doubled.
func literal(_ text: String) -> String { text.quoted(.text) }
