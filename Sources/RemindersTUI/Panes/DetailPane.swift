import RemindersKit
import TerminalUI

/// A detail screen: its title in its colour, a line saying how many reminders there are and how
/// they are sorted, and the rows.
struct DetailPane: View {
  var title: String
  var accentColor: Int
  /// The count line, and shorter forms of it (the same facts, fewer words) for narrower panes.
  var summary: [StyledText]
  /// How the list is shared and who changed it last; empty for a list nobody shares.
  var sharingLine: StyledText
  /// Why the rows could not be read again (the rows shown are the last ones read); nil when they
  /// were.
  var loadError: String?
  var emptyMessage: String
  var list: ListState<RowID>
  var source: DetailSource
  var isFocused: Bool
  /// How many reminders are marked, shown in the summary while any are.
  var markedCount: Int
  /// The selected row's title as it is being edited in place.
  var renaming: TextFieldState?

  /// A screen of `kind` showing `window`, its rows drawn from `source`; `sharing` is the list's
  /// state when the screen is a list: how it is shared.
  init(
    kind: DetailKind, window: DetailWindow.Value, sharing: ReminderListState?, list: ListState<RowID>,
    source: DetailSource, isFocused: Bool, markedCount: Int = 0, renaming: TextFieldState? = nil,
    loadError: String? = nil
  ) {
    self.loadError = loadError
    let settings = window.settings
    let count = StyledText("\(count: source.count, "reminder")", style: .dim)
    var summary = count
    summary.append(" · \(settings.ordering.displayName)", style: .dim)
    if !kind.showsOnlyCompleted, window.completedCount > 0 {
      summary.append(
        " · \(window.completedCount) completed \(settings.showCompleted ? "shown" : "hidden")", style: .dim)
    }
    self.summary = [summary]
    if markedCount > 0 {
      var marked = StyledText(" · \(markedCount) marked", style: .accent)
      // Said while marking, not only when an action is refused; where the line is narrow, the
      // order and the completed count give way to it.
      if markedCount > VisualSelection.actionLimit {
        marked.append(" (one action takes \(VisualSelection.actionLimit) at most)", style: .warning)
      }
      self.summary = [summary + marked, count + marked]
    }
    sharingLine = Self.sharingLine(sharing, lastChange: window.lastChange)
    emptyMessage =
      kind.showsOnlyCompleted || settings.showCompleted ? "No reminders" : "No reminders (n adds one)"
    title = kind.title(list: window.list)
    accentColor = kind.accentColor(list: window.list)
    self.list = list
    self.source = source
    self.isFocused = isFocused
    self.markedCount = markedCount
    self.renaming = renaming
  }

  /// "Shared by alice, read-only · last changed by bob" for a shared list; empty for others.
  static func sharingLine(_ sharing: ReminderListState?, lastChange: SharedChange?) -> StyledText {
    var parts: [StyledText] = []
    guard let sharing, let share = sharing.share else { return StyledText() }
    do {
      if let owner = sharing.sharedBy {
        var part = StyledText("Shared by \(owner)", style: .accent)
        if !sharing.isWritable { part.append(", read-only", style: .warning) }
        parts.append(part)
      } else {
        let people = share.participants.map(\.userName)
        parts.append(
          StyledText(
            people.isEmpty ? "Shared" : "Shared with " + people.joined(separator: ", "), style: .accent))
      }
    }
    if let lastChange, let user = lastChange.modifiedBy {
      parts.append(StyledText("last changed by " + (lastChange.isByCurrentUser ? "you" : user), style: .dim))
    }
    return parts.reduce(into: StyledText()) { line, part in
      if !line.isEmpty { line.append(" · ", style: .dim) }
      line.append(part)
    }
  }

  func render(in rect: Rect, on canvas: inout Canvas) {
    let content = Pad(
      Stack.vertical(
        [.fixed(1, Line(fitting: summary))] + (sharingLine.isEmpty ? [] : [.fixed(1, Line(sharingLine))])
          + (loadError.map {
            [.fixed(1, Line(StyledText("Cannot read these reminders: " + $0, style: .error)))]
          }
            ?? []) + [
            .flexible(
              RowTitleEditor(
                list: List(source, state: list, isFocused: isFocused, emptyMessage: emptyMessage),
                field: renaming))
          ]))
    Border(
      title: title, style: isFocused ? .accent : .border, titleStyle: .item(accentColor, bold: true), content
    )
    .render(in: rect, on: &canvas)
  }
}

/// Search: the text field, the `#tag` suggestions or the completed count, and the matches.
struct SearchPane: View {
  var info: StyledText
  var emptyMessage: String
  var field: TextFieldState
  var isEditing: Bool
  var list: ListState<RowID>
  var source: SearchSource
  var isFocused: Bool

  init(
    search: SearchModel.State, field: TextFieldState, isEditing: Bool, list: ListState<RowID>,
    source: SearchSource, isFocused: Bool
  ) {
    var info = StyledText()
    let results = search.results
    if !results.suggestions.isEmpty, isEditing {
      info.append("tab → ", style: .dim)
      info.append(results.suggestions.map { "#" + $0.title }.joined(separator: " "), style: .accent)
    } else if !search.query.isEmpty {
      info.append("\(results.count) found · ", style: .dim)
      info.append("\(results.completedCount) Completed", style: .title)
      info.append(search.showCompleted ? " (c hide · C clear)" : " (c show · C clear)", style: .dim)
    } else {
      info.append("Type words or #tags", style: .dim)
    }
    self.info = info
    emptyMessage = search.query.isEmpty ? "" : (search.isPending ? "Searching…" : "No matches")
    self.field = field
    self.isEditing = isEditing
    self.list = list
    self.source = source
    self.isFocused = isFocused
  }

  func render(in rect: Rect, on canvas: inout Canvas) {
    let content = Pad(
      Stack.vertical([
        .fixed(
          1,
          Stack.horizontal([
            .fixed(2, Text("/", style: .accent)),
            .flexible(TextField(field, hint: "search", isFocused: isEditing)),
          ])),
        .fixed(1, Line(info)),
        .flexible(List(source, state: list, isFocused: isFocused, emptyMessage: emptyMessage)),
      ]))
    Border(title: "Search", style: isFocused || isEditing ? .accent : .border, content).render(
      in: rect, on: &canvas)
  }
}

/// The right-hand pane before anything is open: what to do next, and the offer of sample data
/// when the database is empty.
struct EmptyPane: View {
  var isEmpty: Bool
  /// Whether the database syncs: then a list someone shares can be joined, too.
  var syncs = false

  func render(in rect: Rect, on canvas: inout Canvas) {
    let text =
      isEmpty
      ? "This database is empty.\n\nPress S to load the sample data, or a to add a list"
        + (syncs ? ", or P to join a list shared with you." : ".")
      : "Choose a list on the left and press enter."
    Border(Text(text, style: .dim, alignment: .center)).render(in: rect, on: &canvas)
  }
}

/// One line of styled text.
struct Line: View {
  /// The line's forms, longest first: the first that fits is drawn, else the last, cut.
  var forms: [StyledText]
  init(_ text: StyledText) { forms = [text] }
  init(fitting forms: [StyledText]) { self.forms = forms }
  func render(in rect: Rect, on canvas: inout Canvas) {
    guard let last = forms.last else { return }
    canvas.writeLine(forms.first { $0.terminalWidth <= rect.width } ?? last, in: rect)
  }
}
