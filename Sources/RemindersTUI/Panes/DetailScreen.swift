import RemindersKit
import TerminalUI

/// A detail screen as the right-hand pane has it: the live window of its rows, the selection, the
/// reminders marked for one action on all of them, a title being edited in its row, and a reminder
/// to select once its row arrives. It works out from that state what the keys act on and how the
/// pane looks; the app runs the writes.
@MainActor
final class DetailScreen {
  let model: DetailModel
  var list = ListState<RowID>()
  /// Reminders marked for one action on all of them.
  var marks = VisualSelection()
  /// The reminder whose title is being edited in its row, with the text so far.
  var renaming: (id: Reminder.ID, field: TextFieldState)?
  /// A reminder just added or copied, to select when its row arrives.
  var pendingSelection: Reminder.ID?
  /// The rows the marks were last checked against.
  private var marksCheckedAgainst: DetailWindow.Value?

  init(kind: DetailKind, visibleRows: Int) {
    model = DetailModel(kind: kind, visibleRows: visibleRows)
  }

  /// The rows as drawn, with the marked ones shown.
  func source(_ format: ReminderRowFormat) -> DetailSource {
    let window = model.state
    let rows = DetailSource(window: window, format: format)
    guard !marks.isEmpty else { return rows }
    return DetailSource(window: window, format: format, marks: marks, range: openRange(in: rows))
  }

  /// The open range's rows, from its anchor to the cursor.
  func openRange(in source: DetailSource) -> Range<Int> {
    let cursor = list.resolvedIndex(in: source) ?? 0
    return marks.range(cursor: cursor) { source.index(of: .reminder($0)) }
  }

  /// How many reminders are marked, the open range's rows included (those marked one by one too
  /// are counted once, as far as they are loaded).
  func markedCount(in source: DetailSource) -> Int {
    let range = openRange(in: source)
    let loaded = range.clamped(to: source.offset..<source.offset + source.elements.count)
    let markedInRange = loaded.count(where: { marks.isMarked(source.elements[$0 - source.offset].id) })
    return marks.marked.count + range.count - markedInRange
  }

  /// The marked reminders, the open range's rows read from the database where they are not
  /// loaded; at most `limit`, counted before the range is read (a range over a million rows is
  /// refused unread).
  func markedReminders(limit: Int, format: ReminderRowFormat) throws -> [Reminder.ID] {
    let source = source(format)
    let count = markedCount(in: source)
    guard count <= limit else {
      throw ActionError("\(count) reminders are marked; one action changes at most \(limit): mark fewer")
    }
    // Only those still on the screen: one may have left it since the marks were last checked.
    var ids = try model.shownReminderIDs(among: marks.marked)
    var seen = Set(ids)
    for id in try model.reminderIDs(at: openRange(in: source)) where seen.insert(id).inserted {
      ids.append(id)
    }
    return ids
  }

  /// The selected row, when it is loaded.
  var selectedRow: ReminderRow? {
    guard case .reminder(let id)? = list.selection, let index = model.index(of: id) else { return nil }
    return model.row(at: index)
  }

  /// Moves in the rows, loading the window around where the move lands first. The rows are read
  /// from the list as it was before the move.
  func navigate(_ key: KeyPress, height: Int, format: ReminderRowFormat) -> Bool {
    var moved = list
    let handled = moved.navigate(key, height: height, source: { source(format) }, load: model.show)
    list = moved
    return handled
  }

  /// Before a frame: loads the rows that will show (after a resize, or rows moving away) and keeps
  /// the selection on its row, or selects the reminder waiting for its row. An unfocused pane
  /// shows no selection, so it keeps its scroll position rather than following it.
  func update(height: Int, isFocused: Bool, format: ReminderRowFormat) {
    keepMarksOnTheScreen()
    let offset = list.visibleOffset(in: source(format), height: height, followsSelection: isFocused)
    model.show(offset..<offset + height)
    let source = source(format)
    if let id = pendingSelection, source.index(of: .reminder(id)) != nil {
      list.select(id: .reminder(id), in: source, height: height)
      pendingSelection = nil
    } else {
      list.reconcile(with: source, height: height, followsSelection: isFocused)
    }
  }

  /// Unmarks the reminders that left the screen since its rows last changed (hidden, moved,
  /// deleted by another program), so that the count shown and the next action count only rows
  /// the user can see. When the check cannot be read, the marks stay until the next change.
  private func keepMarksOnTheScreen() {
    let window = model.state
    guard !marks.marked.isEmpty, window != marksCheckedAgainst else { return }
    guard let shown = try? model.shownReminderIDs(among: marks.marked) else { return }
    marks.keep(only: shown)
    marksCheckedAgainst = window
  }

  /// The pane, drawn from the state as it is; `sharing` is the list's sharing, for a list screen.
  func view(isFocused: Bool, format: ReminderRowFormat, sharing: ReminderListState?) -> DetailPane {
    let source = source(format)
    return DetailPane(
      kind: model.kind, window: model.state, sharing: sharing, list: list, source: source,
      isFocused: isFocused,
      markedCount: marks.isEmpty ? 0 : markedCount(in: source), renaming: isFocused ? renaming?.field : nil,
      loadError: model.loadError.map(message(for:)))
  }
}
