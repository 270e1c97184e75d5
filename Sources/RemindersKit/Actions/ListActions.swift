import Foundation
import SQLiteData

// Lists: add, edit, delete, reorder. Each is one undo step.

extension Database {
  /// Creates a list (when `draft.id` is nil or names no list) or changes its title and colour.
  /// The title is trimmed and must not be empty. Returns the saved list.
  @discardableResult
  public func saveList(_ draft: RemindersList.Draft) throws -> RemindersList {
    let title = cleanTitle(draft.title)
    guard !title.isEmpty else { throw ActionError.emptyTitle("A list") }
    if let id = draft.id, let existing = try RemindersList.find(id).fetchOne(self) {
      return try undoable("Edit List \(quoted(existing.title))") {
        try RemindersList.find(id).update {
          $0.title = title
          $0.color = draft.color
        }
        .execute(self)
        return try RemindersList.find(id).fetchOne(self) ?? existing
      }
    }
    return try undoable("New List \(quoted(title))") {
      var draft = draft
      draft.title = title
      let id = try RemindersList.insert { draft }.returning(\.id).fetchOne(self)
      guard let id, let list = try RemindersList.find(id).fetchOne(self) else {
        throw ActionError.listNotFound
      }
      return list
    }
  }

  /// Creates a list at the end.
  @discardableResult
  public func addList(title: String, color: Int = RemindersList.defaultColor) throws -> RemindersList {
    try saveList(RemindersList.Draft(color: color, title: title))
  }

  /// Deletes a list with its reminders (and their tags). Deleting the last list leaves a new
  /// empty "Personal".
  public func deleteList(_ id: RemindersList.ID) throws {
    guard let list = try RemindersList.find(id).fetchOne(self) else { throw ActionError.listNotFound }
    try undoable("Delete List \(quoted(list.title))") {
      try ScreenSettings.find(DetailKind.list(id).settingsKey).delete().execute(self)
      try RemindersList.find(id).delete().execute(self)
    }
  }

  /// Puts the lists in this order (lists left out follow, in their current order).
  public func reorderLists(_ ids: [RemindersList.ID]) throws {
    try undoable("Reorder Lists") { try setListOrder(ids) }
  }

  /// Moves a list one place up or down the sidebar. Returns false when it is already first
  /// (or last).
  @discardableResult
  public func moveList(_ id: RemindersList.ID, _ direction: MoveDirection) throws -> Bool {
    var order = try RemindersList.ordered.select(\.id).fetchAll(self)
    guard let index = order.firstIndex(of: id) else { throw ActionError.listNotFound }
    let target = index + direction.offset
    guard order.indices.contains(target) else { return false }
    let title = try RemindersList.find(id).select(\.title).fetchOne(self) ?? ""
    order.swapAt(index, target)
    try undoable("Move \(quoted(title)) \(direction.name)") { try setListOrder(order) }
    return true
  }

  private func setListOrder(_ ids: [RemindersList.ID]) throws {
    let lists = try RemindersList.ordered.fetchAll(self)
    let known = Set(lists.map(\.id))
    var order = ids.filter(known.contains)
    let placed = Set(order)
    order += lists.map(\.id).filter { !placed.contains($0) }
    var positions: [UUID: Int] = [:]
    for (offset, id) in order.enumerated() { positions[id] = offset }
    let current = Dictionary(uniqueKeysWithValues: lists.map { ($0.id, $0.position) })
    let changed = positions.filter { current[$0.key] != $0.value }
    guard !changed.isEmpty else { return }
    try RemindersList
      .where { $0.id.in(Array(changed.keys)) }
      .update {
        $0.position = Positions.positionCase(
          RemindersList.columns.id, RemindersList.columns.position, changed)
      }
      .execute(self)
  }
}
