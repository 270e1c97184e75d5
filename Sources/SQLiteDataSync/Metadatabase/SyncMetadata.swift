import SQLiteEngine
import SQLiteQueries

/// What the sync engine knows of each synchronized row, one row per row: its record on the
/// server, its parent, whether it is shared. Join it to a table to show sync state:
///
///     RemindersList
///       .leftJoin(SyncMetadata.all) { $0.syncMetadataID.eq($1.id) }
///       .select { ($0, $1.share) }
///
/// The table lives in the metadatabase: attach it with `db.attachMetadatabase()` in
/// `prepareDatabase` to query it from every connection.
@Table("sqlitedata_icloud_metadata")
public struct SyncMetadata: Hashable, Sendable {
  /// A row's identity: its primary key as text, and its table.
  @Selection
  public struct ID: Hashable, Sendable {
    public var recordPrimaryKey: String
    public var recordType: String
  }

  // A composite key: the table has no single primary-key column for the query builder.
  @Column(primaryKey: false)
  public var id: ID
  public var zoneName: String
  public var ownerName: String
  @Column(generated: .virtual)
  public var recordName: String
  public var parentRecordPrimaryKey: String?
  public var parentRecordType: String?
  @Column(generated: .virtual)
  public var parentRecordName: String?
  /// The record's place and version on the server (JSON), nil until it got there.
  public var lastKnownServerRecord: String?
  @Column(as: CKShare?.SystemFieldsRepresentation.self)
  public var share: CKShare?
  @Column(generated: .virtual)
  public var hasLastKnownServerRecord: Bool
  @Column(generated: .virtual)
  public var isShared: Bool
  /// The hybrid-logical-clock stamp of the row's last local change.
  public var userModificationTime: Int64

  /// The user whose change the server took last, as of the server copy this device has: someone
  /// else's name marks a row another person changed.
  public var lastModifiedBy: String? {
    guard case .string(let user)? = lastKnownServerMember("modifiedBy") else { return nil }
    return user
  }

  /// The version of the server copy this device has: it grows with each change the server takes
  /// in the record's zone, so a larger one is a later change.
  public var serverVersion: Int64? {
    guard case .integer(let version)? = lastKnownServerMember("version") else { return nil }
    return version
  }

  private func lastKnownServerMember(_ name: String) -> JSONValue? {
    guard let json = lastKnownServerRecord, case .object(let members)? = try? JSONValue(parsing: json) else {
      return nil
    }
    return members[name]
  }
}

extension SyncMetadata {
  /// The user whose change the server took last among the record named `recordName` and the
  /// records directly under it (a list and its reminders), and that change's version; nil when
  /// none of them came back from the server yet. Reads the metadatabase, which must be attached.
  public static func lastChange(underRecordNamed recordName: String, _ db: Database) throws
    -> (modifiedBy: String?, version: Int64)?
  {
    guard
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT json_extract("lastKnownServerRecord", '$.modifiedBy'), "_serverVersion"
          FROM "\(Metadatabase.schemaName)"."sqlitedata_icloud_metadata"
          WHERE ("recordName" = ?1 OR "parentRecordName" = ?1) AND "_serverVersion" IS NOT NULL
          ORDER BY "_serverVersion" DESC LIMIT 1
          """, arguments: [recordName])
    else { return nil }
    return (try row.decode(String?.self, at: 0), try row.decode(Int64.self, at: 1))
  }
}

extension PrimaryKeyedTableDefinition {
  /// The row's key in ``SyncMetadata``: `$0.syncMetadataID.eq($1.id)` joins a table to it.
  public var syncMetadataID: SQLQueryExpression<SyncMetadata.ID> {
    SQLQueryExpression("CAST(\(primaryKey) AS TEXT), \(bind: QueryValue.tableName)")
  }
}

extension SyncEngine {
  /// True in the engine's own writes: app triggers that must not react to changes arriving from
  /// other devices test it, `WHEN NOT sqlitedata_icloud_syncEngineIsSynchronizingChanges()`.
  public static func isSynchronizingChanges() -> SQLQueryExpression<Bool> {
    SQLQueryExpression("\(raw: quoted(CaptureTriggers.isSynchronizingFunction))()")
  }
}

extension DatabaseFunction {
  /// `SyncEngine.isSynchronizingChanges()` for a connection without an engine: always false.
  /// Register it where triggers that ask are created before the engine is made; the engine
  /// replaces it on its connection.
  public static let syncEngineIsSynchronizingChanges = DatabaseFunction(
    CaptureTriggers.isSynchronizingFunction, argumentCount: 0
  ) { _ in false }
}
