import Foundation
import RemindersKit
import SQLiteData
import TerminalUI

/// The Reminders app on the terminal toolkit: the sidebar (smart lists, lists, tags) beside a
/// detail screen or search, with forms, pickers, confirmations and help over them. Every screen
/// reads live queries, so writes made here or by another program show up by themselves.
@MainActor
final class RemindersApp: Application {
  enum Pane {
    case sidebar
    case detail
  }

  /// What asks before it deletes.
  enum Deletion {
    case list(RemindersList.ID, title: String)
    case tag(Tag.ID)
    case reminder(Reminder.ID, title: String)
    case completed(SearchQuery, ClearCompletedAge)
  }

  enum Overlay {
    case help(scroll: Int)
    case confirm(ConfirmationState, Deletion)
    case sortMenu(PickerState)
    case clearMenu(PickerState)
    case reminderForm(ReminderFormScreen)
    case listForm(ListFormScreen)
  }

  /// The smallest screen the app draws on; smaller ones get the toolkit's message.
  static let minimumSize = Size(width: 40, height: 12)
  /// Narrower than this, the sidebar and the reminders take turns on the whole screen.
  static let splitWidth = 64

  let home = HomeModel()
  let quickAdd = QuickAddModel()
  private(set) var detail: DetailModel?
  private(set) var search: SearchModel?
  weak var loop: MainLoop?
  /// Waits for the next midnight (see `followTheDay`).
  private var dayTask: Task<Void, Never>?

  var focus = Pane.sidebar
  private(set) var overlay: Overlay?
  private var sidebarList = ListState<SidebarEntry>()
  private var detailList = ListState<RowID>()
  private var searchList = ListState<RowID>()
  /// The quick-add line, while it is open.
  private var prompt: TextFieldState?
  private var searchField = TextFieldState()
  private var isEditingQuery = false
  private var messages = StatusMessages()
  private var keymap = AppKeymap.make()
  /// A reminder just added, to select when its row arrives.
  private var pendingSelection: Reminder.ID?
  /// A list just added, to select in the sidebar when its row arrives.
  private var pendingSidebarSelection: SidebarEntry?
  /// The dependencies the app was made with: what "now" is for due date labels.
  private let dependencies = DependencyValues.current

  // Where things were last drawn, for paging and windows.
  private var sidebarHeight = 20
  private var listHeight = 20
  private(set) var isNarrow = false

  init() {}

  // MARK: - Reading the models

  private var format: ReminderRowFormat {
    let formatter = DueDateFormatter(
      now: dependencies.date.now, calendar: dependencies.calendar, timeZone: dependencies.timeZone)
    let mixesLists: Bool =
      if let detail, case .list = detail.kind { false } else { true }
    return ReminderRowFormat(formatter: formatter, showsList: mixesLists && !isNarrow)
  }

  private var sidebarSource: SidebarSource {
    SidebarSource(stats: home.stats, lists: home.lists, tags: home.tags)
  }

  private func detailSource(_ detail: DetailModel) -> DetailSource {
    DetailSource(model: detail, format: format)
  }

  private func searchSource(_ search: SearchModel) -> SearchSource {
    SearchSource(results: search.results, format: format)
  }

  /// The entry selected in the sidebar.
  private var sidebarEntry: SidebarEntry? {
    sidebarList.selection
  }

  /// The reminder selected on the detail screen or in search results, with its title.
  private var selectedReminder: ReminderRow? {
    if let search {
      guard case .reminder(let id)? = searchList.selection else { return nil }
      return search.results.first { $0.id == id }?.row
    }
    guard let detail, case .reminder(let id)? = detailList.selection, let index = detail.index(of: id) else {
      return nil
    }
    return detail.row(at: index)
  }

  /// The list new reminders go to: the detail screen's list, the sidebar's selected list, or the
  /// first.
  private var targetListID: RemindersList.ID? {
    if let id = detail?.listID, search == nil { return id }
    if case .list(let id)? = sidebarEntry { return id }
    return home.firstList?.id
  }

  // MARK: - Drawing

  func render(into canvas: inout Canvas) {
    let now = ContinuousClock.now
    let size = canvas.size
    isNarrow = size.width < Self.splitWidth
    let mainHeight = max(size.height - 1, 0)
    let contentHeight = max(mainHeight - 2, 1)
    sidebarHeight = contentHeight
    listHeight = max(contentHeight - 1, 1)

    let sidebar = prepareSidebar()
    let right = home.isEmpty && search == nil ? nil : prepareRight()
    let sidebarView = Border(
      title: "Reminders", style: focus == .sidebar ? .accent : .border,
      Pad(
        List(
          sidebar, state: sidebarList, isFocused: focus == .sidebar && overlay == nil && prompt == nil,
          emptyMessage: "No lists yet")))

    let main: any View
    if isNarrow {
      main = focus == .sidebar || right == nil ? sidebarView : right!
    } else {
      let sidebarWidth = min(32, max(size.width / 3, 22))
      main = Stack.horizontal([
        .fixed(sidebarWidth, sidebarView), .flexible(right ?? EmptyPane(isEmpty: home.isEmpty)),
      ])
    }
    let bottom: any View =
      if let prompt {
        Stack.horizontal([
          .fixed(5, Text(" New ", style: .statusBar)),
          .flexible(TextField(prompt, placeholder: "Title " + AppKeymap.quickAddHint, style: .normal)),
        ])
      } else {
        StatusLine(leading: statusHint, trailing: "? help  q quit", message: messages.current(at: now))
      }
    let screen = Stack.vertical([.fixed(mainHeight, main), .fixed(1, bottom)])
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
    case .reminderForm(let form)?:
      canvas.cursor = nil
      form.render(in: canvas.bounds.inset(top: 0, left: 0, bottom: 1, right: 0), on: &canvas)
    case .listForm(let form)?:
      canvas.cursor = nil
      form.render(in: canvas.bounds.inset(top: 0, left: 0, bottom: 1, right: 0), on: &canvas)
    case nil:
      break
    }
  }

  /// The sidebar's rows, with the selection kept on its entry (or its neighbour when the entry
  /// is gone); the detail screen follows the selection on a wide screen.
  private func prepareSidebar() -> SidebarSource {
    let source = sidebarSource
    if let entry = pendingSidebarSelection, source.index(of: entry) != nil {
      sidebarList.select(id: entry, in: source, height: sidebarHeight)
      pendingSidebarSelection = nil
    } else {
      sidebarList.reconcile(with: source, height: sidebarHeight)
    }
    if let detail, case .list = detail.kind, !detail.exists {
      // The list was deleted (perhaps by another program): back to the sidebar.
      self.detail = nil
      focus = .sidebar
    }
    if !isNarrow, search == nil, let entry = sidebarEntry, detailKind(for: entry) != detail?.kind {
      open(entry, focusing: false)
    }
    return source
  }

  /// The right-hand pane: search, the detail screen, or nothing yet.
  private func prepareRight() -> (any View)? {
    let focused = focus == .detail && overlay == nil && prompt == nil
    if let search {
      let source = searchSource(search)
      searchList.reconcile(with: source, height: listHeight - 1)
      return SearchPane(
        model: search, field: searchField, isEditing: isEditingQuery && focused, list: searchList,
        source: source,
        isFocused: focused && !isEditingQuery)
    }
    guard let detail else { return nil }
    var source = detailSource(detail)
    // Make sure the rows on screen are loaded (after a resize, or rows moving away).
    let offset = detailList.visibleOffset(in: source, height: listHeight)
    detail.show(offset..<offset + listHeight)
    source = detailSource(detail)
    if let id = pendingSelection, source.index(of: .reminder(id)) != nil {
      detailList.select(id: .reminder(id), in: source, height: listHeight)
      pendingSelection = nil
    } else {
      detailList.reconcile(with: source, height: listHeight)
    }
    return DetailPane(model: detail, list: detailList, source: source, isFocused: focused)
  }

  private var statusHint: String {
    if home.isEmpty { return isNarrow ? "S sample data" : "S sample data · a add a list" }
    if isNarrow { return focus == .sidebar ? "enter open · n new" : "space done · n new" }
    switch focus {
    case .sidebar: return "enter open · a add list · n new reminder · / search"
    case .detail where search != nil:
      return isEditingQuery ? "enter results · esc close" : "space done · i edit search"
    case .detail: return "space complete · f flag · e edit · n new · s sort"
    }
  }

  private var helpSections: [HelpSection] {
    let mode: KeymapMode =
      switch focus {
      case .sidebar: AppKeymap.sidebar
      case .detail: search == nil ? AppKeymap.detail : AppKeymap.search
      }
    var sections = AppKeymap.helpSections(keymap, current: mode)
    if case .reminderForm(let form)? = overlay { sections = form.helpSections + sections }
    sections.append(OverlayKeys.formHelp)
    sections.append(contentsOf: OverlayKeys.tagPicker().helpSections())
    var seen: Set<String> = []
    return sections.filter { seen.insert($0.title).inserted }
  }

  // MARK: - Keys

  func handle(_ event: KeyEvent) -> EventResult {
    if event == .resize { return .handled }
    if let overlay { return handleOverlay(overlay, event) }
    if prompt != nil { return handlePrompt(event) }
    if let search, focus == .detail, isEditingQuery { return handleQuery(search, event) }
    guard case .key(let key) = event else { return .ignored }

    // Moving in the focused list comes first.
    switch focus {
    case .sidebar:
      if sidebarList.handle(key, in: sidebarSource, height: sidebarHeight) {
        if !isNarrow, let entry = sidebarEntry { open(entry, focusing: false) }
        return .handled
      }
    case .detail:
      if let search {
        if searchList.handle(key, in: searchSource(search), height: listHeight - 1) { return .handled }
      } else if let detail, navigateDetail(detail, key) {
        return .handled
      }
    }
    let mode: KeymapMode =
      switch focus {
      case .sidebar: AppKeymap.sidebar
      case .detail: search == nil ? AppKeymap.detail : AppKeymap.search
      }
    switch keymap.handle(key, mode: mode) {
    case .action(let action): return perform(action)
    case .pending: return .handled
    case .unbound: return .ignored
    }
  }

  /// Moves in a detail list, loading the window around where the move lands first.
  private func navigateDetail(_ detail: DetailModel, _ key: KeyPress) -> Bool {
    switch detailList.keymap.handle(key) {
    case .action(let action):
      if let target = detailList.target(of: action, in: detailSource(detail), height: listHeight) {
        detail.show(max(target - listHeight, 0)..<target + listHeight)
      }
      detailList.perform(action, in: detailSource(detail), height: listHeight)
      return true
    case .pending:
      return true
    case .unbound:
      return false
    }
  }

  private func perform(_ action: AppAction) -> EventResult {
    switch action {
    case .help:
      overlay = .help(scroll: 0)
    case .quit:
      return .quit
    case .undo:
      report("Nothing to undo") { try home.undo()?.message }
    case .redo:
      report("Nothing to redo") { try home.redo()?.message }
    case .switchPane:
      if focus == .sidebar {
        if detail == nil, search == nil, let entry = sidebarEntry { open(entry, focusing: true) }
        if detail != nil || search != nil { focus = .detail }
      } else {
        focus = .sidebar
      }
    case .search:
      if search == nil { search = SearchModel() }
      searchField = TextFieldState(search?.text ?? "")
      isEditingQuery = true
      focus = .detail
    case .quickAdd:
      guard targetListID != nil else {
        post("Add a list first (a), or load the sample data (S)", style: .warning)
        return .handled
      }
      prompt = TextFieldState()
    case .newReminder:
      guard let list = targetListID else {
        post("Add a list first (a), or load the sample data (S)", style: .warning)
        return .handled
      }
      overlay = .reminderForm(ReminderFormScreen(model: ReminderFormModel(newIn: list)))
    case .loadSampleData:
      guard home.isEmpty else {
        post("The sample data loads only into an empty database", style: .warning)
        return .handled
      }
      report(nil) {
        try home.loadSampleData()
        return "Loaded the sample data"
      }
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
      report(nil) {
        let moved = try home.moveList(id, action == .moveListUp ? .up : .down)
        return moved ? nil : "The list is already \(action == .moveListUp ? "first" : "last")"
      }
    case .toggleCompletion, .toggleFlag, .edit, .delete, .moveUp, .moveDown:
      performOnReminder(action)
    case .sort:
      guard let detail else { return .handled }
      let orderings = ScreenSettings.Ordering.allCases
      overlay = .sortMenu(
        PickerState(
          orderings.map(\.displayName), highlighted: orderings.firstIndex(of: detail.settings.ordering) ?? 0))
    case .toggleShowCompleted:
      if let search {
        search.toggleShowCompleted()
        post(search.showCompleted ? "Showing completed" : "Hiding completed", style: .statusBar)
      } else if let detail {
        guard !detail.kind.showsOnlyCompleted else { return .handled }
        let showing = !detail.settings.showCompleted
        report(nil) {
          try detail.toggleShowCompleted()
          return showing ? "Showing completed" : "Hiding completed"
        }
      }
    case .back:
      if search != nil {
        closeSearch()
      } else {
        focus = .sidebar
      }
    case .editQuery:
      isEditingQuery = true
    case .clearCompleted:
      overlay = .clearMenu(PickerState(ClearCompletedAge.allCases.map(\.title)))
    }
    return .handled
  }

  private func performOnReminder(_ action: AppAction) {
    guard let row = selectedReminder else {
      post("Select a reminder first", style: .warning)
      return
    }
    let id = row.id
    let title = "“\(row.reminder.title)”"
    switch action {
    case .toggleCompletion:
      report(nil) {
        let status = try home.toggleCompletion(id)
        return status == .incomplete ? "Marked \(title) not completed" : "Completed \(title)"
      }
    case .toggleFlag:
      report(nil) {
        let flagged = try home.toggleFlag(id)
        return flagged ? "Flagged \(title)" : "Unflagged \(title)"
      }
    case .edit:
      do {
        overlay = .reminderForm(ReminderFormScreen(model: try ReminderFormModel(editing: id)))
      } catch {
        post("\(error)", style: .error)
      }
    case .delete:
      overlay = .confirm(
        ConfirmationState(
          title: "Delete reminder", message: "Delete \(title)? (u undoes it)", confirmLabel: "Delete",
          cancelLabel: "Cancel"),
        .reminder(id, title: row.reminder.title))
    case .moveUp, .moveDown:
      guard let detail else { return }
      report(nil) {
        let moved = try detail.move(id, action == .moveUp ? .up : .down)
        return moved ? nil : "\(title) is already \(action == .moveUp ? "at the top" : "at the bottom")"
      }
    default:
      break
    }
  }

  private func askToDeleteSidebarEntry() {
    switch sidebarEntry {
    case .list(let id)?:
      guard let state = home.lists.first(where: { $0.id == id }) else { return }
      let title = state.remindersList.title
      let count = state.remindersCount
      overlay = .confirm(
        ConfirmationState(
          title: "Delete list",
          message:
            "Delete the list “\(title)” and its \(count) incomplete reminder\(count == 1 ? "" : "s") (and completed ones)?",
          confirmLabel: "Delete", cancelLabel: "Cancel"),
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

  private func delete(_ deletion: Deletion) {
    switch deletion {
    case .list(let id, let title):
      report(nil) {
        try home.deleteList(id)
        return "Deleted the list “\(title)”"
      }
    case .tag(let id):
      report(nil) {
        try home.deleteTag(id)
        return "Deleted the tag #\(id)"
      }
    case .reminder(let id, let title):
      report(nil) {
        try home.deleteReminder(id)
        return "Deleted “\(title)”"
      }
    case .completed(let query, let age):
      report(nil) {
        let count = try search?.clearCompleted(olderThan: age) ?? 0
        _ = query
        return "Cleared \(count) completed reminder\(count == 1 ? "" : "s")"
      }
    }
  }

  private func handleOverlay(_ current: Overlay, _ event: KeyEvent) -> EventResult {
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

  private func handlePrompt(_ event: KeyEvent) -> EventResult {
    guard var field = prompt else { return .ignored }
    switch event {
    case .key(.enter):
      prompt = nil
      let text = field.text
      guard !text.allSatisfy(\.isWhitespace) else { return .handled }
      do {
        let (reminder, listTitle) = try quickAdd.add(text, defaultList: targetListID)
        pendingSelection = reminder.id
        post("Added “\(reminder.title)” to \(listTitle)", style: .success)
      } catch {
        prompt = field
        post("\(error)", style: .error)
      }
    case .key(.escape):
      prompt = nil
    case .key(.tab):
      // The whole form, filled with what the line says so far.
      prompt = nil
      guard let list = targetListID else { return .handled }
      do {
        let entry = try quickAdd.parse(field.text)
        let listID =
          entry.listTitle.flatMap { title in
            home.lists.first { $0.remindersList.title.caseInsensitiveCompare(title) == .orderedSame }?.id
          } ?? list
        overlay = .reminderForm(
          ReminderFormScreen(
            model: ReminderFormModel(
              newIn: listID, title: entry.title, tags: entry.tags, dueDate: entry.dueDate,
              priority: entry.priority)))
      } catch {
        prompt = field
        post("\(error)", style: .error)
      }
    default:
      _ = field.handle(event)
      prompt = field
    }
    return .handled
  }

  private func handleQuery(_ search: SearchModel, _ event: KeyEvent) -> EventResult {
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

  // MARK: - Navigation

  private func detailKind(for entry: SidebarEntry) -> DetailKind? {
    switch entry {
    case .smart(let list): .smart(list)
    case .list(let id): .list(id)
    case .tag(let id): .tags([id])
    case .heading, .gap: nil
    }
  }

  /// Shows the screen of a sidebar entry.
  private func open(_ entry: SidebarEntry, focusing: Bool) {
    guard let kind = detailKind(for: entry) else { return }
    if search != nil, focusing { closeSearch() }
    if detail?.kind != kind {
      detail = DetailModel(kind: kind, visibleRows: listHeight)
      detailList = ListState()
    }
    if focusing { focus = .detail }
  }

  private func closeSearch() {
    search = nil
    isEditingQuery = false
    searchList = ListState()
    if detail == nil { focus = .sidebar }
  }

  // MARK: - The day

  /// Reads again, at each local midnight, what depends on the date ("today", past due), which
  /// changes with no commit to say so.
  func followTheDay() {
    @Dependency(\.calendar) var calendar
    @Dependency(\.timeZone) var timeZone
    @Dependency(\.date.now) var now
    var localCalendar = calendar
    localCalendar.timeZone = timeZone
    guard
      let midnight = localCalendar.nextDate(
        after: now, matching: DateComponents(hour: 0, minute: 0, second: 0), matchingPolicy: .nextTime)
    else { return }
    dayTask?.cancel()
    dayTask = Task { [weak self] in
      // A second past midnight, so that "now" is surely in the new day.
      try? await Task.sleep(for: .seconds(midnight.timeIntervalSince(now) + 1))
      guard !Task.isCancelled, let self else { return }
      self.dayDidChange()
      self.followTheDay()
    }
  }

  /// Fetches the date-dependent values again.
  func dayDidChange() {
    Task { try? await home.refreshDay() }
    detail?.refreshDay()
    search?.refreshDay()
  }

  // MARK: - Messages

  /// Runs an action, showing the message it returns, or its error.
  private func report(_ fallback: String?, _ body: () throws -> String?) {
    do {
      if let message = try body() ?? fallback { post(message, style: .statusBar) }
    } catch {
      post("\(error)", style: .error)
    }
  }

  private func post(_ text: String, style: Style) {
    let now = ContinuousClock.now
    let expiry = now + .seconds(4)
    messages.removeExpired(at: now)
    messages.post(text, style: style, until: expiry)
    loop?.redraw(at: expiry)
  }
}
