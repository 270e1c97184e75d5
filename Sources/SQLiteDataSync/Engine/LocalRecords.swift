import Foundation
import SQLiteEngine

/// What the metadatabase knows of one synchronized row.
struct RecordMetadata {
  var recordPrimaryKey: String
  var recordType: String
  var zoneName: String
  var ownerName: String
  var parentRecordName: String?
  var serverVersion: Int64?
  /// Where the server has the record (its owner and zone), when it has it: elsewhere than
  /// `ownerName` and `zoneName` after a move between zones.
  var serverOwner: String?
  var serverZone: String?
  /// The fields of the last server record seen: the base that tells local edits from unchanged
  /// columns, and the stamps that unchanged columns keep.
  var baseFields: [String: RecordField]
  /// The stamp of the last local change to the row (its deletion, when `isDeleted`).
  var userModificationTime: HLCStamp
  var isDeleted: Bool

  var recordName: String { "\(recordPrimaryKey):\(recordType)" }

  static func fetch(_ db: Database, recordName: String) throws -> RecordMetadata? {
    try Row.fetchOne(db, sql: "\(selection) WHERE \"recordName\" = ?", arguments: [recordName]).map(decode)
  }

  /// The metadata of many records at once, by record name (those without any left out).
  static func fetchAll(_ db: Database, recordNames: [String]) throws -> [String: RecordMetadata] {
    var found: [String: RecordMetadata] = [:]
    for row in try Row.fetchAll(
      db,
      sql: """
        \(selection)
        JOIN json_each(?) AS "wanted" ON "recordName" = "wanted"."value"
        """, arguments: [WireJSON.encode(recordNames)])
    {
      let metadata = try decode(row)
      found[metadata.recordName] = metadata
    }
    return found
  }

  private static let selection = """
    SELECT "recordPrimaryKey", "recordType", "zoneName", "ownerName", "parentRecordName",
      "_serverVersion", "_lastKnownServerRecordAllFields", "userModificationTime", "_isDeleted",
      json_extract("lastKnownServerRecord", '$.owner'), json_extract("lastKnownServerRecord", '$.zone')
    FROM "sqlitedata_icloud_metadata"
    """

  private static func decode(_ row: Row) throws -> RecordMetadata {
    let fieldsJSON = try row.decode(String?.self, at: 6)
    return RecordMetadata(
      recordPrimaryKey: try row.decode(String.self, at: 0), recordType: try row.decode(String.self, at: 1),
      zoneName: try row.decode(String.self, at: 2), ownerName: try row.decode(String.self, at: 3),
      parentRecordName: try row.decode(String?.self, at: 4),
      serverVersion: try row.decode(Int64?.self, at: 5), serverOwner: try row.decode(String?.self, at: 9),
      serverZone: try row.decode(String?.self, at: 10),
      baseFields: try fieldsJSON.map { try RecordField.fields(fromJSON: $0) } ?? [:],
      userModificationTime: HLCStamp(rawValue: try row.decode(Int64.self, at: 7)),
      isDeleted: try row.decode(Bool.self, at: 8))
  }

  /// Records the server's copy as the new base: its version, place and fields; and, when
  /// `markingAlive`, that the row exists here (a delete of it here lost).
  static func storeServerRecord(
    _ db: Database, _ record: ServerRecord, ownerName: String, markingAlive: Bool = false
  ) throws {
    let (primaryKey, type) = RecordName.split(record.recordName)
    let (parentKey, parentType) = record.parent.map(RecordName.split) ?? (nil, nil)
    try db.cachedStatement(key: StatementCacheKey(RecordMetadata.self)) { storeServerRecordSQL }.execute(
      primaryKey, type, record.zone, ownerName, parentKey, parentType, record.owner, record.recordName,
      record.parent, record.version ?? 0, record.modifiedBy,
      record.encodedFields.text ?? WireJSON.encode(record.fields), record.version,
      record.newestFieldStamp.rawValue, markingAlive)
  }

  // `lastKnownServerRecord` is the record's place and version on the server, as JSON that SQLite
  // builds: `{"owner", "zone", "recordName", "recordType", "parent", "version", "modifiedBy"}`.
  private static let storeServerRecordSQL = """
    INSERT INTO "sqlitedata_icloud_metadata"
      ("recordPrimaryKey", "recordType", "zoneName", "ownerName", "parentRecordPrimaryKey", "parentRecordType",
       "lastKnownServerRecord", "_lastKnownServerRecordAllFields", "_serverVersion", "userModificationTime", "_isDeleted")
    VALUES (?1, ?2, ?3, ?4, ?5, ?6,
      json_object('owner', ?7, 'zone', ?3, 'recordName', ?8, 'recordType', ?2, 'parent', ?9, 'version', ?10,
        'modifiedBy', ?11),
      ?12, ?13, ?14, 0)
    ON CONFLICT ("recordPrimaryKey", "recordType") DO UPDATE SET
      "zoneName" = excluded."zoneName", "ownerName" = excluded."ownerName",
      "parentRecordPrimaryKey" = excluded."parentRecordPrimaryKey", "parentRecordType" = excluded."parentRecordType",
      "lastKnownServerRecord" = excluded."lastKnownServerRecord",
      "_lastKnownServerRecordAllFields" = excluded."_lastKnownServerRecordAllFields",
      "_serverVersion" = excluded."_serverVersion",
      "_isDeleted" = "_isDeleted" AND NOT ?15
    """

  static func setServerVersion(_ db: Database, recordName: String, _ version: Int64?) throws {
    try db.execute(
      sql: #"UPDATE "sqlitedata_icloud_metadata" SET "_serverVersion" = ? WHERE "recordName" = ?"#,
      arguments: [version, recordName])
  }

  static func delete(_ db: Database, recordName: String) throws {
    try db.execute(
      sql: #"DELETE FROM "sqlitedata_icloud_metadata" WHERE "recordName" = ?"#, arguments: [recordName])
  }
}

/// Record names are `<primary key>:<table>`; table names cannot contain ':', keys can.
enum RecordName {
  static func split(_ name: String) -> (primaryKey: String, table: String) {
    // Searched as bytes: ':' is ASCII, so its index is a character boundary.
    guard let colon = name.utf8.lastIndex(of: UInt8(ascii: ":")) else { return (name, "") }
    return (String(name[..<colon]), String(name[name.utf8.index(after: colon)...]))
  }
}

/// Reading and writing rows of synchronized tables column by column, whatever their schema.
extension SyncedTable {
  func row(_ db: Database, primaryKey: String) throws -> [String: DatabaseValue]? {
    try Row.fetchOne(db, sql: selectRowSQL, arguments: [primaryKey]).map(values)
  }

  /// Many rows at once, by primary key as text (as the outbox keeps it); keys without a row
  /// are left out.
  func rows(_ db: Database, primaryKeys: [String]) throws -> [String: [String: DatabaseValue]] {
    var found: [String: [String: DatabaseValue]] = [:]
    for row in try Row.fetchAll(db, sql: selectRowsSQL, arguments: [WireJSON.encode(primaryKeys)]) {
      found[try row.decode(String.self, at: columns.count)] = values(row)
    }
    return found
  }

  private func values(_ row: Row) -> [String: DatabaseValue] {
    var values: [String: DatabaseValue] = [:]
    for (index, column) in columns.enumerated() { values[column] = row[index] }
    return values
  }

  /// The record's values of this table's columns (fields of columns this device does not have
  /// are left out).
  func values(of record: ServerRecord) -> [String: DatabaseValue] {
    var values: [String: DatabaseValue] = [:]
    for column in columns {
      if let value = record.fields[column]?.value.databaseValue { values[column] = value }
    }
    return values
  }

  /// Inserts the record's row; a row already there with its primary key is an error. Columns
  /// the record has no field for take their defaults.
  func insert(_ db: Database, primaryKey: String, from record: ServerRecord) throws {
    let (others, values) = given(primaryKey: primaryKey) { record.fields[$0]?.value.databaseValue }
    let sql =
      others.count == columns.count - 1
      ? insertRowSQL : Self.insertSQL(table: name, columns: [self.primaryKey] + others)
    try execute(db, sql, values)
  }

  /// Inserts the row, or updates the given columns of the row with its primary key.
  func upsert(_ db: Database, primaryKey: String, values: [String: DatabaseValue]) throws {
    let (others, values) = given(primaryKey: primaryKey) { values[$0] }
    let sql =
      others.count == columns.count - 1
      ? upsertRowSQL : Self.upsertSQL(table: name, primaryKey: self.primaryKey, otherColumns: others)
    try execute(db, sql, values)
  }

  /// The columns other than the primary key that `value` gives, in table order, and the values
  /// to bind: the primary key's (from `value`, else `primaryKey` as text), then theirs.
  private func given(primaryKey: String, _ value: (String) -> DatabaseValue?) -> (
    others: [String], values: [DatabaseValue]
  ) {
    var others: [String] = []
    var values = [value(self.primaryKey) ?? .text(primaryKey)]
    for column in columns where column != self.primaryKey {
      if let given = value(column) {
        others.append(column)
        values.append(given)
      }
    }
    return (others, values)
  }

  /// Runs a cached statement with `values` bound in order.
  private func execute(_ db: Database, _ sql: String, _ values: [DatabaseValue]) throws {
    let statement = try db.cachedStatement(sql: sql)
    try statement.execute(bindingEach: values.count) {
      try values[Int($0) - 1].bind(to: statement.sqliteStatement, at: $0)
    }
  }

  /// The record name of the row's parent, as the row says now (the metadata may hold the
  /// parent of the last server copy, which a local move overrides): its foreign key as SQLite
  /// casts it to text, worked out here for text and integer keys.
  func parentRecordName(of row: [String: DatabaseValue], _ db: Database, primaryKey: String) throws -> String?
  {
    guard let key = parentKey, let selectParentSQL else { return nil }
    switch row[key.column] {
    case .text(let text)?: return "\(text):\(key.parentTable)"
    case .integer(let integer)?: return "\(integer):\(key.parentTable)"
    case .null?, nil: return nil
    default: return try String.fetchOne(db, sql: selectParentSQL, arguments: [primaryKey])
    }
  }

  func deleteRow(_ db: Database, primaryKey: String) throws {
    try db.execute(sql: deleteRowSQL, arguments: [primaryKey])
  }
}
