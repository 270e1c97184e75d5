import RemindersKit
import SQLiteData
import TerminalUI

/// The lists shared with the user to join: those they were added to by name, listed from the
/// server, and any other by the invitation token they were handed. A value: keys and server
/// answers make a new one (`handle`, `finished`), and `render` draws it.
struct InvitationsDialog: ServerDialog {
  /// A request to the server the dialog asks the app to run.
  enum Request: Hashable, Sendable {
    case load
    case join(CKShare.Metadata)
  }

  /// What a finished request brought.
  enum Answer: Sendable {
    /// The shares the user was added to and has not joined.
    case invitations([CKShare])
    /// The share joined: the dialog closes, and the status line names it.
    case joined(CKShare)
  }

  typealias Effect = ServerDialogEffect<Request>

  var invitations: [CKShare] = []
  /// Whether the invitations came from the server yet.
  var isLoaded = false
  /// The request on its way, said in the dialog.
  var busy: String? = "Asking the server…"
  var error: String?
  var selection = 0
  /// The token being typed or pasted, while it is.
  var token: TextFieldState?

  // MARK: Update

  /// A key: a new state, and what the app should do.
  mutating func handle(_ event: KeyEvent) -> Effect? {
    if let field = token {
      switch DialogEntry(field, after: event) {
      case .editing(let field): token = field
      case .cancelled: token = nil
      case .submitted(let text):
        token = nil
        guard !text.isEmpty else { return nil }
        return start(.join(ListSharing.invitation(text)), saying: "Joining…")
      }
      return nil
    }
    guard case .key(let key) = event else { return nil }
    error = nil
    switch key {
    case .escape, KeyPress("q"):
      return .close
    case .down, KeyPress("j"):
      selection = min(selection + 1, max(invitations.count - 1, 0))
    case .up, KeyPress("k"):
      selection = max(selection - 1, 0)
    case .enter:
      guard invitations.indices.contains(selection) else { return nil }
      let share = invitations[selection]
      return start(.join(CKShare.Metadata(shareID: share.shareID)), saying: "Joining…")
    case KeyPress("t"):
      token = TextFieldState()
    case KeyPress("r"):
      return start(.load, saying: "Asking the server…")
    default:
      break
    }
    return nil
  }

  /// The invitations as they are now, or the list joined (the dialog closes).
  mutating func apply(_ answer: Answer) -> Bool {
    switch answer {
    case .invitations(let shares):
      invitations = shares
      isLoaded = true
      selection = min(selection, max(shares.count - 1, 0))
      return false
    case .joined:
      return true
    }
  }

  // MARK: Render

  /// The dialog's lines, top to bottom.
  var lines: [StyledText] {
    var lines: [StyledText] = []
    if !isLoaded {
      lines.append(StyledText())
    } else if invitations.isEmpty {
      lines.append(StyledText("Nobody has added you to a list.", style: .dim))
    } else {
      lines.append(StyledText("Lists you were added to:", style: .dim))
      for (index, share) in invitations.enumerated() {
        var line = StyledText(index == selection ? "▸ " : "  ", style: .accent)
        line.append(ListSharing.describe(share), style: .normal)
        lines.append(line)
      }
    }
    lines.append(StyledText())
    lines.append(StyledText("t joins with an invitation token you were given.", style: .dim))
    return lines
  }

  var keysHint: String {
    if token != nil { return "enter join · esc cancel" }
    return invitations.isEmpty
      ? "t token · r refresh · esc close" : "enter join · t token · r refresh · esc close"
  }

  func render(in rect: Rect, on canvas: inout Canvas) {
    var rows: [any View] = lines.map { Line($0) }
    if let field = token {
      rows.append(DialogEntryRow(label: "Token:", field: field, hint: "the invitation token"))
    }
    ServerDialogPanel(
      title: "Join a shared list", width: min(78, rect.width), rows: rows, error: error,
      status: busy.map { StyledText($0, style: .dim) }, keys: keysHint
    )
    .render(in: rect, on: &canvas)
  }
}
