import Foundation
import SQLiteData

/// A list as the sidebar shows it: with the number of its incomplete reminders, and how it is
/// shared.
@Selection
public struct ReminderListState: Hashable, Identifiable, Sendable {
  public var remindersCount: Int
  public var remindersList: RemindersList
  /// Its completed (or completing) reminders.
  public var completedCount: Int
  /// The list's share: set when the user shares it, or someone shares it with the user.
  @Column(as: CKShare?.SystemFieldsRepresentation.self)
  public var share: CKShare?
  /// Who shares the list with the user; nil for the user's own lists.
  public var sharedBy: String?

  public var id: RemindersList.ID { remindersList.id }

  public init(
    remindersCount: Int, remindersList: RemindersList, completedCount: Int = 0, share: CKShare? = nil,
    sharedBy: String? = nil
  ) {
    self.remindersCount = remindersCount
    self.remindersList = remindersList
    self.completedCount = completedCount
    self.share = share
    self.sharedBy = sharedBy
  }

  /// Whether the user may change the list: their own, or shared with them read-write.
  public var isWritable: Bool {
    sharedBy == nil || share?.currentUserPermission == .readWrite
  }

  /// What deleting the list deletes with it, as both front ends ask before they do: “2 incomplete
  /// reminders and 1 completed”, “1 completed reminder”; nil for an empty list.
  public var remindersDescription: String? {
    let (open, done) = (remindersCount, completedCount)
    return switch (open > 0, done > 0) {
    case (false, false): nil
    case (true, false): "\(count: open, "incomplete reminder")"
    case (false, true): "\(count: done, "completed reminder")"
    case (true, true): "\(count: open, "incomplete reminder") and \(done) completed"
    }
  }

  /// Why deleting a list the user shares is more than deleting it here, as both front ends say it
  /// (within a sentence).
  public static let sharedDeletionNote = "it is shared: the people you share it with lose it too"
}

extension ReminderListState {
  /// Every list by position, with its count of incomplete reminders (the list's row of
  /// `remindersListCounts`, kept by triggers; none when it has no such row), unshared:
  /// `@FetchAll(ReminderListState.all) var lists`. A database that syncs reads
  /// ``withSharing`` instead. Built once: the sidebar fetches it after every commit.
  public static let all: Select<ReminderListState, RemindersList, RemindersListCounts?> = {
    RemindersList
      .order(by: \.position)
      .leftJoin(RemindersListCounts.all) { $0.id.eq($1.remindersListID) }
      .select {
        ReminderListState.Columns(
          remindersCount: $1.incompleteCount.ifnull(0), remindersList: $0,
          completedCount: $1.completedCount.ifnull(0), share: SQLQueryExpression("NULL"),
          sharedBy: SQLQueryExpression("NULL"))
      }
  }()

  /// Every list as ``all`` reads it, with its sharing when the database syncs (its connection
  /// has the metadatabase attached).
  public static func fetchAll(_ db: Database) throws -> [ReminderListState] {
    try db.isMetadatabaseAttached ? withSharing.fetchAll(db) : all.fetchAll(db)
  }

  /// ``all`` with each list's share and owner, joined from the sync engine's metadata (the
  /// metadatabase must be attached to the connection).
  public static let withSharing:
    Select<ReminderListState, RemindersList, (RemindersListCounts?, SyncMetadata?)> = {
      RemindersList
        .order(by: \.position)
        .leftJoin(RemindersListCounts.all) { $0.id.eq($1.remindersListID) }
        .leftJoin(SyncMetadata.all) { $0.syncMetadataID.eq($2.id) }
        .select {
          ReminderListState.Columns(
            remindersCount: $1.incompleteCount.ifnull(0), remindersList: $0,
            completedCount: $1.completedCount.ifnull(0), share: $2.share,
            sharedBy: SQLQueryExpression("nullif(\($2.ownerName), \(bind: CKCurrentUserDefaultName))"))
        }
    }()
}

extension RemindersList {
  /// Every list, by position.
  public static var ordered: Select<RemindersList, RemindersList, ()> {
    RemindersList.order { ($0.position, $0.title) }
  }

  /// The colours the list form offers, by name, packed `0xRRGGBBAA` as the lists store them
  /// (``ListColorPalette``'s colours).
  public static var palette: [(name: String, color: Int)] { ListColorPalette.all.map { ($0.name, $0.value) } }

  /// The palette name of a colour, or its hex code (`#4a99ef`) when it is not in the palette.
  public static func colorName(_ color: Int) -> String {
    ListColorPalette.name(of: color) ?? ListColorPalette.hexString(color)
  }
}
