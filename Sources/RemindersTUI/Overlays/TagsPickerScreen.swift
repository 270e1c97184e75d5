import RemindersKit
import TerminalUI

/// The tags picker over the reminder form: the most used tags, then the others by title, each
/// with a check box; choosing, adding, renaming and deleting tags.
@MainActor
final class TagsPickerScreen {
  enum Outcome {
    case done([String])
    case cancelled
    /// A change to the tags, for the app to write; ``finished(_:_:)`` brings back how it went.
    case edit(TagEdit)
  }

  private enum Mode {
    case browsing
    case adding(TextFieldState)
    case renaming(Tag.ID, TextFieldState)
    case confirmingDelete(Tag.ID, ConfirmationState)
  }

  let model: TagsPickerModel
  private var list = ListState<String>()
  private var mode = Mode.browsing
  private(set) var keymap = OverlayKeys.tagPicker()
  /// The last error, shown until the next key.
  private var error: String?
  private var listHeight = 8

  init(selected: [String]) {
    model = TagsPickerModel(selected: selected)
  }

  /// The rows: a heading, the most used tags, a heading, the rest.
  private struct Source: ListDataSource {
    var tags: [TagUsage]
    var topCount: Int
    var isSelected: (String) -> Bool

    var entries: [(id: String, tag: TagUsage?)] {
      var entries: [(id: String, tag: TagUsage?)] = []
      if topCount > 0 { entries.append(("#most", nil)) }
      for (index, tag) in tags.enumerated() {
        if index == topCount, index > 0 { entries.append(("#all", nil)) }
        entries.append((tag.id, tag))
      }
      return entries
    }

    var count: Int { entries.count }
    func id(at index: Int) -> String { entries[index].id }
    func index(of id: String) -> Int? {
      entries.firstIndex { $0.id.caseInsensitiveCompare(id) == .orderedSame }
    }
    func isSelectable(at index: Int) -> Bool { entries[index].tag != nil }
    func rows(in range: Range<Int>) -> [ListRow] {
      let entries = self.entries
      return entries[range].map { entry in
        guard let tag = entry.tag else {
          return ListRow(title: StyledText(entry.id == "#most" ? "Most used" : "All tags", style: .title))
        }
        let chosen = isSelected(tag.tag.title)
        return ListRow(
          title: StyledText("#" + tag.tag.title),
          detail: StyledText(tag.remindersCount == 0 ? "unused" : String(tag.remindersCount), style: .dim),
          marker: StyledText(chosen ? "[x]" : "[ ]", style: chosen ? .accent : .normal))
      }
    }
  }

  private var source: Source {
    Source(tags: model.tags, topCount: model.topCount, isSelected: { [model] in model.isSelected($0) })
  }

  private var selectedTag: Tag.ID? {
    let source = self.source
    guard let index = list.resolvedIndex(in: source), source.isSelectable(at: index) else { return nil }
    return source.id(at: index)
  }

  /// The panel on a screen area of `area`: as tall as the tags and the footer need, or the area.
  private func panelSize(in area: Size, tagCount: Int) -> Size {
    Size(width: min(46, area.width), height: min(max(tagCount, 1) + 6, area.height))
  }

  /// Before a frame, drawn over `area`: the list's height follows the tags, and the selection stays
  /// on its tag as they change.
  func update(area: Size) {
    let source = self.source
    listHeight = max(panelSize(in: area, tagCount: source.count).height - 6, 1)
    list.reconcile(with: source, height: listHeight)
  }

  func render(in rect: Rect, on canvas: inout Canvas) {
    let source = self.source
    let size = panelSize(in: rect.size, tagCount: source.count)
    let footer: any View =
      switch mode {
      case .adding(let field):
        Stack.horizontal([
          .fixed(5, Text("New ", style: .accent)), .flexible(TextField(field, hint: "tag")),
        ])
      case .renaming(_, let field):
        Stack.horizontal([
          .fixed(8, Text("Rename ", style: .accent)), .flexible(TextField(field, hint: "tag")),
        ])
      case .browsing, .confirmingDelete:
        DialogFooter(error: error, keys: "space choose · n new · r rename · d delete")
      }
    // Inside the panel's border.
    let footerHeight = DialogFooter(error: error, keys: "").height(width: size.width - 2)
    let body = Stack.vertical([
      .flexible(
        List(source, state: list, isFocused: isBrowsing, emptyMessage: "No tags yet: n adds one")),
      .fixed(1, EmptyView()),
      .fixed(footerHeight, footer),
      .fixed(1, Text("enter done · esc cancel", style: .dim)),
    ])
    Panel(title: "Tags", size: size, body).render(in: rect, on: &canvas)
    if case .confirmingDelete(_, let confirmation) = mode {
      confirmation.dialog.render(in: rect, on: &canvas)
    }
  }

  private var isBrowsing: Bool {
    if case .browsing = mode { return true }
    return false
  }

  /// A change to the tags was written, or failed: the tag saved is chosen and selected, or the
  /// error shows until the next key.
  func finished(_ edit: TagEdit, _ result: Result<Tag?, any Error>) {
    switch result {
    case .success(let saved):
      model.apply(edit, saved)
      if let saved { list.select(id: saved.id, in: source, height: listHeight) }
    case .failure(let failure):
      error = message(for: failure)
    }
  }

  func handle(_ event: KeyEvent) -> Outcome? {
    // Esc first dismisses an error, keeping the tags chosen so far; any other key dismisses it
    // and does what it does.
    if error != nil, event == .key(.escape) {
      error = nil
      return nil
    }
    error = nil
    switch mode {
    case .adding(var field):
      switch event {
      case .key(.enter):
        mode = .browsing
        return .edit(.add(field.text))
      case .key(.escape):
        mode = .browsing
      default:
        _ = field.handle(event)
        mode = .adding(field)
      }
      return nil
    case .renaming(let id, var field):
      switch event {
      case .key(.enter):
        mode = .browsing
        return .edit(.rename(id, to: field.text))
      case .key(.escape):
        mode = .browsing
      default:
        _ = field.handle(event)
        mode = .renaming(id, field)
      }
      return nil
    case .confirmingDelete(let id, var confirmation):
      switch confirmation.handle(event) {
      case true?:
        mode = .browsing
        return .edit(.delete(id))
      case false?:
        mode = .browsing
      case nil:
        mode = .confirmingDelete(id, confirmation)
      }
      return nil
    case .browsing:
      guard case .key(let key) = event else { return nil }
      if list.handle(key, in: source, height: listHeight) { return nil }
      guard case .action(let action) = keymap.handle(key) else { return nil }
      switch action {
      case .toggle:
        if let tag = selectedTag { model.toggle(tag) }
      case .done:
        return .done(model.selected)
      case .cancel:
        return .cancelled
      case .add:
        mode = .adding(TextFieldState())
      case .rename:
        if let tag = selectedTag { mode = .renaming(tag, TextFieldState(tag)) }
      case .delete:
        if let tag = selectedTag {
          mode = .confirmingDelete(
            tag,
            ConfirmationState(
              title: "Delete tag", message: "Delete the tag #\(tag) from every reminder?",
              confirmLabel: "Delete",
              cancelLabel: "Cancel"))
        }
      }
      return nil
    }
  }
}
