import Foundation
import RemindersKit
import SQLiteData
import TerminalUI

// Marking reminders (v, V) and the actions on several at once: complete, flag, tag, move to
// another list, duplicate and delete; and renaming a reminder in its row.
extension RemindersApp {
  /// The reminders an action applies to: on a detail screen with marks, the marked ones; else
  /// the selected one; none when nothing is selected.
  func targets() throws -> [Reminder.ID] {
    guard let detail, search == nil, !detail.marks.isEmpty else {
      return selectedReminder.map { [$0.id] } ?? []
    }
    return try detail.markedReminders(limit: VisualSelection.actionLimit, format: format)
  }

  /// How a message names the reminders an action changed: the title of one, or how many.
  func subject(_ ids: [Reminder.ID]) -> String {
    guard ids.count == 1 else { return "\(ids.count) reminders" }
    if let row = selectedReminder, row.id == ids[0] { return "“\(row.reminder.title)”" }
    if search == nil, let model = detail?.model, let index = model.index(of: ids[0]),
      let row = model.row(at: index)
    {
      return "“\(row.reminder.title)”"
    }
    return "1 reminder"
  }

  // MARK: - Marking

  /// `v`: marks the selected row, or unmarks it.
  func toggleMark() {
    guard let row = selectedReminder, search == nil, let detail else {
      post("Select a reminder on a list's screen to mark it", style: .warning)
      return
    }
    detail.marks.toggle(row.id)
  }

  /// `V`: opens a range at the selected row, or ends the open one keeping its rows marked.
  func toggleRange() {
    guard let detail, search == nil, let row = selectedReminder, let index = detail.model.index(of: row.id)
    else {
      post("Select a reminder on a list's screen to mark from it", style: .warning)
      return
    }
    guard detail.marks.anchor != nil else {
      detail.marks.startRange(at: row.id, index: index)
      return
    }
    do {
      detail.marks.endRange(
        keeping: try detail.model.reminderIDs(at: detail.openRange(in: detail.source(format))))
    } catch {
      post(message(for: error), style: .error)
    }
  }

  // MARK: - Actions on the marked reminders

  /// Runs an action of the reminders' keys on the marked reminders, or on the selected one.
  func performOnReminders(_ action: AppAction) {
    let ids: [Reminder.ID]
    do {
      ids = try targets()
    } catch {
      post(message(for: error), style: .error)
      return
    }
    guard !ids.isEmpty else {
      post("Select a reminder first", style: .warning)
      return
    }
    let subject = subject(ids)
    switch action {
    case .toggleCompletion:
      write {
        let change = try $0.toggleCompletion(ids)
        return change.state == .incomplete
          ? change.message { "Marked \($0) not completed" } : change.message { "Completed \($0)" }
      }
    case .toggleFlag:
      write {
        let change = try $0.toggleFlag(ids)
        return change.state ? change.message { "Flagged \($0)" } : change.message { "Unflagged \($0)" }
      }
    case .delete:
      let capitalized = ids.count == 1 ? "reminder" : "\(ids.count) reminders"
      overlay = .confirm(
        ConfirmationState(
          title: "Delete \(capitalized)", message: "Delete \(subject)? (u undoes it)", confirmLabel: "Delete",
          cancelLabel: "Cancel"),
        .reminders(ids, subject: subject))
      return
    case .tag:
      prompt = LinePrompt(.tag(ids))
    case .moveToList:
      let lists = home.lists.map(\.remindersList)
      guard !lists.isEmpty else { return }
      overlay = .moveMenu(PickerState(lists.map(\.title)), ids, lists: lists.map(\.id))
      return
    case .duplicate:
      write {
        try $0.duplicateReminders(ids)
      } then: { [weak self] copies in
        self?.detail?.pendingSelection = copies.first
        self?.post("Duplicated \(subject)", style: .statusBar)
      }
    default:
      return
    }
    detail?.marks = VisualSelection()
  }

  /// Moves reminders to the list chosen in the move menu.
  func move(_ ids: [Reminder.ID], to list: RemindersList.ID, title: String) {
    let subject = subject(ids)
    write {
      let moved = try $0.moveReminders(ids, to: list)
      return moved == 0
        ? "Already in \(title)"
        : "Moved \(ids.count == 1 ? subject : "\(count: moved, "reminder")") to \(title)"
    }
    detail?.marks = VisualSelection()
  }

  /// Tags reminders with the tag typed on the line, or takes it off them all.
  func tag(_ ids: [Reminder.ID], _ text: String) {
    prompt = nil
    let subject = subject(ids)
    write {
      switch try $0.toggleTag(text, on: ids) {
      case .added(let count, let tag) where count < ids.count:
        // Those that had the tag already are not counted.
        "Tagged \(count: count, "reminder") #\(tag); \(ids.count - count) had it already"
      case .added(_, let tag): "Tagged \(subject) #\(tag)"
      case .removed(_, let tag): "Took #\(tag) off \(subject)"
      }
    } then: { [weak self] message in
      self?.post(message, style: .statusBar)
    } failed: { [weak self] error in
      self?.reopenPrompt(.tag(ids), text: text, saying: error)
    }
  }

  // MARK: - Renaming in place

  /// `r`: edits the selected reminder's title in its row.
  func startRenaming() {
    guard let row = selectedReminder, search == nil, let detail else {
      post("Select a reminder on a list's screen to rename it", style: .warning)
      return
    }
    detail.renaming = (row.id, TextFieldState(row.reminder.title))
  }

  /// Keys while a title is edited in its row: Enter saves, Esc leaves it as it was.
  func handleRename(_ detail: DetailScreen, _ event: KeyEvent) -> EventResult {
    guard let (id, field) = detail.renaming else { return .ignored }
    var edited = field
    switch event {
    case .key(.enter):
      // An empty title is not saved: the line stays open to type one (Esc keeps the old one).
      guard !edited.text.allSatisfy(\.isWhitespace) else {
        post("A reminder needs a title: type one, or esc keeps the one it had", style: .error)
        return .handled
      }
      detail.renaming = nil
      let title = edited.text
      // The line closes at once; a rename that fails (a lock held too long) opens it again with
      // the text typed, unless something else was opened meanwhile.
      write {
        try $0.renameReminder(id, to: title)
      } then: { [weak self] saved in
        self?.post("Renamed to “\(saved)”", style: .statusBar)
      } failed: { [weak self, weak detail] error in
        guard let self else { return }
        self.post(message(for: error), style: .error)
        if let detail, detail === self.detail, detail.renaming == nil, self.overlay == nil, self.prompt == nil
        {
          detail.renaming = (id, edited)
        }
      }
    case .key(.escape):
      detail.renaming = nil
    default:
      guard edited.handle(event) else { return event == .resize ? .handled : .ignored }
      detail.renaming = (id, edited)
    }
    return .handled
  }
}
