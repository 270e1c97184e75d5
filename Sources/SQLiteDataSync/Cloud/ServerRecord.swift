import Foundation
import SQLiteEngine

/// A record zone: the unit of change tracking and sharing on the server, owned by one user.
public struct ZoneID: Hashable, Sendable, CustomStringConvertible {
  public var owner: String
  public var zone: String
  public init(owner: String, zone: String) {
    self.owner = owner
    self.zone = zone
  }
  public var description: String { "\(owner)/\(zone)" }
}

/// Where a record lives on the server: its zone and its name (`<primary key>:<table>`).
public struct RecordID: Hashable, Sendable, CustomStringConvertible {
  public var owner: String
  public var zone: String
  public var recordName: String
  public init(owner: String, zone: String, recordName: String) {
    self.owner = owner
    self.zone = zone
    self.recordName = recordName
  }
  public init(zoneID: ZoneID, recordName: String) {
    self.init(owner: zoneID.owner, zone: zoneID.zone, recordName: recordName)
  }
  public var zoneID: ZoneID { ZoneID(owner: owner, zone: zone) }
  public var description: String { "\(owner)/\(zone)/\(recordName)" }
}

/// One column of a record: its value and the hybrid-logical-clock stamp of the edit that set it.
public struct RecordField: Hashable, Sendable {
  public var value: FieldValue
  public var stamp: HLCStamp
  public init(value: FieldValue, stamp: HLCStamp) {
    self.value = value
    self.stamp = stamp
  }
}

/// A row as the server stores it: the column values with their stamps, the parent it hangs from
/// (the one foreign key of a single-parent table), and the zone version that last wrote it.
/// A deleted record stays as a tombstone that keeps its last fields, so that a later edit can
/// bring the whole row back.
public struct ServerRecord: Hashable, Sendable {
  public var owner: String
  public var zone: String
  public var recordName: String
  public var recordType: String
  public var parent: String?
  public var fields: [String: RecordField] {
    didSet { encodedFields = EncodedText() }
  }
  /// The fields as JSON text while `fields` are unchanged: as the server sent them, or as
  /// encoded once for a batch. Sent and stored as the base of later merges as it is, rather than
  /// encoded again for each (a pull stores every record, a push sends, keeps and stores each).
  var encodedFields = EncodedText()
  public var deleted: Bool
  public var deletedStamp: HLCStamp?
  /// The zone version that wrote the record (its change tag); nil in a save that creates it.
  public var version: Int64?
  /// The user whose change the server took last (set by the server, ignored in a save).
  public var modifiedBy: String?

  public init(
    id: RecordID, recordType: String, parent: String? = nil, fields: [String: RecordField],
    deleted: Bool = false, deletedStamp: HLCStamp? = nil, version: Int64? = nil, modifiedBy: String? = nil
  ) {
    owner = id.owner
    zone = id.zone
    recordName = id.recordName
    self.recordType = recordType
    self.parent = parent
    self.fields = fields
    self.deleted = deleted
    self.deletedStamp = deletedStamp
    self.version = version
    self.modifiedBy = modifiedBy
  }

  public var id: RecordID { RecordID(owner: owner, zone: zone, recordName: recordName) }

  /// The newest stamp of any field: when the record's content was last edited.
  public var newestFieldStamp: HLCStamp { fields.values.map(\.stamp).max() ?? .zero }
}

/// A value's encoding, kept with it and not part of it: equal whatever it holds, so that a
/// record read from the server equals the same record made here.
struct EncodedText: Hashable, Sendable {
  var text: String?
  static func == (lhs: Self, rhs: Self) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}

/// A save sent to the server: the whole record, and the version it was built on (nil to create).
public struct RecordSave: Hashable, Sendable {
  public var record: ServerRecord
  public var baseVersion: Int64?
  public init(record: ServerRecord, baseVersion: Int64?) {
    self.record = record
    self.baseVersion = baseVersion
  }
}

/// A delete sent to the server: it turns the record into a tombstone stamped with the delete's time.
public struct RecordDelete: Hashable, Sendable {
  public var id: RecordID
  public var baseVersion: Int64?
  public var deletedStamp: HLCStamp
  public init(id: RecordID, baseVersion: Int64?, deletedStamp: HLCStamp) {
    self.id = id
    self.baseVersion = baseVersion
    self.deletedStamp = deletedStamp
  }
}

/// What the server did with one save or delete. The vocabulary is CloudKit's, so that the
/// engine's handling of each case reads as the seeds' library's does.
public enum RecordStatus: String, Hashable, Sendable {
  case saved
  case deleted
  /// The record changed on the server since the version the client built on; the reply carries
  /// the server's record to merge with.
  case serverRecordChanged
  /// The client named a version of a record the server does not have.
  case unknownItem
  /// A save under a parent that is missing or deleted, or a delete of a record that still has
  /// live children.
  case referenceViolation
  case permissionFailure
  case zoneNotFound
  /// Another operation in the same zone failed, and the zone's batch is all or nothing.
  case batchRequestFailed
}

public struct RecordResult: Hashable, Sendable {
  public var id: RecordID
  public var status: RecordStatus
  /// The record's new version, after `saved` or `deleted`.
  public var version: Int64?
  /// The server's record, after `serverRecordChanged`.
  public var serverRecord: ServerRecord?
  public init(id: RecordID, status: RecordStatus, version: Int64? = nil, serverRecord: ServerRecord? = nil) {
    self.id = id
    self.status = status
    self.version = version
    self.serverRecord = serverRecord
  }
}

/// One page of a zone's change feed: records (live and tombstones) written after a version, in
/// version order, with the token to ask from next time.
public struct ZoneChanges: Hashable, Sendable {
  public var records: [ServerRecord]
  public var version: Int64
  public var more: Bool
  /// Records that left a share the user reads (moved out of it) and are no longer readable:
  /// a participant's device drops them.
  public var exits: [String]
  public init(records: [ServerRecord], version: Int64, more: Bool, exits: [String] = []) {
    self.records = records
    self.version = version
    self.more = more
    self.exits = exits
  }
}

/// The zones a user can read, with their current versions.
public struct CloudDatabaseChanges: Hashable, Sendable {
  public struct Zone: Hashable, Sendable {
    public var owner: String
    public var zone: String
    public var version: Int64
    public init(owner: String, zone: String, version: Int64) {
      self.owner = owner
      self.zone = zone
      self.version = version
    }
    public var id: ZoneID { ZoneID(owner: owner, zone: zone) }
  }
  public var zones: [Zone]
  public var token: Int64
  public init(zones: [Zone], token: Int64) {
    self.zones = zones
    self.token = token
  }
}

/// Who the server says the client is.
public struct CloudAccount: Hashable, Sendable {
  public var user: String
  /// The server installation: a different id means a different server, so a different account.
  public var serverID: String
  public init(user: String, serverID: String) {
    self.user = user
    self.serverID = serverID
  }
}
