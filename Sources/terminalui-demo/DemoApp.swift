import TerminalUI

/// The demo application: a list of counters with live rows, an input line, a confirmation, the
/// help overlay, status messages and the external editor.
@MainActor
final class DemoApp: Application {
  enum Action: Sendable {
    case increment, decrement, add, delete, edit, help, quit, crash
  }

  enum Mode {
    case browsing
    case adding(TextFieldState)
    case confirmingDelete(Counter, ConfirmationState)
    case help
  }

  let model: DemoModel
  weak var loop: MainLoop?
  private var list = ListState<Int>()
  private var mode = Mode.browsing
  /// A row just added, to select when the live query delivers it.
  private var pendingSelection: Int?
  private var messages = StatusMessages()
  private var keymap: Keymap<Action>
  /// Where the list was last drawn, for paging and for the mouse.
  private var listRect = Rect(x: 1, y: 2, width: 10, height: 10)
  private var listHeight: Int { max(listRect.height, 1) }

  init(model: DemoModel, allowsCrash: Bool) {
    self.model = model
    var keymap = Keymap<Action>([
      KeyBinding("+", .increment, "Count up", section: "Counters"),
      KeyBinding("l", .increment, "Count up", section: "Counters"),
      KeyBinding("-", .decrement, "Count down", section: "Counters"),
      KeyBinding("h", .decrement, "Count down", section: "Counters"),
      KeyBinding("a", .add, "Add a counter", section: "Counters"),
      KeyBinding("d d", .delete, "Delete the counter", section: "Counters"),
      KeyBinding("e", .edit, "Edit the note in $EDITOR", section: "Counters"),
      KeyBinding("?", .help, "Show this help", section: "General"),
      KeyBinding("q", .quit, "Quit", section: "General"),
    ])
    if allowsCrash { keymap.bind("!", .crash, "Crash (to test terminal restoration)", section: "General") }
    self.keymap = keymap
  }

  private struct Source: ListDataSource {
    var counters: [Counter]
    var count: Int { counters.count }
    func id(at index: Int) -> Int { counters[index].id }
    func index(of id: Int) -> Int? { counters.firstIndex { $0.id == id } }
    func rows(in range: Range<Int>) -> [ListRow] {
      range.map { index in
        let counter = counters[index]
        return ListRow(
          counter.name, detail: String(counter.count), marker: "●",
          markerStyle: Style(foreground: counter.rgb))
      }
    }
  }

  private var source: Source { Source(counters: model.counters) }

  func render(into canvas: inout Canvas) {
    let now = ContinuousClock.now
    // One reading of the live rows for the whole frame: they can change on another thread while
    // the frame is drawn, and the header and the list must agree.
    let source = self.source
    // Rows come from the database after a write: select a new row once it has arrived, and keep
    // the selection on a row that still exists.
    if let id = pendingSelection, source.index(of: id) != nil {
      list.select(id: id, in: source, height: listHeight)
      pendingSelection = nil
    } else {
      list.reconcile(with: source, height: listHeight)
    }
    let total = source.counters.reduce(0) { $0 + $1.count }
    let header = Text(
      "TerminalUI demo — \(source.counters.count) counters, total \(total)  ⏱ \(model.ticks)", style: .title,
      overflow: .truncate)
    let bottom: any View =
      if case .adding(let field) = mode {
        Stack.horizontal([
          .fixed(6, Text("Name: ", style: .accent)), .flexible(TextField(field, hint: "a name")),
        ])
      } else {
        StatusLine(leading: model.note, trailing: "? help  q quit", message: messages.current(at: now))
      }
    let screen = Stack.vertical([
      .fixed(1, header),
      .flexible(
        Border(
          title: "Counters", List(source, state: list, isFocused: isBrowsing, emptyMessage: "No counters"))),
      .fixed(1, bottom),
    ])
    canvas.render(MinimumSizeGuard(minimum: Size(width: 30, height: 8), screen))
    listRect = Rect(x: 1, y: 2, width: canvas.size.width - 2, height: canvas.size.height - 4)
    switch mode {
    case .confirmingDelete(_, let confirmation): canvas.render(confirmation.dialog)
    case .help: canvas.render(HelpOverlay(sections: keymap.helpSections() + [listHelp]))
    case .browsing, .adding: break
    }
  }

  private var isBrowsing: Bool {
    if case .browsing = mode { return true }
    return false
  }

  private var listHelp: HelpSection {
    ListState<Int>().keymap.helpSections()[0]
  }

  func handle(_ event: KeyEvent) -> EventResult {
    switch mode {
    case .help:
      mode = .browsing
      return .handled
    case .adding(var field):
      switch event {
      case .key(.enter):
        mode = .browsing
        do {
          if let id = try model.add(field.text) {
            pendingSelection = id
            post("Added \(field.text.trimmingSpaces)", style: .success)
          }
        } catch {
          post("\(error)", style: .error)
        }
      case .key(.escape):
        mode = .browsing
      default:
        guard field.handle(event) else { return .ignored }
        mode = .adding(field)
      }
      return .handled
    case .confirmingDelete(let counter, var confirmation):
      switch confirmation.handle(event) {
      case true?:
        mode = .browsing
        do {
          try model.delete(counter.id)
          post("Deleted \(counter.name)", style: .warning)
        } catch {
          post("\(error)", style: .error)
        }
      case false?:
        mode = .browsing
      case nil:
        mode = .confirmingDelete(counter, confirmation)
      }
      return .handled
    case .browsing:
      return browse(event)
    }
  }

  private func browse(_ event: KeyEvent) -> EventResult {
    if case .mouse(let mouse) = event {
      return list.handle(mouse, in: source, rect: listRect) ? .handled : .ignored
    }
    guard case .key(let key) = event else { return event == .resize ? .handled : .ignored }
    if list.handle(key, in: source, height: listHeight) { return .handled }
    switch keymap.handle(key) {
    case .action(let action): return perform(action)
    case .pending: return .handled
    case .unbound: return .ignored
    }
  }

  private func perform(_ action: Action) -> EventResult {
    switch action {
    case .increment, .decrement:
      guard let id = list.resolvedIndex(in: source).map(source.id(at:)) else { return .handled }
      do {
        try model.increment(id, by: action == .increment ? 1 : -1)
      } catch {
        post("\(error)", style: .error)
      }
    case .add:
      mode = .adding(TextFieldState())
    case .delete:
      guard let id = list.selection, let counter = model.counters.first(where: { $0.id == id }) else {
        return .handled
      }
      mode = .confirmingDelete(
        counter, ConfirmationState(title: "Delete", message: "Delete “\(counter.name)”?"))
    case .edit:
      guard let loop else { return .handled }
      do {
        model.note = try loop.edit(model.note).trimmingSpaces
        post("Note saved", style: .success)
      } catch {
        post("\(error)", style: .error)
      }
    case .help:
      mode = .help
    case .quit:
      return .quit
    case .crash:
      fatalError("Crash requested from the demo's keyboard")
    }
    return .handled
  }

  private func post(_ text: String, style: Style) {
    let expiry = ContinuousClock.now + .seconds(3)
    messages.removeExpired(at: .now)
    messages.post(text, style: style, until: expiry)
    loop?.redraw(at: expiry)
  }
}
