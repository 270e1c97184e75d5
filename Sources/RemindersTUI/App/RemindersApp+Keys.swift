import Foundation
import RemindersKit
import SQLiteData
import TerminalUI

// Keys: navigation, the actions of the keymap, and deletions after their confirmation.
extension RemindersApp {
  /// Once the run loop has returned: the writes asked for land before the app exits, unless it
  /// was interrupted while it already waited for them to quit (a second Ctrl-C), which exits at
  /// once, as asked, rather than wait out another program's lock (SQLite's busy timeout).
  /// Returns how many writes were left unsaved, for the app to say so as it exits.
  func settleWrites(beforeExitingFor reason: ExitReason) async -> Int {
    if reason == .interrupted, isQuittingWhenSaved { return writes.pending }
    await writes.settle()
    return 0
  }

  func handle(_ event: KeyEvent) -> EventResult {
    if event == .resize { return .handled }
    // Too small a screen shows nothing but a request for a larger one: a key would act on what
    // nobody sees (a confirmation answered blind), so only quitting is heard (Ctrl-C and Ctrl-Z,
    // ignored here, are the host's).
    if screenSize.width < Self.minimumSize.width || screenSize.height < Self.minimumSize.height {
      return event == .key(KeyPress("q")) ? perform(.quit) : .ignored
    }
    // A key (or a paste) after an error puts the status line back; the key does what it does.
    if case .mouse = event {} else { shownError = nil }
    if let overlay { return handleOverlay(overlay, event) }
    // In a line of text, Ctrl-C drops the line, as a shell's does; elsewhere it quits: after the
    // writes that wait, as `q` does, so that an interrupt does not drop a change; a second one
    // while they wait quits at once (ignored here, the host's).
    if event == .key(.control("c")) {
      if cancelTextEntry() { return .handled }
      if writes.pending > 0, !isQuittingWhenSaved { return perform(.quit) }
    }
    if prompt != nil { return handlePrompt(event) }
    if let detail, detail.renaming != nil { return handleRename(detail, event) }
    if let search, focus == .detail, search.isEditing {
      switch search.type(event) {
      case .handled: return .handled
      case .ignored: return .ignored
      case .close:
        closeSearch()
        return .handled
      }
    }
    guard case .key(let key) = event else { return .ignored }

    // Moving in the focused list comes first.
    switch focus {
    case .sidebar:
      if sidebar.navigate(key, height: sidebarHeight) {
        if !isNarrow, let entry = sidebarEntry { open(entry, focusing: false) }
        return .handled
      }
    case .detail:
      if let search {
        if search.navigate(key, height: listHeight - 1, format: format) { return .handled }
      } else if stats == nil, let detail, detail.navigate(key, height: detailListHeight, format: format) {
        return .handled
      }
    }
    let mode: KeymapMode =
      switch focus {
      case .sidebar: AppKeymap.sidebar
      case .detail: AppKeymap.rightPane(isSearching: search != nil, showsStats: stats != nil)
      }
    switch keymap.handle(key, mode: mode) {
    case .action(let action): return perform(action)
    case .pending: return .handled
    case .unbound: return .ignored
    }
  }

  /// Undoes or redoes a step: what was done on the status line, or why it could not be, shown
  /// whole until the next key (it says the step is dropped).
  private func replay(_ nothing: String, _ body: @escaping @Sendable (Database) throws -> UndoOutcome?) {
    write(body) { [weak self] outcome in
      guard let outcome else {
        self?.post(nothing, style: .statusBar)
        return
      }
      self?.post(outcome.message, style: outcome.failure == nil ? .statusBar : .error)
    }
  }

  /// Closes the line being typed (quick add, tags, a search's text, a title renamed in its row),
  /// dropping its text; false when none is open.
  func cancelTextEntry() -> Bool {
    if prompt != nil {
      prompt = nil
    } else if let detail, detail.renaming != nil {
      detail.renaming = nil
    } else if let search, focus == .detail, search.isEditing {
      closeSearch()
    } else {
      return false
    }
    return true
  }

  func perform(_ action: AppAction) -> EventResult {
    switch action {
    case .help:
      overlay = .help(scroll: 0)
    case .quit:
      guard writes.pending > 0 else { return .quit }
      // A long write (undoing a bulk change) would otherwise leave a blank terminal that waits:
      // the screen stays up, says so, and the app quits when the writes are done (`isDone`).
      isQuittingWhenSaved = true
    case .undo:
      replay("Nothing to undo") { try $0.undo() }
    case .redo:
      replay("Nothing to redo") { try $0.redo() }
    case .switchPane:
      if focus == .sidebar {
        if detail == nil, search == nil, stats == nil, let entry = sidebarEntry {
          open(entry, focusing: true)
        }
        if detail != nil || search != nil || stats != nil { focus = .detail }
      } else {
        focus = .sidebar
      }
    case .scrollStats(let rows):
      guard let stats else { return .ignored }
      let most = StatsPane.maxListOffset(height: mainHeight - 2, lists: stats.value.lists.count)
      statsListOffset = min(max(statsListOffset + rows, 0), most)
    case .stats:
      if stats == nil {
        stats = StatsModel()
        statsListOffset = 0
      }
      if search != nil { closeSearch() }
      focus = .detail
    case .search:
      stats = nil
      if search == nil { search = SearchScreen() }
      search?.editFromApplied()
      focus = .detail
    case .quickAdd:
      // With no list yet, the reminder makes one, as on the command line.
      prompt = LinePrompt(.quickAdd)
    case .newReminder:
      // The form needs a list to offer: with none yet, the one the first reminder would make.
      if let list = targetListID {
        overlay = .reminderForm(ReminderFormScreen(model: ReminderFormModel(newIn: list)))
      } else {
        write {
          try $0.destinationList(named: nil).list.id
        } then: { [weak self] list in
          self?.overlay = .reminderForm(ReminderFormScreen(model: ReminderFormModel(newIn: list)))
        }
      }
    case .loadSampleData:
      guard home.isEmpty else {
        post("The sample data loads only into an empty database", style: .warning)
        return .handled
      }
      write {
        try $0.loadSampleData()
        return "Loaded the sample data"
      }
    case .syncNow:
      syncNow()
    case .share:
      openShareDialog()
    case .joinShared:
      openInvitations()
    case .open:
      if let entry = sidebarEntry { open(entry, focusing: true) }
    case .addList:
      overlay = .listForm(ListFormScreen(model: ListFormModel()))
    case .editList:
      guard case .list(let id)? = sidebarEntry, let list = home.list(id) else {
        post("Select a list to edit", style: .warning)
        return .handled
      }
      overlay = .listForm(ListFormScreen(model: ListFormModel(editing: list)))
    case .deleteEntry:
      askToDeleteSidebarEntry()
    case .moveListUp, .moveListDown:
      guard case .list(let id)? = sidebarEntry else {
        post("Select a list to move", style: .warning)
        return .handled
      }
      let up = action == .moveListUp
      write {
        let moved = try $0.moveList(id, up ? .up : .down)
        return moved ? nil : "The list is already \(up ? "first" : "last")"
      }
    case .toggleCompletion, .toggleFlag, .delete, .tag, .moveToList, .duplicate:
      performOnReminders(action)
    case .edit, .moveUp, .moveDown:
      performOnReminder(action)
    case .rename:
      startRenaming()
    case .mark:
      toggleMark()
    case .markRange:
      toggleRange()
    case .sort:
      guard let detail else { return .handled }
      let orderings = ScreenSettings.Ordering.allCases
      overlay = .sortMenu(
        PickerState(
          orderings.map(\.displayName),
          highlighted: orderings.firstIndex(of: detail.model.settings.ordering) ?? 0))
    case .toggleShowCompleted:
      if let search {
        search.model.toggleShowCompleted()
        post(search.model.showCompleted ? "Showing completed" : "Hiding completed", style: .statusBar)
      } else if let detail {
        guard !detail.model.kind.showsOnlyCompleted else { return .handled }
        let showing = !detail.model.settings.showCompleted
        let kind = detail.model.kind
        write {
          try $0.setShowCompleted(showing, for: kind)
          return showing ? "Showing completed" : "Hiding completed"
        }
      }
    case .back:
      if let detail, !detail.marks.isEmpty, search == nil, stats == nil {
        detail.marks = VisualSelection()
      } else if stats != nil, search == nil {
        stats = nil
        if detail == nil { focus = .sidebar }
      } else if search != nil {
        closeSearch()
      } else {
        focus = .sidebar
      }
    case .editQuery:
      search?.resumeEditing()
    case .clearCompleted:
      overlay = .clearMenu(PickerState(ClearCompletedAge.allCases.map(\.title)))
    }
    return .handled
  }

  /// Runs an action that applies to the selected reminder alone (editing, moving by hand).
  func performOnReminder(_ action: AppAction) {
    guard let row = selectedReminder else {
      post("Select a reminder first", style: .warning)
      return
    }
    let id = row.id
    let title = "“\(row.reminder.title)”"
    switch action {
    case .edit:
      // Refused before the form opens, not after the user has typed into it.
      if let list = home.lists.first(where: { $0.id == row.reminder.remindersListID }), !list.isWritable {
        post(ProblemMessage.readOnlyShare, style: .warning)
        return
      }
      do {
        overlay = .reminderForm(ReminderFormScreen(model: try ReminderFormModel(editing: id)))
      } catch {
        post(message(for: error), style: .error)
      }
    case .moveUp, .moveDown:
      guard let kind = detail?.model.kind else { return }
      let up = action == .moveUp
      write {
        let moved = try $0.moveReminder(id, up ? .up : .down, in: kind)
        return moved ? nil : "\(title) is already \(up ? "at the top" : "at the bottom")"
      }
    default:
      break
    }
  }

  /// "Delete the list “Family”, its 2 incomplete reminders and 1 completed?": saying only what the
  /// list holds.
  static func deleteListQuestion(_ list: ReminderListState) -> String {
    let title = "“\(list.remindersList.title)”"
    let question =
      switch (list.remindersDescription, list.remindersCount > 0 && list.completedCount > 0) {
      case (nil, _): "Delete the empty list \(title)?"
      case (let reminders?, false): "Delete the list \(title) and its \(reminders)?"
      case (let reminders?, true): "Delete the list \(title), its \(reminders)?"
      }
    return list.share == nil
      ? question : "\(question) \(ReminderListState.sharedDeletionNote.startingASentence)."
  }

  /// Before `d` on a list someone shares with the user: it is left, not deleted.
  static func leaveListQuestion(_ list: ReminderListState, owner: String) -> String {
    "Leave “\(list.remindersList.title)”, shared by \(owner)? Its reminders leave this device; \(owner) keeps them."
  }

  func askToDeleteSidebarEntry() {
    switch sidebarEntry {
    case .list(let id)?:
      guard let state = home.lists.first(where: { $0.id == id }) else { return }
      let title = state.remindersList.title
      if let owner = state.sharedBy {
        overlay = .confirm(
          ConfirmationState(
            title: "Leave shared list", message: Self.leaveListQuestion(state, owner: owner),
            confirmLabel: "Leave",
            cancelLabel: "Cancel"),
          .leftList(id, title: title, owner: owner))
        return
      }
      overlay = .confirm(
        ConfirmationState(
          title: "Delete list", message: Self.deleteListQuestion(state), confirmLabel: "Delete",
          cancelLabel: "Cancel"),
        .list(id, title: title))
    case .tag(let id)?:
      overlay = .confirm(
        ConfirmationState(
          title: "Delete tag", message: "Delete the tag #\(id)? Its reminders stay.", confirmLabel: "Delete",
          cancelLabel: "Cancel"),
        .tag(id))
    default:
      post("Select a list or a tag to delete", style: .warning)
    }
  }

  func delete(_ deletion: Deletion) {
    switch deletion {
    case .list(let id, let title):
      write {
        try $0.deleteList(id)
        return "Deleted the list “\(title)”"
      }
    case .leftList(let id, let title, let owner):
      let left = ListSharing.Unshared.left(owner: owner).message(list: title)
      // The server takes this user out, after what waits to be sent in the list. Only without an
      // account (logged out, the data kept) is the list deleted here.
      if let state = home.lists.first(where: { $0.id == id }), let engine = sync.engine {
        let list = state.remindersList
        Task { [weak self] in
          do {
            let outcome = try await ListSharing(engine: engine).unshare(list)
            self?.post(outcome.message(list: list.title), style: .success)
          } catch {
            // Nothing changed: the list and what waits to be sent in it stay.
            self?.post("Could not leave “\(title)”. " + message(for: error), style: .error)
          }
        }
        return
      }
      write {
        try $0.deleteList(id)
        return left
      }
    case .tag(let id):
      write {
        try $0.deleteTag(id)
        return "Deleted the tag #\(id)"
      }
    case .reminders(let ids, let subject):
      detail?.marks = VisualSelection()
      write {
        // Another program may have deleted some of them while the dialog was open: the message
        // counts what this deletion took.
        let deleted = try $0.deleteReminders(ids)
        guard deleted < ids.count else { return "Deleted \(subject)" }
        let gone = ids.count - deleted
        return
          "Deleted \(count: deleted, "reminder"); \(count: gone, "other was", plural: "others were") already gone"
      }
    case .completed(let query, let age):
      write {
        let count = try $0.clearCompleted(matching: query, olderThan: age)
        return "Cleared \(count: count, "completed reminder")"
      }
    }
  }
}
