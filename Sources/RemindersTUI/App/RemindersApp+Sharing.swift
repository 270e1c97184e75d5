import Foundation
import RemindersKit
import SQLiteData
import TerminalUI

// Sharing from the full screen: the share dialog's requests, run off the main actor, and the
// sync key.
extension RemindersApp {
  /// The list the sharing keys act on: the one selected in the sidebar, or the one on screen.
  var sharingTarget: ReminderListState? {
    let id: RemindersList.ID?
    if focus == .sidebar, case .list(let selected)? = sidebarEntry {
      id = selected
    } else {
      id = search == nil ? detail?.model.listID : nil
    }
    return id.flatMap { id in home.lists.first { $0.id == id } }
  }

  func openShareDialog() {
    guard let engine = sync.engine else {
      post(Self.notSyncing, style: .warning)
      return
    }
    guard let target = sharingTarget else {
      post("Select a list to share", style: .warning)
      return
    }
    overlay = .share(ShareDialog(list: target.remindersList, sharedBy: target.sharedBy, share: target.share))
    run(.load, for: target.remindersList, engine: engine)
  }

  /// The share of a dialog's list as this device has it now.
  func liveShare(of dialog: ShareDialog) -> CKShare? {
    home.lists.first { $0.id == dialog.list.id }?.share
  }

  func handleShareDialog(_ dialog: ShareDialog, _ event: KeyEvent) {
    var dialog = dialog.showing(live: liveShare(of: dialog))
    let effect = dialog.handle(event)
    overlay = .share(dialog)
    switch effect {
    case .close?:
      overlay = nil
    case .run(let request)?:
      if let engine = sync.engine { run(request, for: dialog.list, engine: engine) }
    case nil:
      break
    }
  }

  /// Runs a dialog's request against the server, and gives the answer to the dialog if it is
  /// still open on the same list.
  private func run(_ request: ShareDialog.Request, for list: RemindersList, engine: SyncEngine) {
    Task { [weak self] in
      let result = await Self.answer(request, for: list, sharing: ListSharing(engine: engine))
      guard let self, case .share(var dialog)? = overlay, dialog.list.id == list.id else { return }
      if dialog.finished(result, describing: message(for:)) {
        overlay = nil
        if case .success(.gone(let text)) = result { post(text, style: .success) }
      } else {
        overlay = .share(dialog)
      }
      loop?.invalidate()
    }
  }

  /// The server's answer to a request, off the main actor.
  nonisolated private static func answer(
    _ request: ShareDialog.Request, for list: RemindersList, sharing: ListSharing
  ) async -> Result<ShareDialog.Answer, any Error> {
    do {
      switch request {
      case .load:
        let state = try await sharing.state(of: list)
        return .success(.share(state?.share, isOwner: state?.isOwner ?? true))
      case .add(let user, let permission):
        let share = try await sharing.add(user, permission: permission, to: list)
        return .success(.share(share, isOwner: true))
      case .invite(let permission):
        let token = try await sharing.invite(to: list, permission: permission)
        let share = try await sharing.state(of: list)?.share
        return .success(.invitation(.init(token: token, permission: permission), share: share))
      case .remove(let user):
        _ = try await sharing.unshare(list, user: user)
        return .success(.share(try await sharing.state(of: list)?.share, isOwner: true))
      case .stop, .leave:
        return .success(.gone(try await sharing.unshare(list).message(list: list.title)))
      }
    } catch {
      return .failure(error)
    }
  }

  func syncNow() {
    guard sync.syncs else {
      post(Self.notSyncing, style: .warning)
      return
    }
    sync.syncNow()
    post("Syncing…", style: .statusBar)
  }

  static let notSyncing =
    "This database does not sync: log in first, with reminders account login --server URL --user NAME"
}
