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
  /// The fields of the last server record seen: the base that tells local edits from unchanged
  /// columns, and the stamps that unchanged columns keep.
  var baseFields: [String: RecordField]
  /// The stamp of the last local change to the row (its deletion, when `isDeleted`).
  var userModificationTime: HLCStamp
  var isDeleted: Bool

  var recordName: String { "\(recordPrimaryKey):\(recordType)" }

  static func fetch(_ db: Database, recordName: String) throws -> RecordMetadata? {
    guard
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT "recordPrimaryKey", "recordType", "zoneName", "ownerName", "parentRecordName",
            "_serverVersion", "_lastKnownServerRecordAllFields", "userModificationTime", "_isDeleted"
          FROM "sqlitedata_icloud_metadata" WHERE "recordName" = ?
          """, arguments: [recordName])
    else { return nil }
    let fieldsJSON = try row.decode(String?.self, at: 6)
    return RecordMetadata(
      recordPrimaryKey: try row.decode(String.self, at: 0), recordType: try row.decode(String.self, at: 1),
      zoneName: try row.decode(String.self, at: 2), ownerName: try row.decode(String.self, at: 3),
      parentRecordName: try row.decode(String?.self, at: 4),
      serverVersion: try row.decode(Int64?.self, at: 5),
      baseFields: try fieldsJSON.map { try WireJSON.decode([String: RecordField].self, from: $0) } ?? [:],
      userModificationTime: HLCStamp(rawValue: try row.decode(Int64.self, at: 7)),
      isDeleted: try row.decode(Bool.self, at: 8))
  }

  /// Records the server's copy as the new base: its version, place and fields.
  static func storeServerRecord(_ db: Database, _ record: ServerRecord, ownerName: String) throws {
    let (primaryKey, type) = RecordName.split(record.recordName)
    let (parentKey, parentType) = record.parent.map(RecordName.split) ?? (nil, nil)
    let system = LastKnownServerRecord(
      owner: record.owner, zone: record.zone, recordName: record.recordName, recordType: record.recordType,
      parent: record.parent, version: record.version ?? 0)
    try db.execute(
      sql: """
        INSERT INTO "sqlitedata_icloud_metadata"
          ("recordPrimaryKey", "recordType", "zoneName", "ownerName", "parentRecordPrimaryKey", "parentRecordType",
           "lastKnownServerRecord", "_lastKnownServerRecordAllFields", "_serverVersion", "userModificationTime", "_isDeleted")
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
        ON CONFLICT ("recordPrimaryKey", "recordType") DO UPDATE SET
          "zoneName" = excluded."zoneName", "ownerName" = excluded."ownerName",
          "parentRecordPrimaryKey" = excluded."parentRecordPrimaryKey", "parentRecordType" = excluded."parentRecordType",
          "lastKnownServerRecord" = excluded."lastKnownServerRecord",
          "_lastKnownServerRecordAllFields" = excluded."_lastKnownServerRecordAllFields",
          "_serverVersion" = excluded."_serverVersion"
        """,
      arguments: [
        primaryKey, type, record.zone, ownerName, parentKey, parentType, try WireJSON.encode(system),
        try WireJSON.encode(record.fields), record.version, record.newestFieldStamp.rawValue,
      ])
  }

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

/// The server record's place and version, as kept in `lastKnownServerRecord`.
struct LastKnownServerRecord: Codable {
  var owner: String
  var zone: String
  var recordName: String
  var recordType: String
  var parent: String?
  var version: Int64
}

/// Record names are `<primary key>:<table>`; table names cannot contain ':', keys can.
enum RecordName {
  static func split(_ name: String) -> (primaryKey: String, table: String) {
    guard let colon = name.lastIndex(of: ":") else { return (name, "") }
    return (String(name[..<colon]), String(name[name.index(after: colon)...]))
  }
}

/// Reading and writing rows of synchronized tables column by column, whatever their schema.
extension SyncedTable {
  func row(_ db: Database, primaryKey: String) throws -> [String: DatabaseValue]? {
    let sql =
      "SELECT \(columns.map(quoted).joined(separator: ", ")) FROM \"main\".\(quoted(name)) WHERE \(quoted(self.primaryKey)) = ?"
    guard let row = try Row.fetchOne(db, sql: sql, arguments: [primaryKey]) else { return nil }
    var values: [String: DatabaseValue] = [:]
    for (index, column) in columns.enumerated() { values[column] = row[index] }
    return values
  }

  /// Inserts the row, or updates the given columns of the row with its primary key.
  func upsert(_ db: Database, primaryKey: String, values: [String: DatabaseValue]) throws {
    var names = columns.filter { $0 != self.primaryKey && values[$0] != nil }
    let arguments = [values[self.primaryKey] ?? .text(primaryKey)] + names.map { values[$0]! }
    names.insert(self.primaryKey, at: 0)
    let updates = names.dropFirst().map { "\(quoted($0)) = excluded.\(quoted($0))" }
    let sql =
      "INSERT INTO \"main\".\(quoted(name)) (\(names.map(quoted).joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))"
      + (updates.isEmpty
        ? " ON CONFLICT DO NOTHING"
        : " ON CONFLICT (\(quoted(self.primaryKey))) DO UPDATE SET \(updates.joined(separator: ", "))")
    try db.execute(sql: sql, arguments: StatementArguments(arguments))
  }

  func deleteRow(_ db: Database, primaryKey: String) throws {
    try db.execute(
      sql: "DELETE FROM \"main\".\(quoted(name)) WHERE \(quoted(self.primaryKey)) = ?",
      arguments: [primaryKey])
  }
}

/// JSON as the server and the metadatabase store it.
enum WireJSON {
  static func encode<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(text.utf8))
  }
}
