import Foundation
import RemindersKit
import TerminalUI

/// The reminder form over the screen: title, notes (several lines, or `$EDITOR`), tags (through
/// the picker), due date on or off and typed in words with what it means shown under it, flag,
/// priority and list.
@MainActor
final class ReminderFormScreen {
  enum Outcome {
    /// Save this (the form stays in the app's hands until the write is done).
    case save(Reminder.Draft, tags: [String])
    /// Saved as it opened: nothing to write.
    case unchanged
    case cancelled
    /// A change to the tags made in the tags picker, for the app to write; the form stays open
    /// and ``tagEditFinished(_:_:)`` brings back how it went.
    case editTag(TagEdit)
  }

  private enum Field: Int, CaseIterable {
    case title, notes, tags, hasDueDate, dueDate, flag, priority, list
  }

  let model: ReminderFormModel
  private var form: FormState
  private var picker: TagsPickerScreen?
  private let lists: [RemindersList]
  private(set) var keymap = OverlayKeys.form()
  /// An existing reminder as the form had it when it opened: a save writes only what differs.
  private(set) var original: ReminderFormOriginal?
  /// The fields as the form opened with them, to tell whether Esc would drop something typed.
  private var opened: [String] = []
  /// Whether the last key was an Esc that asked before dropping what was typed.
  private var confirmsCancel = false
  /// Why the form could not be checked or saved, shown in its footer.
  var error: String?
  private static let priorities: [Reminder.Priority?] = [nil, .low, .medium, .high]

  init(model: ReminderFormModel) {
    self.model = model
    var lists = model.lists
    if !lists.contains(where: { $0.id == model.listID }) {
      lists.append(RemindersList(id: model.listID, title: "(deleted list)"))
    }
    self.lists = lists
    form = FormState([
      .text("Title", model.title),
      .textArea("Notes", model.notes, lines: 3),
      .button("Tags", ""),
      .toggle("Due date", model.hasDueDate),
      .text("When", model.dueText),
      .toggle("Flagged", model.isFlagged),
      .choice(
        "Priority", options: ["None", "! Low", "!! Medium", "!!! High"],
        selected: Self.priorities.firstIndex(of: model.priority) ?? 0),
      .choice("List", options: lists.map(\.title), selected: lists.firstIndex { $0.id == model.listID } ?? 0),
    ])
    // Taken through the fields, as a save takes them: what the fields do to a value (line
    // breaks, a date's seconds) is not a change the user made.
    original = nil
    refresh()
    opened = fields
    if !model.isNew, let values = try? model.validated() {
      original = ReminderFormOriginal(draft: values.draft, tags: values.tags)
    }
  }

  /// The help for the form's keys, and the picker's when it is open.
  var helpSections: [HelpSection] {
    (picker?.keymap.helpSections() ?? []) + [OverlayKeys.formHelp]
  }

  /// Copies the form's fields into the model and shows what they mean.
  private func refresh() {
    model.title = form[Field.title.rawValue].value
    model.notes = form[Field.notes.rawValue].value
    let dueText = form[Field.dueDate.rawValue].value
    if dueText != model.dueText, !dueText.isEmpty, !model.hasDueDate {
      // Typing a date turns the due date on.
      form[Field.hasDueDate.rawValue].control = .toggle(true)
    }
    model.dueText = dueText
    model.hasDueDate = form[Field.hasDueDate.rawValue].value == "true"
    model.isFlagged = form[Field.flag.rawValue].value == "true"
    if case .choice(_, let selected) = form[Field.priority.rawValue].control {
      model.priority = Self.priorities[selected]
    }
    if case .choice(_, let selected) = form[Field.list.rawValue].control, lists.indices.contains(selected) {
      model.listID = lists[selected].id
    }
    form[Field.tags.rawValue].control = .button(
      model.tags.isEmpty ? "none (enter to choose)" : model.tags.map { "#" + $0 }.joined(separator: " "))
    form[Field.dueDate.rawValue].hint = StyledText(
      model.duePreview, style: model.hasDueDateError ? .error : .dim)
    let list = lists.first { $0.id == model.listID }
    form[Field.list.rawValue].hint = list.map {
      StyledText("●", style: .item($0.color)) + StyledText(" " + $0.title)
    }
  }

  /// Before a frame, drawn over `area`: the tags picker, when open, follows its tags.
  func update(area: Size) {
    picker?.update(area: area)
  }

  func render(in rect: Rect, on canvas: inout Canvas) {
    let formView = Form(form, isFocused: picker == nil)
    let footer = DialogFooter(error: error, keys: "ctrl-s save · esc cancel · ctrl-e notes in $EDITOR")
    let width = min(72, rect.width)
    // The border and a column of space on each side.
    let footerHeight = footer.height(width: width - 4)
    let size = Size(width: width, height: min(formView.height + 4 + footerHeight, rect.height))
    let body = Stack.vertical([
      .flexible(Pad(formView)),
      .fixed(1, EmptyView()),
      .fixed(footerHeight, Pad(footer)),
    ])
    Panel(title: model.isNew ? "New Reminder" : "Edit Reminder", size: size, body).render(
      in: rect, on: &canvas)
    if let picker {
      canvas.cursor = nil
      picker.render(in: rect, on: &canvas)
    }
  }

  /// A change to the tags was written, or failed: the picker, if it is still open, shows it.
  func tagEditFinished(_ edit: TagEdit, _ result: Result<Tag?, any Error>) {
    picker?.finished(edit, result)
  }

  func handle(_ event: KeyEvent, loop: MainLoop?) -> Outcome? {
    if let picker {
      switch picker.handle(event) {
      case .done(let tags)?:
        model.tags = tags
        self.picker = nil
        refresh()
      case .cancelled?:
        self.picker = nil
      case .edit(let edit)?:
        return .editTag(edit)
      case nil:
        break
      }
      return nil
    }
    error = nil
    let askedBefore = confirmsCancel
    confirmsCancel = false
    if case .key(let key) = event, case .action(let action) = keymap.handle(key) {
      switch action {
      case .save:
        return save()
      case .cancel:
        return cancel(askedBefore: askedBefore)
      case .editNotes:
        editNotes(loop: loop)
        return nil
      }
    }
    switch form.handle(event) {
    case .submitted?:
      refresh()
      return save()
    case .cancelled?:
      return cancel(askedBefore: askedBefore)
    case .activated(Field.tags.rawValue)?:
      picker = TagsPickerScreen(selected: model.tags)
    case .activated?, nil:
      break
    }
    refresh()
    return nil
  }

  /// The fields as the form has them, in one list, to compare.
  private var fields: [String] {
    [
      model.title, model.notes, model.tags.joined(separator: " "), "\(model.hasDueDate)", model.dueText,
      "\(model.isFlagged)", "\(String(describing: model.priority))", model.listID.uuidString,
    ]
  }

  /// Esc closes the form; when something was typed or changed, the first Esc asks, and the
  /// second drops it.
  private func cancel(askedBefore: Bool) -> Outcome? {
    refresh()
    guard !askedBefore, fields != opened else { return .cancelled }
    confirmsCancel = true
    error = "Esc again drops what was changed; ctrl-s saves it"
    return nil
  }

  private func save() -> Outcome? {
    refresh()
    if original != nil, fields == opened { return .unchanged }
    do {
      let (draft, tags) = try model.validated()
      return .save(draft, tags: tags)
    } catch {
      self.error = message(for: error)
      return nil
    }
  }

  private func editNotes(loop: MainLoop?) {
    guard let loop else {
      error = "The notes can be edited in $EDITOR only in a terminal."
      return
    }
    do {
      var notes = try loop.edit(model.notes, fileExtension: "md")
      while notes.hasSuffix("\n") { notes.removeLast() }
      form[Field.notes.rawValue].control = .textArea(TextAreaState(notes), lines: 3)
      refresh()
    } catch {
      self.error = message(for: error)
    }
  }
}

/// A view with a column of space on each side.
struct Pad: View {
  var content: any View
  init(_ content: any View) { self.content = content }
  func render(in rect: Rect, on canvas: inout Canvas) {
    content.render(in: rect.inset(left: 1, right: 1), on: &canvas)
  }
}
