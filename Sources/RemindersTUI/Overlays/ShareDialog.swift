import RemindersKit
import SQLiteData
import TerminalUI

/// The share dialog of a list: who takes part and with which permission, and the keys that add
/// people, change permissions, make invitations and stop sharing (or, on a list shared with the
/// user, leave it). A value: keys and server answers make a new one (`handle`, `finished`), and
/// `render` draws it.
struct ShareDialog: ServerDialog {
  /// A request to the server the dialog asks the app to run.
  enum Request: Hashable, Sendable {
    case load
    case add(String, CKShare.Permission)
    case invite(CKShare.Permission)
    case remove(String)
    case stop
    case leave
  }

  /// What a finished request brought.
  enum Answer: Sendable {
    /// The list's share now (nil: not shared), and whether the user owns it.
    case share(CKShare?, isOwner: Bool)
    /// An invitation, and the share it belongs to (the first invitation shares the list).
    case invitation(Invitation, share: CKShare?)
    /// The user no longer takes part: the dialog closes.
    case gone(String)
  }

  typealias Effect = ServerDialogEffect<Request>

  /// A destructive request waiting for a second press of its key.
  enum Confirmation: Hashable {
    case remove(String)
    case stop
    case leave
  }

  let list: RemindersList
  /// Who shares the list with the user; nil for the user's own list.
  let sharedBy: String?
  var share: CKShare?
  /// Whether the share's state came from the server yet.
  var isLoaded = false
  /// The request on its way, said in the dialog ("Inviting…").
  var busy: String?
  var error: String?
  /// An invitation token and the permission it gives.
  struct Invitation: Hashable {
    var token: String
    var permission: CKShare.Permission
  }

  /// The last invitation made.
  var invitation: Invitation?
  var selection = 0
  /// The name being typed for a new participant.
  var newParticipant: TextFieldState?
  var confirmation: Confirmation?

  init(list: RemindersList, sharedBy: String?, share: CKShare?) {
    self.list = list
    self.sharedBy = sharedBy
    self.share = share
    busy = "Asking the server…"
  }

  /// The dialog with the share as this device has it now, where it has one: the live copy
  /// follows changes the dialog did not make (someone joining, the owner changing a permission).
  func showing(live: CKShare?) -> ShareDialog {
    guard let live, isLoaded else { return self }
    var dialog = self
    dialog.share = live
    dialog.selection = min(selection, max(live.participants.count - 1, 0))
    return dialog
  }

  var isOwner: Bool { sharedBy == nil }
  var participants: [CKShare.Participant] { share?.participants ?? [] }
  var selectedParticipant: CKShare.Participant? {
    participants.indices.contains(selection) ? participants[selection] : nil
  }

  // MARK: Update

  /// A key: a new state, and what the app should do.
  mutating func handle(_ event: KeyEvent) -> Effect? {
    if let field = newParticipant {
      switch DialogEntry(field, after: event) {
      case .editing(let field): newParticipant = field
      case .cancelled: newParticipant = nil
      case .submitted(let name):
        newParticipant = nil
        guard !name.isEmpty else { return nil }
        return start(.add(name, .readWrite), saying: "Adding \(name)…")
      }
      return nil
    }
    guard case .key(let key) = event else { return nil }
    error = nil
    let pending = confirmation
    confirmation = nil
    switch key {
    case .escape, KeyPress("q"):
      return .close
    case .down, KeyPress("j"):
      selection = min(selection + 1, max(participants.count - 1, 0))
    case .up, KeyPress("k"):
      selection = max(selection - 1, 0)
    case KeyPress("r"):
      return start(.load, saying: "Asking the server…")
    case KeyPress("a") where isOwner:
      newParticipant = TextFieldState()
    case KeyPress("w") where isOwner:
      guard let participant = selectedParticipant else { return nil }
      let permission: CKShare.Permission = participant.permission == .readWrite ? .readOnly : .readWrite
      return start(
        .add(participant.userName, permission),
        saying: "Making \(participant.userName) \(ListSharing.describe(permission))…")
    case KeyPress("i") where isOwner:
      return start(.invite(.readWrite), saying: "Making an invitation…")
    case KeyPress("I") where isOwner:
      return start(.invite(.readOnly), saying: "Making a read-only invitation…")
    case KeyPress("d") where isOwner:
      guard let participant = selectedParticipant else { return nil }
      if pending == .remove(participant.userName) {
        return start(.remove(participant.userName), saying: "Removing \(participant.userName)…")
      }
      confirmation = .remove(participant.userName)
    case KeyPress("S") where isOwner && share != nil:
      if pending == .stop { return start(.stop, saying: "Stopping sharing…") }
      confirmation = .stop
    case KeyPress("L") where !isOwner:
      if pending == .leave { return start(.leave, saying: "Leaving…") }
      confirmation = .leave
    default:
      break
    }
    return nil
  }

  /// The share as it is now, an invitation made, or the share gone (the dialog closes).
  mutating func apply(_ answer: Answer) -> Bool {
    switch answer {
    case .share(let share, _):
      self.share = share
      isLoaded = true
      selection = min(selection, max(participants.count - 1, 0))
    case .invitation(let invitation, let share):
      self.invitation = invitation
      self.share = share
    case .gone:
      return true
    }
    return false
  }

  // MARK: Render

  /// The dialog's lines, top to bottom, for a width inside its border: an invitation's token is
  /// broken over as many lines as it needs, to be copied whole.
  func lines(width: Int) -> [StyledText] {
    var lines: [StyledText] = []
    if let sharedBy {
      let permission = share?.currentUserPermission ?? .readOnly
      lines.append(
        StyledText("Shared by ", style: .dim) + StyledText(sharedBy, style: .title)
          + StyledText(
            permission == .readWrite ? " · you can change it" : " · you can read it, not change it",
            style: .dim))
    } else if share == nil {
      lines.append(StyledText(isLoaded ? "Not shared." : "", style: .dim))
    } else {
      let count = participants.count
      lines.append(
        StyledText(
          count == 0 ? "You share it." : "You share it with \(count: count, "person", plural: "people").",
          style: .dim))
    }
    lines.append(StyledText())
    for (index, participant) in participants.enumerated() {
      var line = StyledText(index == selection && isOwner ? "▸ " : "  ", style: .accent)
      line.append(participant.userName.padded(toWidth: 16) + " ", style: .normal)
      line.append(ListSharing.describe(participant.permission).padded(toWidth: 11) + " ", style: .normal)
      line.append(participant.isAccepted ? "joined" : "invited", style: .dim)
      lines.append(line)
    }
    if participants.isEmpty, share != nil {
      lines.append(StyledText("  Nobody takes part now: a adds a person, i invites one.", style: .dim))
    }
    if let invitation {
      lines.append(StyledText())
      lines.append(
        StyledText(
          "Invitation (\(ListSharing.describe(invitation.permission)), once, within a week):", style: .dim))
      var token = Substring(invitation.token)
      repeat {
        lines.append(StyledText(String(token.prefix(max(width, 1))), style: .highlight))
        token = token.dropFirst(max(width, 1))
      } while !token.isEmpty
      lines.append(StyledText("They join with: reminders accept TOKEN", style: .dim))
    }
    return lines
  }

  /// The line above the keys when nothing went wrong: a question, or the request on its way.
  var statusLine: StyledText? {
    switch confirmation {
    case .remove(let user)?:
      return StyledText("Press d again to take \(user) out of the list.", style: .warning)
    case .stop?:
      return StyledText("Press S again: everyone else loses the list; you keep it.", style: .warning)
    case .leave?: return StyledText("Press L again: the list leaves this device.", style: .warning)
    case nil: break
    }
    return busy.map { StyledText($0, style: .dim) }
  }

  var keysHint: String {
    if newParticipant != nil { return "enter add (read-write) · esc cancel" }
    if isOwner {
      return participants.isEmpty
        ? "a add person · i invite · I read-only invite · esc close"
        : "a add · w read/write · d remove · i/I invite · S stop sharing · esc close"
    }
    return "L leave the list · r refresh · esc close"
  }

  func render(in rect: Rect, on canvas: inout Canvas) {
    let width = min(78, rect.width)
    // Inside the border and a column of space on each side.
    var rows: [any View] = lines(width: width - 4).map { Line($0) }
    if let field = newParticipant {
      rows.append(DialogEntryRow(label: "Add:", field: field, hint: "user name on the server"))
    }
    ServerDialogPanel(
      title: "Share “\(list.title.isEmpty ? "Untitled" : list.title)”", width: width, rows: rows,
      error: error,
      status: statusLine, keys: keysHint
    )
    .render(in: rect, on: &canvas)
  }
}
