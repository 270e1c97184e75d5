import Foundation
import SQLiteData

/// What an import changed.
public struct ImportSummary: Hashable, Sendable, CustomStringConvertible {
  public var listsAdded = 0
  public var remindersAdded = 0
  public var remindersUpdated = 0
  public var tagsAdded = 0

  public init() {}

  public var description: String {
    "added \(count: remindersAdded, "reminder"), updated \(count: remindersUpdated, "reminder"), "
      + "added \(count: listsAdded, "list") and \(count: tagsAdded, "tag")"
  }
}

extension RemindersArchive {
  /// Everything in the database: lists and reminders by position, tags by title. Rows whose
  /// parent is gone (left by a program that wrote with foreign keys off) are not part of it, so
  /// that what is exported always imports.
  public init(_ db: Database) throws {
    self.init(
      lists: try RemindersList.order { ($0.position, $0.title) }.fetchAll(db),
      listAssets: try RemindersListAsset.where { $0.remindersListID.in(RemindersList.select(\.id)) }
        .order(by: \.remindersListID).fetchAll(db),
      reminders: try Reminder.where { $0.remindersListID.in(RemindersList.select(\.id)) }
        .order { ($0.remindersListID, $0.position) }.fetchAll(db),
      tags: try Tag.order(by: \.title).fetchAll(db),
      reminderTags: try ReminderTag.where {
        $0.reminderID.in(Reminder.where { $0.remindersListID.in(RemindersList.select(\.id)) }.select(\.id))
          && $0.tagID.in(Tag.select(\.title))
      }
      .order { ($0.reminderID, $0.tagID) }.fetchAll(db))
    textNotUTF8 = try Self.textNotUTF8(in: self, db)
  }
}

extension Database {
  /// Adds an archive to the database as one undo step, keeping every value it carries (ids,
  /// positions, statuses). A reminder whose id exists is updated; a list is matched by id, then
  /// by title (so importing into another database does not make a second "Personal"); tags are
  /// matched without regard to case. Reminders may go into lists, and taggings name reminders and
  /// tags, that are in the database but not in the archive (a file of a few new reminders). The
  /// archive is checked first: nothing is written when it is inconsistent.
  @discardableResult
  public func importArchive(_ archive: RemindersArchive) throws -> ImportSummary {
    do {
      try archive.validate(besides: existingRows(namedBy: archive))
    } catch {
      throw ActionError("The archive cannot be imported: \(error)")
    }
    var summary = ImportSummary()
    let count = archive.reminders.count
    try undoable("Import \(count: count, "Reminder")") {
      var listIDs: [RemindersList.ID: RemindersList.ID] = [:]
      for list in archive.lists {
        if try RemindersList.find(list.id).fetchCount(self) > 0 {
          listIDs[list.id] = list.id
        } else if let existing = try RemindersList.where({ $0.title.collate(.nocase).eq(list.title) })
          .order(by: \.position).fetchOne(self)
        {
          listIDs[list.id] = existing.id
        } else {
          try RemindersList.insert { list }.execute(self)
          // The new-list trigger gives it the next position; the archive's is kept, when it has one.
          if !archive.listsWithoutPosition.contains(list.id) {
            try RemindersList.find(list.id).update { $0.position = list.position }.execute(self)
          }
          listIDs[list.id] = list.id
          summary.listsAdded += 1
        }
      }
      for asset in archive.listAssets {
        let listID = listIDs[asset.remindersListID] ?? asset.remindersListID
        try RemindersListAsset.insert {
          RemindersListAsset(remindersListID: listID, coverImage: asset.coverImage)
        }
        .onConflict({ [$0.remindersListID] }) { $0.coverImage = $1.coverImage }
        .execute(self)
      }
      for tag in archive.tags where try Tag.find(tag.title).fetchCount(self) == 0 {
        try Tag.insert { tag }.execute(self)
        summary.tagsAdded += 1
      }
      try importReminders(archive, listIDs: listIDs, summary: &summary)
    }
    return summary
  }
}

extension Database {
  /// The rows of this database that the archive names without carrying them.
  fileprivate func existingRows(namedBy archive: RemindersArchive) throws -> RemindersArchive.ExistingRows {
    let outside = archive.outsideReferences
    var existing = RemindersArchive.ExistingRows(isDatabase: true)
    for ids in Self.batches(of: Array(outside.lists)) {
      existing.lists.formUnion(try RemindersList.where { $0.id.in(ids) }.select(\.id).fetchAll(self))
    }
    for ids in Self.batches(of: Array(outside.reminders)) {
      existing.reminders.formUnion(try Reminder.where { $0.id.in(ids) }.select(\.id).fetchAll(self))
    }
    if !outside.tags.isEmpty {
      existing.tags = Set(try Tag.select(\.title).fetchAll(self).map { $0.lowercased() }).intersection(
        outside.tags)
    }
    return existing
  }

  /// The reminders and their tags, in bulk: reminders already here are updated one by one (and
  /// recorded for undo row by row); new ones are inserted many rows a statement, with their
  /// positions as given, and undone by deleting the rowids they took. Taggings go in before their
  /// reminders (foreign keys are checked at commit), so that each reminder enters the search
  /// index once, with its tags, instead of once and again for every tag.
  fileprivate func importReminders(
    _ archive: RemindersArchive, listIDs: [RemindersList.ID: RemindersList.ID], summary: inout ImportSummary
  ) throws {
    // The reminders already here, with the taggings they have, a batch of ids at a time.
    var existing: [Reminder.ID: Reminder] = [:]
    var taggings = Set<String>()
    for ids in Self.batches(of: archive.reminders.map(\.id)) {
      let found = try Reminder.where { $0.id.in(ids) }.fetchAll(self)
      guard !found.isEmpty else { continue }
      for reminder in found { existing[reminder.id] = reminder }
      let foundIDs = found.map(\.id)
      for tagging in try ReminderTag.where({ $0.reminderID.in(foundIDs) }).fetchAll(self) {
        taggings.insert("\(tagging.reminderID) \(tagging.tagID.lowercased())")
      }
    }
    // The tag as the database spells it.
    var tagTitles: [String: String] = [:]
    for title in try Tag.select(\.title).fetchAll(self) { tagTitles[title.lowercased()] = title }

    for var reminder in archive.reminders {
      guard let current = existing[reminder.id] else { continue }
      reminder.remindersListID = listIDs[reminder.remindersListID] ?? reminder.remindersListID
      let unstated = archive.unstatedReminderColumns[reminder.id] ?? []
      try Reminder.update(reminder.imported(over: current, keeping: unstated)).execute(self)
      summary.remindersUpdated += 1
    }

    let newTaggings = archive.reminderTags.compactMap { link -> ReminderTag? in
      guard let tagID = tagTitles[link.tagID.lowercased()],
        taggings.insert("\(link.reminderID) \(tagID.lowercased())").inserted
      else { return nil }
      return ReminderTag(id: link.id, reminderID: link.reminderID, tagID: tagID)
    }
    let newReminders = archive.reminders.filter { existing[$0.id] == nil }.map { reminder in
      var reminder = reminder
      reminder.remindersListID = listIDs[reminder.remindersListID] ?? reminder.remindersListID
      return reminder
    }
    let firstRowIDs = try nextRowIDs()
    try bulkChange {
      try execute(sql: "PRAGMA defer_foreign_keys = ON")
      for chunk in Self.batches(of: newTaggings) {
        try ReminderTag.insert { chunk }.onConflictDoNothing().execute(self)
      }
      for chunk in Self.batches(of: newReminders) { try Reminder.insert { chunk }.execute(self) }
    } inverse: {
      let lastRowIDs = try nextRowIDs()
      return [
        #"DELETE FROM "remindersTags" WHERE rowid >= \#(firstRowIDs.taggings) AND rowid < \#(lastRowIDs.taggings)"#,
        #"DELETE FROM "reminders" WHERE rowid >= \#(firstRowIDs.reminders) AND rowid < \#(lastRowIDs.reminders)"#,
      ]
    }
    summary.remindersAdded += newReminders.count
  }

  /// `elements` 500 at a time: a statement per batch, well below SQLite's limit of parameters.
  private static func batches<Element>(of elements: [Element]) -> [[Element]] {
    stride(from: 0, to: elements.count, by: 500).map { Array(elements[$0..<min($0 + 500, elements.count)]) }
  }

  /// The rowids the next reminder and the next tagging take.
  private func nextRowIDs() throws -> (reminders: Int, taggings: Int) {
    let row = try Row.fetchOne(
      self,
      sql:
        #"SELECT (SELECT ifnull(max(rowid), 0) + 1 FROM "reminders"), (SELECT ifnull(max(rowid), 0) + 1 FROM "remindersTags")"#
    )
    guard let row, case .integer(let reminders) = row[0], case .integer(let taggings) = row[1] else {
      return (1, 1)
    }
    return (Int(reminders), Int(taggings))
  }
}

extension DatabaseWriter {
  /// Everything in the database, read at one moment.
  public func archive() throws -> RemindersArchive {
    try read { try RemindersArchive($0) }
  }
}

extension Reminder {
  /// This reminder as an import writes it over `current`, the one already here, keeping what the
  /// archive's format may not carry: the time it was completed (an iCalendar file from elsewhere
  /// has no COMPLETED), and a time's fraction of a second (iCalendar's times stop at the second)
  /// where the archive names the same second; and the columns in `unstated`, which the archive
  /// left out.
  fileprivate func imported(over current: Reminder, keeping unstated: Set<String>) -> Reminder {
    func sameSecond(_ time: Date?, _ currentTime: Date?) -> Bool {
      guard let time, let currentTime else { return false }
      return time.timeIntervalSince1970.rounded(.down) == currentTime.timeIntervalSince1970.rounded(.down)
    }
    var imported = self
    if unstated.contains("title") { imported.title = current.title }
    if unstated.contains("dueDate") { imported.dueDate = current.dueDate }
    if unstated.contains("isFlagged") { imported.isFlagged = current.isFlagged }
    if unstated.contains("notes") { imported.notes = current.notes }
    if unstated.contains("position") { imported.position = current.position }
    if unstated.contains("priority") { imported.priority = current.priority }
    if unstated.contains("status") { imported.status = current.status }
    if sameSecond(dueDate, current.dueDate) { imported.dueDate = current.dueDate }
    if isCompleted, current.isCompleted, completedAt == nil || sameSecond(completedAt, current.completedAt) {
      imported.completedAt = current.completedAt
    }
    return imported
  }
}
