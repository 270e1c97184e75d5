import Foundation
import SQLiteData

/// Everything the home screen (the sidebar and the status line) shows, read in one transaction:
/// one commit gives one fetch and one new value, whichever of its parts changed.
///
///     @Fetch(HomeRequest(day: .today)) var home = HomeRequest.Value()
public struct HomeRequest: FetchKeyRequest {
  public struct Value: Hashable, Sendable {
    public var stats = Stats()
    /// The lists by position, with their counts and sharing.
    public var lists: [ReminderListState] = []
    /// The tags in use, by title.
    public var tags: [TagUsage] = []
    /// Changes made here and not yet sent to the sync server (0 when the database does not sync).
    public var pendingChanges = 0

    public init(
      stats: Stats = Stats(), lists: [ReminderListState] = [], tags: [TagUsage] = [], pendingChanges: Int = 0
    ) {
      self.stats = stats
      self.lists = lists
      self.tags = tags
      self.pendingChanges = pendingChanges
    }
  }

  /// The day the Today count counts.
  public var day: LocalDay

  public init(day: LocalDay) {
    self.day = day
  }

  public func fetch(_ db: Database) throws -> Value {
    // A database that syncs has the metadatabase on every connection: its lists' sharing and the
    // changes waiting are read from there.
    let syncs = try db.isMetadatabaseAttached
    return try Value(
      stats: Stats.query(on: day).fetchOne(db) ?? Stats(),
      lists: ReminderListState.fetchAll(db),
      tags: TagUsage.inUse.fetchAll(db),
      pendingChanges: syncs ? SyncEngine.pendingChangeCount(db) : 0)
  }

  /// The SQL of the statements a database that does not sync runs, with the values written in.
  public var sql: [String] {
    [
      Stats.query(on: day).query.inlinedSQL, ReminderListState.all.query.inlinedSQL,
      TagUsage.inUse.query.inlinedSQL,
    ]
  }
}
