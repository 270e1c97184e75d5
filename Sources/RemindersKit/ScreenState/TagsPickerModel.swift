import Foundation
import Observation
import SQLiteData

/// The tags picker: the three most used tags, then the others by title, live; which are chosen
/// for the reminder being edited; and adding, renaming and deleting tags.
@MainActor
@Observable
public final class TagsPickerModel {
  /// The chosen tags' titles, as the reminder will have them.
  public private(set) var selected: [String]

  @ObservationIgnored
  @Fetch(TagPicker()) var picker = TagPicker.Value()

  @ObservationIgnored
  @Dependency(\.defaultDatabase) var database

  public init(selected: [String]) {
    self.selected = selected
  }

  /// The tags in the picker's order: the most used, then the rest.
  public var tags: [TagUsage] { picker.all }
  /// How many of `tags` are the most used ones.
  public var topCount: Int { picker.top.count }

  public func isSelected(_ title: String) -> Bool {
    selected.contains { $0.caseInsensitiveCompare(title) == .orderedSame }
  }

  public func toggle(_ title: String) {
    if isSelected(title) {
      selected.removeAll { $0.caseInsensitiveCompare(title) == .orderedSame }
    } else {
      selected.append(title)
    }
  }

  /// Creates a tag (or finds the one with that title) and chooses it.
  @discardableResult
  public func add(_ title: String) throws -> Tag {
    let tag = try database.addTag(title)
    if !isSelected(tag.title) { selected.append(tag.title) }
    return tag
  }

  /// Renames a tag everywhere; a chosen tag stays chosen under its new title.
  @discardableResult
  public func rename(_ id: Tag.ID, to title: String) throws -> Tag {
    let tag = try database.renameTag(id, to: title)
    if isSelected(id) {
      selected.removeAll { $0.caseInsensitiveCompare(id) == .orderedSame }
      selected.append(tag.title)
    }
    return tag
  }

  /// Deletes a tag from every reminder.
  public func delete(_ id: Tag.ID) throws {
    try database.deleteTag(id)
    selected.removeAll { $0.caseInsensitiveCompare(id) == .orderedSame }
  }
}
