import RemindersKit
import TerminalUI

// Before each frame: the state follows the screen's size and the live values that arrived, so
// that drawing only reads it.
extension RemindersApp {
  func update(screenSize: Size) {
    self.screenSize = screenSize
    // Changes the server refused were undone, and the screen shows it already: say why.
    let refused = sync.state.refusedChanges
    if refused > refusalsReported {
      let message = SyncState.refusalMessage(refused - refusalsReported)
      post(message.startingASentence, style: .error)
      refusalsReported = refused
    }
    updateSidebar()
    if !home.isEmpty || search != nil || stats != nil { updateRight() }
    if case .reminderForm(let form)? = overlay {
      // Forms are drawn over the screen above the status line.
      form.update(area: Size(width: screenSize.width, height: max(screenSize.height - 1, 0)))
    }
  }

  /// Keeps the sidebar's selection on its entry (or its neighbour when the entry is gone); the
  /// detail screen follows the selection on a wide screen.
  private func updateSidebar() {
    sidebar.update(height: sidebarHeight)
    if let detail, case .list = detail.model.kind, !detail.model.exists {
      // The list was deleted (perhaps by another program): back to the sidebar.
      self.detail = nil
      focus = .sidebar
    }
    if !isNarrow, search == nil, stats == nil, let entry = sidebarEntry,
      detailKind(for: entry) != detail?.model.kind
    {
      open(entry, focusing: false)
    }
  }

  /// Loads the rows the right-hand pane will show (after a resize, or rows moving away) and keeps
  /// its selection on its row. A pane behind the sidebar shows no selection, so it keeps its
  /// scroll position rather than following it; one under a dialog or a prompt keeps following
  /// its selection, which is what the dialog acts on.
  private func updateRight() {
    let focused = focus == .detail
    if stats != nil, search == nil { return }
    if let search {
      search.update(height: listHeight - 1, isFocused: focused, format: format)
      return
    }
    detail?.update(height: detailListHeight, isFocused: focused, format: format)
  }
}
