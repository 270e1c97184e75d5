import RemindersKit
import SQLiteData
import TerminalUI
import Testing

@testable import RemindersTUI

/// The dialog that joins lists shared with the user, from its state alone.
@MainActor
@Suite("Joining a shared list on screen")
struct InvitationsViewTests {
  func text(_ dialog: InvitationsDialog, _ size: Size = Size(width: 80, height: 24)) -> String {
    var canvas = Canvas(size: size)
    dialog.render(in: canvas.bounds, on: &canvas)
    return canvas.textSnapshot()
  }

  func key(_ dialog: inout InvitationsDialog, _ keys: KeySequence) -> [InvitationsDialog.Effect] {
    keys.keys.compactMap { dialog.handle(.key($0)) }
  }

  func share(_ id: String, _ title: String, from owner: String, _ permission: CKShare.Permission) -> CKShare {
    var share = CKShare(
      shareID: id, ownerName: owner, zoneName: "z", rootRecordName: "r", currentUserPermission: permission,
      participants: [.init(userName: "bob", permission: permission, isAccepted: false)])
    share[CKShare.SystemFieldKey.title] = title
    return share
  }

  @Test func listsWhatTheUserWasAddedToAndJoinsTheSelectedOne() {
    var dialog = InvitationsDialog()
    #expect(text(dialog).contains("Asking the server…"))
    // Keys wait while the list is on its way.
    let effects1 = key(&dialog, "enter")

    #expect(effects1.isEmpty)
    _ = dialog.finished(
      .success(
        .invitations([
          share("1d9b7a52-0000-4000-8000-000000000001", "Family", from: "alice", .readOnly),
          share("1d9b7a52-0000-4000-8000-000000000002", "Garden", from: "carol", .readWrite),
        ])), describing: { "\($0)" })
    var screen = text(dialog)
    #expect(screen.contains("▸ Family, shared by alice (read-only)"))
    #expect(screen.contains("  Garden, shared by carol (read-write)"))
    let joining = key(&dialog, "j enter")
    #expect(joining == [.run(.join(CKShare.Metadata(shareID: "1d9b7a52-0000-4000-8000-000000000002")))])
    screen = text(dialog)
    #expect(screen.contains("▸ Garden") && screen.contains("Joining…"))
    // Joined: the dialog closes.
    let closes = dialog.finished(
      .success(.joined(share("x", "Garden", from: "carol", .readWrite))), describing: { "\($0)" })
    #expect(closes)
  }

  @Test func aTokenHandedOverJoinsToo() {
    var dialog = InvitationsDialog()
    _ = dialog.finished(.success(.invitations([])), describing: { "\($0)" })
    #expect(text(dialog).contains("Nobody has added you to a list."))
    let effects2 = key(&dialog, "t")

    #expect(effects2.isEmpty)
    #expect(text(dialog).contains("Token: "))
    let token = String(repeating: "ab12", count: 16)
    // Pasted, as terminals paste: one bracketed event.
    _ = dialog.handle(.paste(token))
    let effects3 = key(&dialog, "enter")

    #expect(effects3 == [.run(.join(CKShare.Metadata(invitationToken: token)))])
    // A refusal is read whole, and the dialog stays to try again.
    let refusal =
      "That invitation was used, has expired, or never existed: ask the list's owner for a new one (reminders share LIST --invite)"
    let closesOnRefusal = dialog.finished(.failure(SharingError.notFound("x")), describing: { _ in refusal })
    #expect(!closesOnRefusal)
    let screen = text(dialog, Size(width: 60, height: 24))
    #expect(screen.contains("(reminders share LIST --invite)") || screen.contains("--invite)"), "\(screen)")
    #expect(!screen.contains("…"), "\(screen)")
  }
}
