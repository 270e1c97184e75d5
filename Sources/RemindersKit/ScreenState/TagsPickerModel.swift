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

  /// What is chosen after a change to the tags was saved (its writes run elsewhere, off the
  /// screen's thread): a new tag is chosen, a chosen tag stays chosen under its new title, a
  /// deleted one is no longer chosen.
  public func apply(_ edit: TagEdit, _ saved: Tag?) {
    switch edit {
    case .add:
      if let saved, !isSelected(saved.title) { selected.append(saved.title) }
    case .rename(let id, _):
      guard let saved, isSelected(id) else { return }
      selected.removeAll { $0.caseInsensitiveCompare(id) == .orderedSame }
      selected.append(saved.title)
    case .delete(let id):
      selected.removeAll { $0.caseInsensitiveCompare(id) == .orderedSame }
    }
  }
}
