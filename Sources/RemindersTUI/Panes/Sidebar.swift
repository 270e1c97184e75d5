import RemindersKit
import TerminalUI

/// One row of the sidebar.
enum SidebarEntry: Hashable, Sendable {
  case heading(String)
  case gap(Int)
  case smart(SmartList)
  case list(RemindersList.ID)
  case tag(Tag.ID)

  var isSelectable: Bool {
    switch self {
    case .heading, .gap: false
    case .smart, .list, .tag: true
    }
  }
}

/// The sidebar's rows: the smart lists with their counts, "My Lists" by position with colour and
/// count of incomplete reminders, and the tags in use. Read once per frame from the home model.
struct SidebarSource: ListDataSource {
  struct Item {
    var entry: SidebarEntry
    var row: ListRow
  }

  let items: [Item]
  private let indices: [SidebarEntry: Int]

  init(stats: Stats, lists: [ReminderListState], tags: [TagUsage]) {
    var items: [Item] = [Item(entry: .heading("Smart Lists"), row: Self.heading("Smart Lists"))]
    for list in SmartList.allCases {
      // The completed list shows no count, as in the seeds' app.
      let count = list == .completed ? "" : String(stats.count(for: list))
      items.append(
        Item(
          entry: .smart(list),
          row: ListRow(
            title: StyledText(list.title), detail: StyledText(count, style: .dim),
            marker: StyledText(list.symbol, style: .item(list.accentColor)))))
    }
    items.append(Item(entry: .gap(0), row: ListRow(title: StyledText())))
    items.append(Item(entry: .heading("My Lists"), row: Self.heading("My Lists")))
    let own = lists.filter { $0.sharedBy == nil }
    for list in own { items.append(Self.item(list)) }
    if own.isEmpty {
      // Sample data loads only into an empty database.
      let hint = lists.isEmpty ? "No lists: S for sample data" : "None yet: a adds one"
      items.append(Item(entry: .gap(1), row: ListRow(title: StyledText(hint, style: .dim))))
    }
    // Lists shared with the user, under their owner's name.
    let shared = Dictionary(grouping: lists.filter { $0.sharedBy != nil }, by: { $0.sharedBy ?? "" })
    for (index, owner) in shared.keys.sorted().enumerated() {
      items.append(Item(entry: .gap(10 + index), row: ListRow(title: StyledText())))
      let heading = "From " + owner
      items.append(Item(entry: .heading(heading), row: Self.heading(heading)))
      for list in shared[owner] ?? [] { items.append(Self.item(list)) }
    }
    if !tags.isEmpty {
      items.append(Item(entry: .gap(2), row: ListRow(title: StyledText())))
      items.append(Item(entry: .heading("Tags"), row: Self.heading("Tags")))
      for tag in tags {
        items.append(
          Item(
            entry: .tag(tag.id),
            row: ListRow(title: StyledText(tag.tag.title), marker: StyledText("#", style: .accent))))
      }
    }
    self.items = items
    var indices: [SidebarEntry: Int] = [:]
    for (index, item) in items.enumerated() { indices[item.entry] = index }
    self.indices = indices
  }

  /// A list's row: its colour, title and count, marked when it is shared.
  private static func item(_ list: ReminderListState) -> Item {
    var detail = StyledText()
    // Shared: ⇄; shared with the user read-only: "ro" as well.
    if list.share != nil {
      if !list.isWritable { detail.append("ro ", style: .warning) }
      detail.append("⇄ ", style: .accent)
    }
    detail.append(String(list.remindersCount), style: .dim)
    return Item(
      entry: .list(list.id),
      row: ListRow(
        title: StyledText(list.remindersList.title.isEmpty ? "Untitled" : list.remindersList.title),
        detail: detail,
        marker: StyledText("●", style: .item(list.remindersList.color))))
  }

  private static func heading(_ title: String) -> ListRow {
    ListRow(title: StyledText(title, style: .title))
  }

  var count: Int { items.count }
  func id(at index: Int) -> SidebarEntry { items[index].entry }
  func index(of id: SidebarEntry) -> Int? { indices[id] }
  func rows(in range: Range<Int>) -> [ListRow] { items[range].map(\.row) }
  func isSelectable(at index: Int) -> Bool { items[index].entry.isSelectable }
}

extension SmartList {
  /// The sign before the smart list's name.
  var symbol: String {
    switch self {
    case .today: "◷"
    case .scheduled: "▦"
    case .all: "▤"
    case .flagged: "⚑"
    case .completed: "✓"
    }
  }
}

/// The sidebar in its border, which shows whether it has the focus.
struct SidebarPane: View {
  var source: SidebarSource
  var list: ListState<SidebarEntry>
  /// True when the sidebar is the focused pane.
  var isFocused: Bool
  /// True when it is focused and nothing is over it: its selection shows.
  var takesKeys: Bool

  func render(in rect: Rect, on canvas: inout Canvas) {
    Border(
      title: "Reminders", style: isFocused ? .accent : .border,
      Pad(List(source, state: list, isFocused: takesKeys, emptyMessage: "No lists yet"))
    )
    .render(in: rect, on: &canvas)
  }
}
