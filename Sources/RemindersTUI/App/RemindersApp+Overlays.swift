import Foundation
import RemindersKit
import SQLiteData
import TerminalUI

// Keys while an overlay, the quick-add line or the search field has them.
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
        report(nil) {
          try detail?.setOrdering(ordering)
          return "Sorted by \(ordering.displayName)"
        }
      case .cancelled?:
        overlay = nil
      case nil:
        overlay = .sortMenu(picker)
      }
    case .clearMenu(var picker):
      switch picker.handle(event) {
      case .chosen(let index)?:
        let age = ClearCompletedAge.allCases[index]
        let query = search?.query ?? SearchQuery("")
        overlay = .confirm(
          ConfirmationState(
            title: "Clear completed", message: "Delete the completed matches, \(age.title.lowercased())?",
            confirmLabel: "Delete", cancelLabel: "Cancel"),
          .completed(query, age))
      case .cancelled?:
        overlay = nil
      case nil:
        overlay = .clearMenu(picker)
      }
    case .reminderForm(let form):
      switch form.handle(event, loop: loop) {
      case .saved(let reminder)?:
        overlay = nil
        pendingSelection = reminder.id
        post("Saved “\(reminder.title)”", style: .success)
      case .cancelled?:
        overlay = nil
      case nil:
        break
      }
    case .share(let dialog):
      handleShareDialog(dialog, event)
    case .listForm(let form):
      switch form.handle(event) {
      case .saved(let list)?:
        overlay = nil
        pendingSidebarSelection = .list(list.id)
        post("Saved the list “\(list.title)”", style: .success)
      case .cancelled?:
        overlay = nil
      case nil:
        break
      }
    }
    return .handled
  }

  func handlePrompt(_ event: KeyEvent) -> EventResult {
    guard var field = prompt else { return .ignored }
    switch event {
    case .key(.enter):
      let text = field.text
      guard !text.allSatisfy(\.isWhitespace) else {
        closePrompt()
        return .handled
      }
      do {
        let added = try quickAdd.add(text, defaultList: targetListID)
        closePrompt()
        pendingSelection = added.reminder.id
        let understood = added.understood()
        post(
          "Added “\(added.reminder.title)” to \(added.list.title)"
            + (understood.isEmpty ? "" : ", " + understood),
          style: .success)
      } catch {
        // The text stays, to be corrected, with the reason above it.
        promptError = message(for: error)
      }
    case .key(.escape):
      // The first Esc dismisses an error; the text goes only with the next.
      if promptError != nil { promptError = nil } else { closePrompt() }
    case .key(.tab):
      // The whole form, filled with what the line says so far.
      guard let list = targetListID else {
        promptError = "The form needs a list: press Enter to add this line, which makes one"
        return .handled
      }
      do {
        let entry = try quickAdd.parse(field.text)
        let listID =
          entry.listTitle.flatMap { title in
            home.lists.first { $0.remindersList.title.caseInsensitiveCompare(title) == .orderedSame }?.id
          } ?? list
        closePrompt()
        overlay = .reminderForm(
          ReminderFormScreen(
            model: ReminderFormModel(
              newIn: listID, title: entry.title, tags: entry.tags, dueDate: entry.dueDate,
              priority: entry.priority)))
      } catch {
        promptError = message(for: error)
      }
    default:
      let before = field.text
      _ = field.handle(event)
      if field.text != before { promptError = nil }
      prompt = field
    }
    return .handled
  }

  private func closePrompt() {
    prompt = nil
    promptError = nil
  }

  func handleQuery(_ search: SearchModel, _ event: KeyEvent) -> EventResult {
    switch event {
    case .key(.enter), .key(.down):
      search.apply()
      isEditingQuery = false
    case .key(.escape):
      if searchField.text.isEmpty { closeSearch() } else { isEditingQuery = false }
    case .key(.tab):
      if let suggestion = search.suggestions.first {
        search.complete(with: suggestion)
        searchField = TextFieldState(search.text)
      } else {
        isEditingQuery = false
      }
    default:
      guard searchField.handle(event) else { return .ignored }
      search.setText(searchField.text)
    }
    return .handled
  }
}
