import Foundation
import SQLiteData

/// A change the sync server took: who made it, and its version (later changes have larger
/// ones, within a list).
public struct SharedChange: Hashable, Sendable {
  /// The user who made the change; nil when the server did not say.
  public var modifiedBy: String?
  public var version: Int64
  /// Whether this device's user made it.
  public var isByCurrentUser: Bool

  public init(modifiedBy: String?, version: Int64, isByCurrentUser: Bool) {
    self.modifiedBy = modifiedBy
    self.version = version
    self.isByCurrentUser = isByCurrentUser
  }

  /// For a list screen: the last change to the list or its reminders, and the reminders among
  /// `rowids` someone else changed last. Nothing on a connection without the metadatabase.
  static func read(for list: RemindersList, rowids: [Int], _ db: Database) throws
    -> (last: SharedChange?, byOthers: [Reminder.ID: SharedChange])
  {
    guard try db.isMetadatabaseAttached else { return (nil, [:]) }
    let user = try SyncEngine.currentUserName(db)
    let recordName = try RemindersList.where { $0.id.eq(list.id) }
      .join(SyncMetadata.all) { $0.syncMetadataID.eq($1.id) }
      .select { $1.recordName }
      .fetchOne(db)
    let last = try recordName.flatMap { try SyncMetadata.lastChange(underRecordNamed: $0, db) }.map {
      SharedChange(modifiedBy: $0.modifiedBy, version: $0.version, isByCurrentUser: $0.modifiedBy == user)
    }
    var byOthers: [Reminder.ID: SharedChange] = [:]
    let rows = try Reminder.where { $0.rowid.in(rowids) }
      .join(SyncMetadata.all) { $0.syncMetadataID.eq($1.id) }
      .select { ($0.id, $1) }
      .fetchAll(db)
    for (id, metadata) in rows {
      if let by = metadata.lastModifiedBy, by != user, let version = metadata.serverVersion {
        byOthers[id] = SharedChange(modifiedBy: by, version: version, isByCurrentUser: false)
      }
    }
    return (last, byOthers)
  }
}
