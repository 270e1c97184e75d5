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
    /// A list someone shares with the user: deleting it leaves the share; the owner keeps it.
    case leftList(RemindersList.ID, title: String, owner: String)
    case tag(Tag.ID)
    case reminders([Reminder.ID], subject: String)
    case completed(SearchQuery, ClearCompletedAge)
  }

  enum Overlay {
    case help(scroll: Int)
    case confirm(ConfirmationState, Deletion)
    case sortMenu(PickerState)
    case clearMenu(PickerState)
    /// Where the reminders go: the lists' titles, and their ids in the same order.
    case moveMenu(PickerState, [Reminder.ID], lists: [RemindersList.ID])
    case reminderForm(ReminderFormScreen)
    case listForm(ListFormScreen)
    case share(ShareDialog)
    case invitations(InvitationsDialog)
  }

  /// The smallest screen the app draws on; smaller ones get the toolkit's message.
  static let minimumSize = Size(width: 40, height: 12)
  /// Narrower than this, the sidebar and the reminders take turns on the whole screen.
  static let splitWidth = 64

  /// The left-hand pane: smart lists, lists and tags, with their counts.
  let sidebar = SidebarScreen()
  /// The sync engine's state for the status line; idle when the database does not sync.
  let sync: SyncModel
  let quickAdd = QuickAddModel()
  /// The writes keys ask for, run off the main actor.
  let writes = WriteQueue()
  /// The detail screen the right-hand pane shows (unless search or stats are open over it).
  var detail: DetailScreen? {
    didSet { if detail !== oldValue { followChanges(of: detail?.model) } }
  }
  /// Rows others changed, marked for a moment.
  var changeMarks = ChangeMarks()
  /// Gives the detail screen's values to `changeMarks`.
  var detailValues: Task<Void, Never>?
  /// Search, while it is open (in place of the detail screen).
  var search: SearchScreen?
  /// The stats screen, while it is open (in place of the detail screen).
  var stats: StatsModel?
  weak var loop: MainLoop?
  /// `q` was pressed while writes were still running: the app quits once they are done, with the
  /// screen up and saying so meanwhile.
  var isQuittingWhenSaved = false
  /// The status line's messages and the last error (see ``StatusLineModel``).
  let statusLine = StatusLineModel()
  /// The last error, shown whole at the bottom until the next key: unlike other messages it
  /// does not go by itself, and it is not cut to the status line's width.
  var shownError: String? {
    get { statusLine.shownError }
    set { statusLine.shownError = newValue }
  }
  /// Quit once saved, and saved: every frame reads `writes.pending`, so its change brings a frame.
  var isDone: Bool { isQuittingWhenSaved && writes.pending == 0 }
  /// Waits for the next midnight (see `followTheDay`).
  var dayTask: Task<Void, Never>?

  var focus = Pane.sidebar
  var overlay: Overlay?
  /// The line where text is typed (quick-add, a tag), while it is open.
  var prompt: LinePrompt?
  var messages: StatusMessages {
    get { statusLine.messages }
    set { statusLine.messages = newValue }
  }
  var keymap = AppKeymap.make()
  /// The dependencies the app was made with: what "now" is for due date labels.
  let dependencies = DependencyValues.current

  /// The terminal's size at the last update; the layout follows from it.
  var screenSize = Size(width: 80, height: 24)
  /// The first list the stats show the completion rate of, when they do not all fit.
  var statsListOffset = 0
  /// The changes the server refused that the user has been told of (see `SyncState`).
  var refusalsReported = 0

  /// How long a status message shows.
  let messageLifetime: Duration

  init(syncEngine: SyncEngine? = nil, messageLifetime: Duration = .seconds(4)) {
    sync = SyncModel(engine: syncEngine)
    self.messageLifetime = messageLifetime
  }

  // MARK: - The layout, from the state

  /// True when the sidebar and the reminders take turns on the whole screen.
  var isNarrow: Bool { screenSize.width < Self.splitWidth }

  /// The status line, the quick-add line with its error above it, or an error on as many lines
  /// as it takes (up to three).
  var bottomHeight: Int {
    if prompt != nil { return prompt?.error != nil ? 2 : 1 }
    guard let shownError else { return 1 }
    return min(
      max(Self.errorText(shownError).lines(width: max(screenSize.width, 1)).count, 1), Self.maxErrorLines)
  }

  static let maxErrorLines = 3

  /// An error as the bottom of the screen shows it.
  static func errorText(_ error: String) -> Text { Text(" " + error, style: .error) }

  /// The panes' height, borders included.
  var mainHeight: Int { max(screenSize.height - bottomHeight, 0) }

  /// The sidebar's rows: the panes inside their borders.
  var sidebarHeight: Int { max(mainHeight - 2, 1) }

  /// The rows of the right-hand pane's list, under its one-line summary.
  var listHeight: Int { max(sidebarHeight - 1, 1) }

  /// True when the right-hand pane takes keys.
  var isRightFocused: Bool { focus == .detail && overlay == nil && prompt == nil }

  // MARK: - Reading the models

  var format: ReminderRowFormat {
    let formatter = DueDateFormatter(
      now: dependencies.date.now, calendar: dependencies.calendar, timeZone: dependencies.timeZone)
    let mixesLists: Bool =
      if let detail, case .list = detail.model.kind { false } else { true }
    return ReminderRowFormat(
      formatter: formatter, showsList: mixesLists && !isNarrow, changedByOthers: changeMarks.marked(at: .now))
  }

  /// The home screen's live values (the sidebar's).
  var home: HomeModel { sidebar.home }

  /// The entry selected in the sidebar.
  var sidebarEntry: SidebarEntry? { sidebar.selection }

  /// The reminder selected on the detail screen or in search results, with its title.
  var selectedReminder: ReminderRow? {
    if let search { return search.selectedRow }
    return detail?.selectedRow
  }

  /// The list new reminders go to: the detail screen's list, the sidebar's selected list, or the
  /// first.
  var targetListID: RemindersList.ID? {
    if let id = detail?.model.listID, search == nil { return id }
    if case .list(let id)? = sidebarEntry { return id }
    return home.firstList?.id
  }
}
