import RemindersKit

/// Reminders marked on a detail screen for one action on all of them, as vim's visual modes
/// mark lines: one by one (`v` marks or unmarks the row under the cursor), or as a range from an
/// anchor to the cursor (`V` starts it; `V` again keeps its rows marked and ends it).
struct VisualSelection: Equatable {
  /// The most reminders one action changes: a marked range can reach a whole screen of a
  /// million rows, which is a query, not a selection.
  static let actionLimit = 10_000

  /// Marked one by one (and kept from ended ranges), in the order marked.
  private(set) var marked: [Reminder.ID] = []
  /// The same ids, to look one up as each row is drawn.
  private var markedSet: Set<Reminder.ID> = []
  /// The row a range started on, while a range is open: its reminder, and its index then (for
  /// when that row is not loaded any more).
  private(set) var anchor: Anchor?

  struct Anchor: Equatable {
    var id: Reminder.ID
    var index: Int
  }

  var isEmpty: Bool { marked.isEmpty && anchor == nil }

  /// Marks the row, or unmarks it if it is marked.
  mutating func toggle(_ id: Reminder.ID) {
    if markedSet.remove(id) != nil {
      marked.removeAll { $0 == id }
    } else {
      markedSet.insert(id)
      marked.append(id)
    }
  }

  func isMarked(_ id: Reminder.ID) -> Bool { markedSet.contains(id) }

  /// Unmarks the reminders not among `ids`.
  mutating func keep(only ids: [Reminder.ID]) {
    markedSet.formIntersection(ids)
    marked.removeAll { !markedSet.contains($0) }
  }

  /// Opens a range at the cursor's row.
  mutating func startRange(at id: Reminder.ID, index: Int) {
    anchor = Anchor(id: id, index: index)
  }

  /// Ends the open range, keeping `ids` (its rows) marked.
  mutating func endRange(keeping ids: [Reminder.ID]) {
    anchor = nil
    for id in ids where markedSet.insert(id).inserted { marked.append(id) }
  }

  /// The indices of the open range's rows, from the anchor (where `anchorIndex` finds it now) to
  /// the cursor; empty without a range.
  func range(cursor: Int, anchorIndex: (Reminder.ID) -> Int?) -> Range<Int> {
    guard let anchor else { return 0..<0 }
    let start = anchorIndex(anchor.id) ?? anchor.index
    return min(start, cursor)..<(max(start, cursor) + 1)
  }

  /// Whether the row of `id` at `index` shows as marked, with the open range over `range`.
  func contains(_ id: Reminder.ID, at index: Int, range: Range<Int>) -> Bool {
    range.contains(index) || markedSet.contains(id)
  }
}
