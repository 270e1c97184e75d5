import RemindersKit
import SQLiteData
import TerminalUI

// Joining lists shared with the user from the full screen: the invitations dialog's requests,
// run off the main actor.
extension RemindersApp {
  func openInvitations() {
    guard let engine = sync.engine else {
      post(Self.notSyncing, style: .warning)
      return
    }
    overlay = .invitations(InvitationsDialog())
    run(.load, engine: engine)
  }

  func handleInvitations(_ dialog: InvitationsDialog, _ event: KeyEvent) {
    var dialog = dialog
    let effect = dialog.handle(event)
    overlay = .invitations(dialog)
    switch effect {
    case .close?:
      overlay = nil
    case .run(let request)?:
      if let engine = sync.engine { run(request, engine: engine) }
    case nil:
      break
    }
  }

  /// Runs a request against the server, and gives the answer to the dialog if it is still open.
  private func run(_ request: InvitationsDialog.Request, engine: SyncEngine) {
    Task { [weak self] in
      let result = await Self.answer(request, sharing: ListSharing(engine: engine))
      guard let self, case .invitations(var dialog)? = overlay else { return }
      if dialog.finished(result, describing: message(for:)) {
        overlay = nil
        if case .success(.joined(let share)) = result {
          post("Joined \(ListSharing.describe(share))", style: .success)
        }
      } else {
        overlay = .invitations(dialog)
      }
      loop?.invalidate()
    }
  }

  /// The server's answer to a request, off the main actor.
  nonisolated private static func answer(_ request: InvitationsDialog.Request, sharing: ListSharing) async
    -> Result<InvitationsDialog.Answer, any Error>
  {
    do {
      switch request {
      case .load: return .success(.invitations(try await sharing.invitations()))
      case .join(let invitation): return .success(.joined(try await sharing.join(invitation)))
      }
    } catch {
      return .failure(error)
    }
  }
}
