import RemindersKit
import TerminalUI

/// Search as the right-hand pane has it: the live matches, the text as typed, whether the text
/// field has the keys, and the selection among the matches. It keeps its own state, takes its own
/// keys and makes its own view; the app decides only when it opens and closes.
@MainActor
final class SearchScreen {
  let model: SearchModel
  private(set) var field: TextFieldState
  /// True while keys go to the text field rather than the matches.
  private(set) var isEditing = true
  private(set) var list = ListState<RowID>()

  init(model: SearchModel = SearchModel()) {
    self.model = model
    field = TextFieldState(model.text)
  }

  /// What a key typed into the text field leads to.
  enum TypingOutcome {
    case handled
    case ignored
    /// Esc on empty text: search closes.
    case close
  }

  /// Gives the keys to the text field, with the text as it was last applied (`/`).
  func editFromApplied() {
    field = TextFieldState(model.text)
    isEditing = true
  }

  /// Gives the keys back to the text field as it is (`i`).
  func resumeEditing() {
    isEditing = true
  }

  /// A key while the text field has the keys: enter or down searches now and moves to the
  /// matches, tab completes the `#tag` being typed, esc leaves the field (or closes search when
  /// nothing is typed), and the rest edit the text, searched after a pause.
  func type(_ event: KeyEvent) -> TypingOutcome {
    switch event {
    case .key(.enter), .key(.down):
      model.apply()
      isEditing = false
    case .key(.escape):
      if field.text.isEmpty { return .close }
      isEditing = false
    case .key(.tab):
      if let suggestion = model.suggestions.first {
        model.complete(with: suggestion)
        field = TextFieldState(model.text)
      } else {
        isEditing = false
      }
    default:
      guard field.handle(event) else { return .ignored }
      model.setText(field.text)
    }
    return .handled
  }

  /// The matches as the list draws them.
  func source(_ format: ReminderRowFormat) -> SearchSource {
    SearchSource(results: model.state.results, format: format)
  }

  /// Moves among the matches, loading the window around where the move lands first.
  func navigate(_ key: KeyPress, height: Int, format: ReminderRowFormat) -> Bool {
    list.navigate(key, height: height, source: { source(format) }, load: model.show)
  }

  /// Before a frame: loads the matches that will show and keeps the selection on its match. The
  /// selection follows the cursor only while the matches have the keys.
  func update(height: Int, isFocused: Bool, format: ReminderRowFormat) {
    let follows = isFocused && !isEditing
    let offset = list.visibleOffset(in: source(format), height: height, followsSelection: follows)
    model.show(offset..<offset + height + 1)
    list.reconcile(with: source(format), height: height, followsSelection: follows)
  }

  /// The pane, drawn from the state as it is.
  func view(isFocused: Bool, format: ReminderRowFormat) -> SearchPane {
    SearchPane(
      search: model.state, field: field, isEditing: isEditing && isFocused, list: list,
      source: source(format),
      isFocused: isFocused && !isEditing)
  }

  /// The selected match's row, when it is loaded.
  var selectedRow: ReminderRow? {
    guard case .reminder(let id)? = list.selection else { return nil }
    return model.loadedResults.results.first { $0.id == id }?.row
  }

  /// The status line's hint while search has the focus. Esc leaves the field for the matches,
  /// and closes search only when nothing is typed.
  var hint: String {
    guard isEditing else { return "space done · i edit search" }
    return field.text.isEmpty ? "enter results · esc close" : "enter/esc results"
  }
}

extension ListState where ID == RowID {
  /// Moves in a list whose rows are loaded in windows: the window around where the move lands is
  /// loaded first, so that the move finds its row. False when the key is not a list key.
  mutating func navigate<Source: ListDataSource>(
    _ key: KeyPress, height: Int, source: () -> Source, load: (Range<Int>) -> Void
  ) -> Bool where Source.ID == RowID {
    switch keymap.handle(key) {
    case .action(let action):
      if let target = target(of: action, in: source(), height: height) {
        load(max(target - height, 0)..<target + height)
      }
      perform(action, in: source(), height: height)
      return true
    case .pending:
      return true
    case .unbound:
      return false
    }
  }
}
