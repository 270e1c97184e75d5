import RemindersKit
import TerminalUI

/// The list form: a title and a colour from the named palette, with the list shown as it will
/// look.
@MainActor
final class ListFormScreen {
  enum Outcome {
    /// Save this (the form stays in the app's hands until the write is done).
    case save(RemindersList.Draft)
    case cancelled
  }

  let model: ListFormModel
  private var form: FormState
  private(set) var keymap = OverlayKeys.form()
  /// Why the list could not be saved, shown in the form's footer.
  var error: String?
  /// Whether the last key was an Esc that asked before dropping a change.
  private var confirmsCancel = false

  init(model: ListFormModel) {
    self.model = model
    form = FormState([
      .text("Title", model.title),
      .choice("Colour", options: model.colors.map(\.name), selected: model.colorIndex),
    ])
    refresh()
  }

  private func refresh() {
    model.title = form[0].value
    if case .choice(_, let selected) = form[1].control { model.colorIndex = selected }
    form[1].hint =
      StyledText("●", style: .item(model.color))
      + StyledText(
        " " + (model.title.isEmpty ? "New List" : model.title), style: .item(model.color, bold: true))
  }

  func render(in rect: Rect, on canvas: inout Canvas) {
    let formView = Form(form)
    let footer = DialogFooter(error: error, keys: "enter next/save · ←→ colour · esc cancel")
    let width = min(52, rect.width)
    // The border and a column of space on each side.
    let footerHeight = footer.height(width: width - 4)
    let size = Size(width: width, height: min(formView.height + 4 + footerHeight, rect.height))
    let body = Stack.vertical([
      .flexible(Pad(formView)), .fixed(1, EmptyView()), .fixed(footerHeight, Pad(footer)),
    ])
    Panel(title: model.isNew ? "New List" : "Edit List", size: size, body).render(in: rect, on: &canvas)
  }

  func handle(_ event: KeyEvent) -> Outcome? {
    error = nil
    let askedBefore = confirmsCancel
    confirmsCancel = false
    if case .key(let key) = event, case .action(let action) = keymap.handle(key) {
      switch action {
      case .save: return save()
      case .cancel: return cancel(askedBefore: askedBefore)
      case .editNotes: return nil
      }
    }
    switch form.handle(event) {
    case .submitted?:
      refresh()
      return save()
    case .cancelled?:
      return cancel(askedBefore: askedBefore)
    case .activated?, nil:
      refresh()
      return nil
    }
  }

  private func save() -> Outcome? {
    refresh()
    return .save(model.draft)
  }

  /// Esc closes the form; with a change made, the first Esc asks, and the second drops it (as
  /// the reminder form does).
  private func cancel(askedBefore: Bool) -> Outcome? {
    refresh()
    guard !askedBefore, model.hasChanges else { return .cancelled }
    confirmsCancel = true
    error = "Esc again drops what was changed; enter saves it"
    return nil
  }
}
