import Foundation
import TerminalUI
import Testing

@testable import RemindersKit
@testable import RemindersTUI

/// Each pane drawn from values written here, with no database and no app: what a pane shows
/// follows from its state alone. Compared with `Snapshots/`.
@MainActor
@Suite("Panes from state")
struct PaneSnapshotTests {
  private static let personal = RemindersList(id: id(1), color: 0x4a99_efff, position: 1, title: "Personal")
  private static let family = RemindersList(id: id(2), color: 0xed89_35ff, position: 2, title: "Family")

  private static func id(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number))!
  }

  private static func row(
    _ number: Int, _ title: String, in list: RemindersList, due: TimeInterval? = nil, notes: String = "",
    priority: Reminder.Priority? = nil, flagged: Bool = false, status: Reminder.Status = .incomplete,
    tags: String = ""
  ) -> ReminderRow {
    let dueDate = due.map { fixedNow.addingTimeInterval($0) }
    return ReminderRow(
      reminder: Reminder(
        id: id(100 + number), dueDate: dueDate, isFlagged: flagged, notes: notes, priority: priority,
        remindersListID: list.id, status: status, title: title),
      remindersList: list, tags: tags,
      isPastDue: status == .incomplete && (dueDate.map { $0 < fixedNow } ?? false))
  }

  private static let sampleRows = [
    row(1, "Haircut", in: personal, due: -2 * 86_400, flagged: true, tags: "#optional #someday"),
    row(2, "Doctor appointment", in: personal, due: 0, notes: "Ask about diet", priority: .high),
    row(3, "Groceries", in: personal, notes: "Milk\nEggs\nApples"),
    row(4, "Take a walk", in: personal, due: -190 * 86_400, status: .completed, tags: "#car"),
  ]

  private static let format = ReminderRowFormat(
    formatter: DueDateFormatter(now: fixedNow, calendar: fixedCalendar, timeZone: fixedTimeZone),
    showsList: false)

  /// A screen's default settings, with completed reminders shown (the rows include one).
  private static func showingCompleted(_ kind: DetailKind) -> ScreenSettings {
    var settings = kind.defaultSettings
    settings.showCompleted = true
    return settings
  }

  private func draw(
    _ view: some View, _ size: Size = Size(width: 60, height: 14), depth: ColorDepth = .indexed256
  )
    -> String
  {
    var canvas = Canvas(size: size)
    canvas.colorDepth = depth
    canvas.render(view)
    return canvas.textSnapshot()
  }

  @Test func sidebar() {
    let lists = [
      ReminderListState(remindersCount: 3, remindersList: Self.personal),
      ReminderListState(remindersCount: 0, remindersList: Self.family),
      ReminderListState(
        remindersCount: 2, remindersList: RemindersList(id: Self.id(3), title: "Trip"), sharedBy: "alice"),
    ]
    let tags = [
      TagUsage(remindersCount: 2, tag: Tag(title: "someday")),
      TagUsage(remindersCount: 1, tag: Tag(title: "car")),
    ]
    let source = SidebarSource(
      stats: Stats(allCount: 5, completedCount: 1, flaggedCount: 1, scheduledCount: 2, todayCount: 1),
      lists: lists, tags: tags)
    var list = ListState<SidebarEntry>()
    list.select(id: .list(Self.personal.id), in: source, height: 20)
    let screen = draw(
      SidebarPane(source: source, list: list, isFocused: true, takesKeys: true), Size(width: 30, height: 22))
    expectSnapshot(screen, named: "pane-sidebar")
    #expect(screen.contains("Trip"))
  }

  /// A row that names its list cuts a long list name, so that its tags and date keep their place.
  @Test func aLongListNameLeavesTheTagsAndDateOnTheRow() {
    let work = RemindersList(
      id: Self.id(9), title: "Work 🚀 プロジェクト with a very long title that goes on and on and on forever")
    let format = ReminderRowFormat(formatter: Self.format.formatter, showsList: true)
    let row = format.listRow(Self.row(9, "Form test", in: work, due: 0, tags: "#someday"))
    #expect(row.detail.description.hasPrefix("Work 🚀 プロジ…  "))
    #expect(row.detail.description.contains("…  #someday  Today 10:00 AM"))
    #expect(row.detail.terminalWidth <= ReminderRowFormat.listNameWidth + "  #someday  Today 10:00 AM".count)
  }

  @Test func detailOfAList() {
    let window = DetailWindow.Value(
      settings: Self.showingCompleted(.list(Self.personal.id)), count: 4, rows: Self.sampleRows,
      completedCount: 1,
      list: Self.personal)
    let source = DetailSource(window: window, format: Self.format)
    var list = ListState<RowID>()
    list.select(id: .reminder(Self.sampleRows[1].id), in: source, height: 10)
    let screen = draw(
      DetailPane(
        kind: .list(Self.personal.id), window: window, sharing: nil, list: list, source: source,
        isFocused: true))
    expectSnapshot(screen, named: "pane-detail")
    #expect(screen.contains("─ Personal ") && screen.contains("4 reminders"))
  }

  @Test func aVisualSelectionAndWhatItCounts() {
    let window = DetailWindow.Value(
      settings: Self.showingCompleted(.smart(.all)), count: 4, rows: Self.sampleRows, completedCount: 1)
    var marks = VisualSelection()
    marks.toggle(Self.sampleRows[0].id)
    marks.startRange(at: Self.sampleRows[2].id, index: 2)
    // The range is open from the third row to the cursor on the fourth.
    let range = 2..<4
    let source = DetailSource(
      window: window, format: ReminderRowFormat(formatter: Self.format.formatter, showsList: true),
      marks: marks,
      range: range)
    var list = ListState<RowID>()
    list.select(id: .reminder(Self.sampleRows[3].id), in: source, height: 10)
    let screen = draw(
      DetailPane(
        kind: .smart(.all), window: window, sharing: nil, list: list, source: source, isFocused: true,
        markedCount: 3))
    expectSnapshot(screen, named: "pane-marked")
    #expect(screen.contains("3 marked"))
    #expect(!screen.contains("at most"))
    #expect(rows(screen).filter { $0.contains("▌") }.count == 3)
    // More than one action changes: said while marking, not only when acting.
    let tooMany = draw(
      DetailPane(
        kind: .smart(.all), window: window, sharing: nil, list: list, source: source, isFocused: true,
        markedCount: 13_335), Size(width: 100, height: 14))
    #expect(tooMany.contains("13335 marked (one action takes 10000 at most)"), "\(tooMany)")
    // Narrower, the order and the completed count give way, so the warning is not cut.
    let narrow = draw(
      DetailPane(
        kind: .smart(.all), window: window, sharing: nil, list: list, source: source, isFocused: true,
        markedCount: 13_335), Size(width: 70, height: 14))
    #expect(narrow.contains("4 reminders · 13335 marked (one action takes 10000 at most)"), "\(narrow)")
    #expect(!narrow.contains("completed shown"))
  }

  @Test func searchWithHighlightsAndTheCompletedCount() {
    let query = SearchQuery("walk")
    let results = SearchRequest.Value(
      count: 1, results: [SearchResult(row: Self.sampleRows[3], query: query)], completedCount: 1)
    let source = SearchSource(results: results, format: Self.format)
    let field = TextFieldState("walk")
    let screen = draw(
      SearchPane(
        search: SearchModel.State(query: query, showCompleted: true, results: results), field: field,
        isEditing: false, list: ListState(), source: source, isFocused: true))
    expectSnapshot(screen, named: "pane-search")
    #expect(screen.contains("1 found · 1 Completed (c hide · C clear)"))
  }

  @Test func searchWaitingForItsQuery() {
    let screen = draw(
      SearchPane(
        search: SearchModel.State(query: SearchQuery("milk"), isPending: true), field: TextFieldState(),
        isEditing: true, list: ListState(),
        source: SearchSource(results: SearchRequest.Value(), format: Self.format),
        isFocused: false))
    #expect(screen.contains("Searching…"))
  }

  /// An empty database offers the sample data and a new list, and, when it syncs, a list shared
  /// with the user too.
  @Test func anEmptyDatabaseSaysWhatToDo() {
    let alone = draw(EmptyPane(isEmpty: true), Size(width: 70, height: 8))
    #expect(alone.contains("Press S to load the sample data, or a to add a list."))
    #expect(!alone.contains("shared"))
    let syncing = draw(EmptyPane(isEmpty: true, syncs: true), Size(width: 100, height: 8))
    #expect(syncing.contains("or P to join a list shared with you."), "\(syncing)")
  }

  @Test func stats() {
    var value = StatsScreenRequest.Value()
    value.days = (0..<14).map { day in
      StatsScreenRequest.Value.Day(
        start: fixedNow.addingTimeInterval(Double(day - 13) * 86_400), completed: day % 4)
    }
    value.overdue = 2
    value.dueToday = 1
    value.scheduled = 5
    value.flagged = 3
    value.lists = [
      .init(id: Self.personal.id, title: "Personal", color: Self.personal.color, completed: 1, total: 4),
      .init(id: Self.family.id, title: "Family", color: Self.family.color, completed: 2, total: 2),
    ]
    value.tags = [TagUsage(remindersCount: 3, tag: Tag(title: "social"))]
    let pane = StatsPane(value: value, calendar: fixedCalendar, timeZone: fixedTimeZone, isFocused: true)
    let screen = draw(pane, Size(width: 80, height: 30))
    expectSnapshot(screen, named: "pane-stats")
    let plain = draw(pane, Size(width: 80, height: 30), depth: .monochrome)
    expectSnapshot(plain, named: "pane-stats-no-color")
    #expect(!plain.contains("█"))
  }
}
