import Foundation
import SQLiteData

// Tags: create, rename, delete. A tag is its title, compared without regard to case; renaming
// cascades to every reminder that has it (and the search index follows).

extension Tag {
  /// A tag title as saved: trimmed, without leading `#`. Throws when it is empty or has spaces.
  public static func normalizedTitle(_ title: String) throws -> String {
    let trimmed = cleanTitle(title)
    let withoutHash = String(trimmed.drop { $0 == "#" })
    guard !withoutHash.isEmpty else { throw ActionError.emptyTitle("A tag") }
    guard !withoutHash.contains(where: \.isWhitespace) else { throw ActionError.tagHasSpaces(withoutHash) }
    return withoutHash
  }
}

extension Database {
  /// Creates a tag, or finds the one with that title (whatever its case). Returns the tag as
  /// saved.
  @discardableResult
  public func addTag(_ title: String) throws -> Tag {
    let title = try Tag.normalizedTitle(title)
    return try undoable("New Tag “#\(title)”") {
      try Tag.insert { Tag(title: title) }.onConflictDoNothing().execute(self)
      return try Tag.find(title).fetchOne(self) ?? Tag(title: title)
    }
  }

  /// Renames a tag; every reminder that has it keeps it under the new name. Changing only the
  /// case of the title is a rename too.
  @discardableResult
  public func renameTag(_ id: Tag.ID, to newTitle: String) throws -> Tag {
    let title = try Tag.normalizedTitle(newTitle)
    guard let tag = try Tag.find(id).fetchOne(self) else { throw ActionError.tagNotFound(id) }
    if let other = try Tag.find(title).fetchOne(self),
      other.title.caseInsensitiveCompare(tag.title) != .orderedSame
    {
      throw ActionError.tagExists(other.title)
    }
    return try undoable("Rename Tag “#\(tag.title)” to “#\(title)”") {
      try Tag.find(tag.title).update { $0.title = title }.execute(self)
      // A change of case only is no change to the case-insensitive key, so it does not cascade:
      // the taggings are renamed by hand, keeping one spelling everywhere.
      try ReminderTag.where { $0.tagID.eq(tag.title) }.update { $0.tagID = title }.execute(self)
      return Tag(title: title)
    }
  }

  /// Deletes a tag: reminders lose it, and stay.
  public func deleteTag(_ id: Tag.ID) throws {
    guard let tag = try Tag.find(id).fetchOne(self) else { throw ActionError.tagNotFound(id) }
    try undoable("Delete Tag “#\(tag.title)”") {
      try Tag.find(tag.title).delete().execute(self)
    }
  }
}

/// A change to the tags, made from the tags picker: run as one write, after which the picker
/// updates what is chosen (``TagsPickerModel/apply(_:_:)``).
public enum TagEdit: Sendable, Equatable {
  case add(String)
  case rename(Tag.ID, to: String)
  case delete(Tag.ID)

  /// Makes the change; the tag as saved, or nil for a deletion.
  public func run(_ db: Database) throws -> Tag? {
    switch self {
    case .add(let title): return try db.addTag(title)
    case .rename(let id, let title): return try db.renameTag(id, to: title)
    case .delete(let id):
      try db.deleteTag(id)
      return nil
    }
  }
}
