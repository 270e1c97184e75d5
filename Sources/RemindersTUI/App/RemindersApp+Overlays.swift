import Foundation
import RemindersKit
import SQLiteData
import TerminalUI

// Keys while an overlay or the quick-add line has them.
extension RemindersApp {
  func handleOverlay(_ current: Overlay, _ event: KeyEvent) -> EventResult {
    switch current {
    case .help(let scroll):
      if case .key(let key) = event,
        key == KeyPress("j") || key == .down || key == KeyPress("k") || key == .up
      {
        let step = key == KeyPress("j") || key == .down ? 1 : -1
        let last = HelpOverlay(sections: helpSections).lineCount - 1
        overlay = .help(scroll: min(max(scroll + step, 0), max(last, 0)))
      } else {
        overlay = nil
      }
    case .confirm(var confirmation, let deletion):
      switch confirmation.handle(event) {
      case true?:
        overlay = nil
        delete(deletion)
      case false?:
        overlay = nil
      case nil:
        overlay = .confirm(confirmation, deletion)
      }
    case .sortMenu(var picker):
      switch picker.handle(event) {
      case .chosen(let index)?:
        overlay = nil
        let ordering = ScreenSettings.Ordering.allCases[index]
        if let kind = detail?.model.kind {
          write {
            try $0.setOrdering(ordering, for: kind)
            return "Sorted by \(ordering.displayName)"
          }
        }
      case .cancelled?:
        overlay = nil
      case nil:
        overlay = .sortMenu(picker)
      }
    case .clearMenu(var picker):
      switch picker.handle(event) {
      case .chosen(let index)?:
        overlay = nil
        askToClearCompleted(olderThan: ClearCompletedAge.allCases[index])
      case .cancelled?:
        overlay = nil
      case nil:
        overlay = .clearMenu(picker)
      }
    case .moveMenu(var picker, let ids, let lists):
      switch picker.handle(event) {
      case .chosen(let index)?:
        overlay = nil
        move(ids, to: lists[index], title: picker.options[index])
      case .cancelled?:
        overlay = nil
      case nil:
        overlay = .moveMenu(picker, ids, lists: lists)
      }
    case .reminderForm(let form):
      switch form.handle(event, loop: loop) {
      case .save(let draft, let tags)?:
        // Closed at once; a save that fails opens the form again, as it was, saying why.
        overlay = nil
        let original = form.original
        write {
          if let original {
            try $0.saveReminder(draft, tags: tags, since: original)
          } else {
            try $0.saveReminder(draft, tags: tags)
          }
        } then: { [weak self] reminder in
          self?.detail?.pendingSelection = reminder.id
          self?.post("Saved “\(reminder.title)”", style: .success)
        } failed: { [weak self] error in
          self?.reopen(.reminderForm(form), saying: error) { form.error = $0 }
        }
      case .unchanged?:
        overlay = nil
        post("Nothing to save: the reminder is as it was", style: .statusBar)
      case .editTag(let edit)?:
        // The form stays open while the tag is written; keys keep working meanwhile.
        write {
          try edit.run($0)
        } then: { [weak form] saved in
          form?.tagEditFinished(edit, .success(saved))
        } failed: { [weak form] error in
          form?.tagEditFinished(edit, .failure(error))
        }
      case .cancelled?:
        overlay = nil
      case nil:
        break
      }
    case .share(let dialog):
      handleShareDialog(dialog, event)
    case .invitations(let dialog):
      handleInvitations(dialog, event)
    case .listForm(let form):
      switch form.handle(event) {
      case .save?
      where !form.model.isNew && !form.model.hasChanges:
        overlay = nil
        post("Nothing to save: the list is as it was", style: .statusBar)
      case .save(let draft)?:
        overlay = nil
        let original = form.model.original
        write {
          if let original {
            try $0.saveList(draft, since: original)
          } else {
            try $0.saveList(draft)
          }
        } then: { [weak self] list in
          self?.sidebar.select(whenItArrives: .list(list.id))
          self?.post("Saved the list “\(list.title)”", style: .success)
        } failed: { [weak self] error in
          self?.reopen(.listForm(form), saying: error) { form.error = $0 }
        }
      case .cancelled?:
        overlay = nil
      case nil:
        break
      }
    }
    return .handled
  }

  /// Opens a form again after its save failed, as it was, with the reason in its footer; when
  /// another overlay was opened meanwhile, the reason goes to the status line instead.
  private func reopen(_ form: Overlay, saying error: any Error, show: (String) -> Void) {
    guard overlay == nil else {
      post(message(for: error), style: .error)
      return
    }
    show(message(for: error))
    overlay = form
  }

  func handlePrompt(_ event: KeyEvent) -> EventResult {
    guard var line = prompt else { return .ignored }
    switch event {
    case .key(.enter):
      guard !line.field.text.allSatisfy(\.isWhitespace) else {
        prompt = nil
        return .handled
      }
      switch line.purpose {
      case .quickAdd: addQuickly(line.field.text)
      case .tag(let ids): tag(ids, line.field.text)
      }
    case .key(.escape):
      // Cancels the line, error and all: kept after a dismissed error, it took the next command
      // keys as text. Typing is how a refused line is corrected.
      prompt = nil
    case .key(.tab):
      if case .quickAdd = line.purpose { openForm(from: line.field.text) }
    default:
      let before = line.field.text
      _ = line.field.handle(event)
      if line.field.text != before { line.error = nil }
      prompt = line
    }
    return .handled
  }

  /// Opens the line again after what it asked for failed, with its text and the reason above it;
  /// when another line was opened meanwhile, the reason goes to the status line instead.
  func reopenPrompt(_ purpose: LinePrompt.Purpose, text: String, saying error: any Error) {
    guard prompt == nil else {
      post(message(for: error), style: .error)
      return
    }
    prompt = LinePrompt(purpose, text: text, error: message(for: error))
  }

  /// Adds the reminder a quick-add line describes.
  private func addQuickly(_ text: String) {
    let entry: QuickAdd
    do {
      entry = try quickAdd.parse(text)
    } catch {
      // The text stays, to be corrected, with the reason above it.
      prompt?.error = message(for: error)
      return
    }
    // The line closes at once; an add that fails (a list that does not exist) brings it back.
    prompt = nil
    let defaultList = targetListID
    write {
      try $0.addReminder(entry, defaultList: defaultList)
    } then: { [weak self] added in
      self?.detail?.pendingSelection = added.reminder.id
      let understood = added.understood()
      self?.post(
        "Added “\(added.reminder.title)” to \(added.list.title)"
          + (understood.isEmpty ? "" : ", " + understood),
        style: .success)
    } failed: { [weak self] error in
      self?.reopenPrompt(.quickAdd, text: text, saying: error)
    }
  }

  /// The whole form, filled with what the quick-add line says so far.
  private func openForm(from text: String) {
    guard let list = targetListID else {
      prompt?.error = "The form needs a list: press Enter to add this line, which makes one"
      return
    }
    do {
      let entry = try quickAdd.parse(text)
      let listID =
        entry.listTitle.flatMap { title in
          home.lists.first { $0.remindersList.title.caseInsensitiveCompare(title) == .orderedSame }?.id
        } ?? list
      prompt = nil
      overlay = .reminderForm(
        ReminderFormScreen(
          model: ReminderFormModel(
            newIn: listID, title: entry.title, tags: entry.tags, dueDate: entry.dueDate,
            priority: entry.priority)))
    } catch {
      prompt?.error = message(for: error)
    }
  }

  /// Asks before clearing the completed matches of `age`, saying how many will go: counted by a
  /// read after the writes asked for before it, then asked, unless there are none or another
  /// dialog opened meanwhile.
  func askToClearCompleted(olderThan age: ClearCompletedAge) {
    let query = search?.model.query ?? SearchQuery("")
    let olderThan = age == .all ? "" : " " + age.title.lowercased()
    read({ try Search.clearable(query, olderThan: age).fetchCount($0) }) { [weak self] count in
      guard let self, self.overlay == nil else { return }
      guard count > 0 else {
        self.post("No completed matches" + olderThan, style: .statusBar)
        return
      }
      self.overlay = .confirm(
        ConfirmationState(
          title: "Clear completed",
          message: "Delete \(count: count, "completed match", plural: "completed matches")\(olderThan)?",
          confirmLabel: "Delete", cancelLabel: "Cancel"),
        .completed(query, age))
    }
  }
}
