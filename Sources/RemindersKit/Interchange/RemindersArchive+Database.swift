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
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    return "added \(count(remindersAdded, "reminder")), updated \(count(remindersUpdated, "reminder")), "
      + "added \(count(listsAdded, "list")) and \(count(tagsAdded, "tag"))"
  }
}

extension RemindersArchive {
  /// Everything in the database: lists and reminders by position, tags by title.
  public init(_ db: Database) throws {
    self.init(
      lists: try RemindersList.order { ($0.position, $0.title) }.fetchAll(db),
      listAssets: try RemindersListAsset.order(by: \.remindersListID).fetchAll(db),
      reminders: try Reminder.order { ($0.remindersListID, $0.position) }.fetchAll(db),
      tags: try Tag.order(by: \.title).fetchAll(db),
      reminderTags: try ReminderTag.order { ($0.reminderID, $0.tagID) }.fetchAll(db))
  }
}

extension Database {
  /// Adds an archive to the database as one undo step, keeping every value it carries (ids,
  /// positions, statuses). A reminder whose id exists is updated; a list is matched by id, then
  /// by title (so importing into another database does not make a second "Personal"); tags are
  /// matched without regard to case. The archive is checked first: nothing is written when it is
  /// inconsistent.
  @discardableResult
  public func importArchive(_ archive: RemindersArchive) throws -> ImportSummary {
    do {
      try archive.validate()
    } catch {
      throw ActionError("The archive cannot be imported: \(error)")
    }
    var summary = ImportSummary()
    let count = archive.reminders.count
    try undoable("Import \(count) Reminder\(count == 1 ? "" : "s")") {
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
          // The new-list trigger gives it the next position; the archive's is kept.
          try RemindersList.find(list.id).update { $0.position = list.position }.execute(self)
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
      for reminder in archive.reminders {
        var reminder = reminder
        reminder.remindersListID = listIDs[reminder.remindersListID] ?? reminder.remindersListID
        if try Reminder.find(reminder.id).fetchCount(self) > 0 {
          try Reminder.update(reminder).execute(self)
          summary.remindersUpdated += 1
        } else {
          try Reminder.insert { reminder }.execute(self)
          try Reminder.find(reminder.id).update { $0.position = reminder.position }.execute(self)
          summary.remindersAdded += 1
        }
      }
      for link in archive.reminderTags {
        // The tag as the database spells it.
        guard let tagID = try Tag.find(link.tagID).select(\.title).fetchOne(self) else { continue }
        let isLinked =
          try ReminderTag.where { $0.reminderID.eq(link.reminderID) && $0.tagID.eq(tagID) }.fetchCount(self)
          > 0
        guard !isLinked else { continue }
        try ReminderTag.insert { ReminderTag(id: link.id, reminderID: link.reminderID, tagID: tagID) }
          .onConflictDoNothing()
          .execute(self)
      }
    }
    return summary
  }
}

extension DatabaseWriter {
  /// ``Database/importArchive(_:)`` in its own transaction.
  @discardableResult
  public func importArchive(_ archive: RemindersArchive) throws -> ImportSummary {
    try writeAction { try $0.importArchive(archive) }
  }

  /// Everything in the database, read at one moment.
  public func archive() throws -> RemindersArchive {
    try read { try RemindersArchive($0) }
  }
}
