import Foundation
import TerminalUI

/// What the app does after a key in a dialog that asks the server: close it, or run a request.
enum ServerDialogEffect<Request: Hashable>: Hashable {
  case close
  case run(Request)
}

/// A dialog that asks the server one thing at a time: while a request is on its way, the dialog
/// says so and keys that would send another do nothing.
protocol ServerDialog {
  associatedtype Request: Hashable
  /// What a finished request brought.
  associatedtype Answer
  /// The request on its way, said in the dialog ("Joining…"); nil when none is.
  var busy: String? { get set }
  /// Why the last request failed, as the dialog shows it.
  var error: String? { get set }
  /// Takes in what a request brought. Returns true when the dialog should close.
  mutating func apply(_ answer: Answer) -> Bool
}

extension ServerDialog {
  /// A request finished: what it brought, or why it failed. Returns true when the dialog should
  /// close.
  mutating func finished(_ result: Result<Answer, any Error>, describing describe: (any Error) -> String)
    -> Bool
  {
    busy = nil
    switch result {
    case .success(let answer): return apply(answer)
    case .failure(let failure):
      error = describe(failure)
      return false
    }
  }

  /// Sends `request` unless one is on its way, saying `text` meanwhile.
  mutating func start(_ request: Request, saying text: String) -> ServerDialogEffect<Request>? {
    guard busy == nil else { return nil }
    busy = text
    return .run(request)
  }
}

/// What a key or a paste did to a one-line entry of a dialog (a name to add, a token to join).
enum DialogEntry {
  case editing(TextFieldState)
  case cancelled
  /// Enter, with the text trimmed (possibly empty).
  case submitted(String)

  /// Esc cancels the entry, Enter submits it, and anything else (a paste too) edits it.
  init(_ field: TextFieldState, after event: KeyEvent) {
    switch event {
    case .key(.escape): self = .cancelled
    case .key(.enter): self = .submitted(field.text.trimmingCharacters(in: .whitespacesAndNewlines))
    default:
      var field = field
      _ = field.handle(event)
      self = .editing(field)
    }
  }
}

/// A dialog's one-line entry as drawn: its label, then the field (its hint while empty).
struct DialogEntryRow: View {
  var label: String
  var field: TextFieldState
  var hint: String

  func render(in rect: Rect, on canvas: inout Canvas) {
    Stack.horizontal([.fixed(8, Text(label + " ", style: .accent)), .flexible(TextField(field, hint: hint))])
      .render(in: rect, on: &canvas)
  }
}

/// The frame the server dialogs draw: their one-line rows, a blank line, what went wrong (read
/// whole: what to do comes at its end) or else the line above the keys, and the keys.
struct ServerDialogPanel: View {
  var title: String
  var width: Int
  var rows: [any View]
  var error: String?
  var status: StyledText?
  var keys: String

  func render(in rect: Rect, on canvas: inout Canvas) {
    var items: [Stack.Item] = rows.map { .fixed(1, $0) } + [.fixed(1, EmptyView())]
    var height = items.count
    if let error {
      // Inside the border and a column of space on each side.
      let footer = DialogFooter(error: error, keys: "")
      let footerHeight = footer.height(width: width - 4)
      items.append(.fixed(footerHeight, footer))
      height += footerHeight
    } else if let status {
      items.append(.fixed(1, Line(status)))
      height += 1
    }
    items.append(.fixed(1, Text(keys, style: .dim, overflow: .truncate)))
    height += 1
    Panel(
      title: title, size: Size(width: width, height: min(height + 2, rect.height)), Pad(Stack.vertical(items))
    )
    .render(in: rect, on: &canvas)
  }
}
