import Foundation

/// Everything the app stores, as one value: for export, import and backups. It carries the rows
/// as they are, in the order given; `jsonData()` writes it losslessly, `iCalendar(stamp:)` writes
/// the reminders as VTODOs.
public struct RemindersArchive: Hashable, Sendable {
  /// The format of archives this version writes, and the newest it reads.
  public static let currentVersion = 1

  public var version: Int
  public var lists: [RemindersList]
  public var listAssets: [RemindersListAsset]
  public var reminders: [Reminder]
  public var tags: [Tag]
  public var reminderTags: [ReminderTag]
  /// The columns a hand-written archive leaves out, by reminder: a reminder that is already in
  /// the database keeps its own values for them, rather than take the defaults.
  var unstatedReminderColumns: [Reminder.ID: Set<String>] = [:]
  /// The lists whose position the archive does not give (a calendar from another app): a new one
  /// goes after the lists already in the database, not before them.
  var listsWithoutPosition: Set<RemindersList.ID> = []
  /// The rows, read from a database, whose text is not UTF-8 there (bytes another program wrote).
  /// The archive holds U+FFFD (�) in place of each sequence that is not UTF-8, so writing it does
  /// not copy that text as it is.
  public internal(set) var textNotUTF8: [TextNotUTF8] = []

  public init(
    version: Int = RemindersArchive.currentVersion, lists: [RemindersList] = [],
    listAssets: [RemindersListAsset] = [], reminders: [Reminder] = [], tags: [Tag] = [],
    reminderTags: [ReminderTag] = []
  ) {
    self.version = version
    self.lists = lists
    self.listAssets = listAssets
    self.reminders = reminders
    self.tags = tags
    self.reminderTags = reminderTags
  }

  /// The titles of a reminder's tags, in the order of `reminderTags`, spelled as `tags` spells
  /// them.
  public func tagTitles(of reminderID: Reminder.ID) -> [String] {
    reminderTags.filter { $0.reminderID == reminderID }.map { reminderTag in
      tags.first { $0.title.caseInsensitiveCompare(reminderTag.tagID) == .orderedSame }?.title
        ?? reminderTag.tagID
    }
  }

  /// Rows an archive may name without carrying them: those of the database it is imported into.
  struct ExistingRows {
    var lists: Set<RemindersList.ID> = []
    var reminders: Set<Reminder.ID> = []
    /// Tag titles, lowercased (tags ignore case).
    var tags: Set<String> = []
    /// Whether there is a database to name rows in (for the messages).
    var isDatabase = false
  }

  /// The rows the archive names without carrying them: reminders' and assets' lists, and
  /// taggings' reminders and tags (lowercased).
  var outsideReferences: (lists: Set<RemindersList.ID>, reminders: Set<Reminder.ID>, tags: Set<String>) {
    let listIDs = Set(lists.map(\.id))
    let reminderIDs = Set(reminders.map(\.id))
    let tagKeys = Set(tags.map { $0.title.lowercased() })
    return (
      Set(
        (reminders.map(\.remindersListID) + listAssets.map(\.remindersListID)).filter {
          !listIDs.contains($0)
        }),
      Set(reminderTags.map(\.reminderID).filter { !reminderIDs.contains($0) }),
      Set(reminderTags.map { $0.tagID.lowercased() }.filter { !tagKeys.contains($0) })
    )
  }

  /// Checks what the database would refuse, so an import can say what is wrong before it starts:
  /// identifiers used twice, tags that differ only in case, and references to rows that are not in
  /// the archive.
  public func validate() throws(RemindersArchiveError) {
    try validate(besides: ExistingRows())
  }

  /// The same checks, where a reference may also name a row of `existing`.
  func validate(besides existing: ExistingRows) throws(RemindersArchiveError) {
    let nowhere = existing.isDatabase ? "is in neither the archive nor the database" : "is not in the archive"
    var listIDs = Set<RemindersList.ID>()
    for (index, list) in lists.enumerated() where !listIDs.insert(list.id).inserted {
      throw RemindersArchiveError(
        path: "remindersLists[\(index)].id", message: "list \(list.id.lowercased) appears twice")
    }
    var assetIDs = Set<RemindersList.ID>()
    for (index, asset) in listAssets.enumerated() {
      let path = "remindersListAssets[\(index)].remindersListID"
      guard listIDs.contains(asset.remindersListID) || existing.lists.contains(asset.remindersListID) else {
        throw RemindersArchiveError(
          path: path, message: "list \(asset.remindersListID.lowercased) \(nowhere)")
      }
      guard assetIDs.insert(asset.remindersListID).inserted else {
        throw RemindersArchiveError(
          path: path, message: "list \(asset.remindersListID.lowercased) has two assets")
      }
    }
    var reminderIDs = Set<Reminder.ID>()
    for (index, reminder) in reminders.enumerated() {
      guard reminderIDs.insert(reminder.id).inserted else {
        throw RemindersArchiveError(
          path: "reminders[\(index)].id", message: "reminder \(reminder.id.lowercased) appears twice")
      }
      guard listIDs.contains(reminder.remindersListID) || existing.lists.contains(reminder.remindersListID)
      else {
        throw RemindersArchiveError(
          path: "reminders[\(index)].remindersListID",
          message: "list \(reminder.remindersListID.lowercased) \(nowhere)")
      }
    }
    var tagKeys = Set<String>()
    for (index, tag) in tags.enumerated() where !tagKeys.insert(tag.title.lowercased()).inserted {
      throw RemindersArchiveError(
        path: "tags[\(index)].title", message: "tag “\(tag.title)” appears twice (tags ignore case)")
    }
    var pairIDs = Set<ReminderTag.ID>()
    for (index, pair) in reminderTags.enumerated() {
      guard pairIDs.insert(pair.id).inserted else {
        throw RemindersArchiveError(
          path: "remindersTags[\(index)].id", message: "\(pair.id.lowercased) appears twice")
      }
      guard reminderIDs.contains(pair.reminderID) || existing.reminders.contains(pair.reminderID) else {
        throw RemindersArchiveError(
          path: "remindersTags[\(index)].reminderID",
          message: "reminder \(pair.reminderID.lowercased) \(nowhere)")
      }
      let tagKey = pair.tagID.lowercased()
      guard tagKeys.contains(tagKey) || existing.tags.contains(tagKey) else {
        throw RemindersArchiveError(
          path: "remindersTags[\(index)].tagID", message: "tag “\(pair.tagID)” \(nowhere)")
      }
    }
  }
}

extension RemindersArchive {
  /// Archives are equal when they carry the same rows: which columns a hand-written one left out
  /// is how to import it, not what it holds.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.version == rhs.version && lhs.lists == rhs.lists && lhs.listAssets == rhs.listAssets
      && lhs.reminders == rhs.reminders && lhs.tags == rhs.tags && lhs.reminderTags == rhs.reminderTags
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(version)
    hasher.combine(lists)
    hasher.combine(listAssets)
    hasher.combine(reminders)
    hasher.combine(tags)
    hasher.combine(reminderTags)
  }
}

extension UUID {
  /// The spelling archives use: lowercase, as SQLite's `uuid()` writes them.
  var lowercased: String { uuidString.lowercased() }
}
