import Foundation
import RemindersKit
import SQLiteData
import TerminalUI

// Drawing the screen: the sidebar, the detail or search pane, the overlays and the status line.
extension RemindersApp {
  func render(into canvas: inout Canvas) {
    let now = ContinuousClock.now
    let size = canvas.size
    // Read on every frame, so that a write or a read finishing redraws the screen with what it
    // changed (its message, a dialog).
    _ = writes.outcomes
    let saving =
      writes.pending == 0
      ? "" : isQuittingWhenSaved ? "saving, then quitting… (Ctrl-C quits unsaved)  " : "saving…  "
    let right = home.isEmpty && search == nil && stats == nil ? nil : rightPane()
    let sidebarView = sidebar.view(
      isFocused: focus == .sidebar, takesKeys: focus == .sidebar && overlay == nil && prompt == nil)

    let main: any View
    if isNarrow {
      main = focus == .sidebar || right == nil ? sidebarView : right!
    } else {
      let sidebarWidth = min(32, max(size.width / 3, 22))
      main = Stack.horizontal([
        .fixed(sidebarWidth, sidebarView),
        .flexible(right ?? EmptyPane(isEmpty: home.isEmpty, syncs: sync.syncs)),
      ])
    }
    let bottom: any View =
      if let prompt {
        Stack.vertical(
          (prompt.error.map {
            [.fixed(1, Text(" " + $0 + "  (Esc cancels)", style: .error))]
          } ?? []) + [
            .fixed(
              1,
              Stack.horizontal([
                .fixed(prompt.label.count, Text(prompt.label, style: .statusBar)),
                .flexible(TextField(prompt.field, hint: prompt.hint, style: .normal)),
              ]))
          ])
      } else if let shownError {
        Self.errorText(shownError)
      } else {
        StatusLine(
          leading: statusHint, trailing: saving + (syncSummary.map { $0 + "  " } ?? "") + "? help  q quit",
          message: messages.current(at: now))
      }
    let screen = Stack.vertical([.fixed(mainHeight, main), .fixed(bottomHeight, bottom)])
    canvas.render(MinimumSizeGuard(minimum: Self.minimumSize, screen))
    guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else { return }

    switch overlay {
    case .help(let scroll)?:
      canvas.cursor = nil
      canvas.render(
        HelpOverlay(
          title: "Keys", sections: helpSections, footer: "j/k scroll · any other key closes", scroll: scroll))
    case .confirm(let confirmation, _)?:
      canvas.cursor = nil
      canvas.render(confirmation.dialog)
    case .sortMenu(let picker)?:
      canvas.cursor = nil
      canvas.render(Menu(title: "Sort by", picker))
    case .clearMenu(let picker)?:
      canvas.cursor = nil
      canvas.render(Menu(title: "Clear completed", picker))
    case .moveMenu(let picker, _, _)?:
      canvas.cursor = nil
      canvas.render(Menu(title: "Move to", picker))
    case .reminderForm(let form)?:
      canvas.cursor = nil
      form.render(in: canvas.bounds.inset(top: 0, left: 0, bottom: 1, right: 0), on: &canvas)
    case .listForm(let form)?:
      canvas.cursor = nil
      form.render(in: canvas.bounds.inset(top: 0, left: 0, bottom: 1, right: 0), on: &canvas)
    case .share(let dialog)?:
      canvas.cursor = nil
      dialog.showing(live: liveShare(of: dialog))
        .render(in: canvas.bounds.inset(top: 0, left: 0, bottom: 1, right: 0), on: &canvas)
    case .invitations(let dialog)?:
      canvas.cursor = nil
      dialog.render(in: canvas.bounds.inset(top: 0, left: 0, bottom: 1, right: 0), on: &canvas)
    case nil:
      break
    }
  }

  /// The right-hand pane: stats, search, the detail screen, or nothing yet.
  func rightPane() -> (any View)? {
    let focused = isRightFocused
    if let stats, search == nil {
      return StatsPane(
        value: stats.value, calendar: dependencies.calendar, timeZone: dependencies.timeZone,
        listOffset: statsListOffset, isFocused: focused)
    }
    if let search { return search.view(isFocused: focused, format: format) }
    return detail?.view(isFocused: focused, format: format, sharing: detailListState)
  }

  /// The detail screen's list, with its sharing, when the screen is a list.
  var detailListState: ReminderListState? {
    detail?.model.listID.flatMap { id in home.lists.first { $0.id == id } }
  }

  /// The rows the detail screen shows at once: the lines under its header, which has a second
  /// line for a shared list.
  var detailListHeight: Int {
    let hasSharingLine =
      detail.map {
        !DetailPane.sharingLine(detailListState, lastChange: $0.model.lastChange).isEmpty
      } ?? false
    return max(listHeight - (hasSharingLine ? 1 : 0), 1)
  }

  /// Where sync stands, for the status line; nil when the database does not sync.
  var syncSummary: String? {
    sync.summary(pending: home.screen.pendingChanges)
  }

  /// The keys of what has the keyboard, in fewer words on a narrow screen.
  var statusHint: String {
    func hint(_ wide: String, narrow: String) -> String { isNarrow ? narrow : wide }
    switch overlay {
    case .help?: return "j/k scroll · other keys close the help"
    case .confirm?: return "y confirms · esc cancels"
    case .sortMenu?, .clearMenu?, .moveMenu?: return "enter chooses · esc cancels"
    case .reminderForm?: return "ctrl-s save · esc cancel"
    case .listForm?: return "enter save · esc cancel"
    case .share?, .invitations?: return "esc closes"
    case nil: break
    }
    if home.isEmpty { return hint("S sample data · a add a list", narrow: "S sample data") }
    switch focus {
    case .sidebar:
      return hint("enter open · a add list · n new reminder · / search", narrow: "enter open · n new")
    case .detail where stats != nil && search == nil:
      return hint("esc close · redrawn after every change", narrow: "esc close")
    case .detail where search != nil: return search?.hint ?? ""
    case .detail where detail?.renaming != nil:
      return hint("enter save · esc keep the title it had", narrow: "enter save · esc keep it")
    case .detail where detail?.marks.isEmpty == false:
      return hint(
        "space done · f flag · t tag · m move · Y copy · d delete · esc unmark",
        narrow: "d delete · esc unmark")
    case .detail:
      return hint("space complete · f flag · e edit · n new · s sort", narrow: "space done · n new")
    }
  }

  var helpSections: [HelpSection] {
    let mode: KeymapMode =
      switch focus {
      case .sidebar: AppKeymap.sidebar
      case .detail: AppKeymap.rightPane(isSearching: search != nil, showsStats: stats != nil)
      }
    var sections = AppKeymap.helpSections(keymap, current: mode)
    if case .reminderForm(let form)? = overlay { sections = form.helpSections + sections }
    sections.append(OverlayKeys.formHelp)
    sections.append(contentsOf: OverlayKeys.tagPicker().helpSections())
    var seen: Set<String> = []
    return sections.filter { seen.insert($0.title).inserted }
  }
}
