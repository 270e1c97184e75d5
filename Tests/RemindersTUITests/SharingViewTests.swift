import Foundation
import RemindersKit
import SQLiteData
import TerminalUI
import Testing

@testable import RemindersTUI

/// The sharing pieces of the screen drawn from state alone: the share dialog and its keys, the
/// sidebar's shared lists, and a list's header.
@MainActor
@Suite("Sharing on screen")
struct SharingViewTests {
  let family = RemindersList(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000f")!, title: "Family")

  func share(_ participants: [CKShare.Participant], permission: CKShare.Permission = .readWrite) -> CKShare {
    CKShare(
      shareID: "share-1", ownerName: "alice", zoneName: "zone", rootRecordName: "root",
      currentUserPermission: permission, participants: participants)
  }

  let bob = CKShare.Participant(userName: "bob", permission: .readOnly, isAccepted: true)
  let carol = CKShare.Participant(userName: "carol", permission: .readWrite, isAccepted: false)

  func text(_ dialog: ShareDialog, _ size: Size = Size(width: 80, height: 24)) -> String {
    var canvas = Canvas(size: size)
    dialog.render(in: canvas.bounds, on: &canvas)
    return canvas.textSnapshot()
  }

  func key(_ dialog: inout ShareDialog, _ keys: KeySequence) -> [ShareDialog.Effect] {
    keys.keys.compactMap { dialog.handle(.key($0)) }
  }

  func loaded(_ share: CKShare?, sharedBy: String? = nil) -> ShareDialog {
    var dialog = ShareDialog(list: family, sharedBy: sharedBy, share: share)
    _ = dialog.finished(.success(.share(share, isOwner: sharedBy == nil)), describing: { "\($0)" })
    return dialog
  }

  @Test func theOwnerSeesWhoTakesPartAndChangesIt() {
    var dialog = loaded(share([bob, carol]))
    let screen = text(dialog)
    #expect(screen.contains("Share “Family”"))
    #expect(screen.contains("You share it with 2 people."))
    #expect(screen.contains("▸ bob              read-only   joined"))
    #expect(screen.contains("  carol            read-write  invited"))
    #expect(screen.contains("a add · w read/write · d remove · i/I invite · S stop sharing · esc close"))

    // w gives bob write access; while the server answers, other requests wait.
    do {
      let effects = key(&dialog, "w")
      #expect(effects == [.run(.add("bob", .readWrite))])
    }
    #expect(text(dialog).contains("Making bob read-write…"))
    do {
      let effects = key(&dialog, "i")
      #expect(effects.isEmpty)
    }
    _ = dialog.finished(
      .success(
        .share(
          share([CKShare.Participant(userName: "bob", permission: .readWrite, isAccepted: true), carol]),
          isOwner: true)),
      describing: { "\($0)" })
    #expect(text(dialog).contains("▸ bob              read-write  joined"))

    // d asks first; the second d takes carol out.
    do {
      let effects = key(&dialog, "j d")
      #expect(effects.isEmpty)
    }
    #expect(text(dialog).contains("Press d again to take carol out of the list."))
    do {
      let effects = key(&dialog, "d")
      #expect(effects == [.run(.remove("carol"))])
    }
  }

  @Test func theDialogFollowsTheShareAsThisDeviceHasIt() {
    let dialog = loaded(share([carol]))
    // carol joined: the device's copy of the share says so before the dialog asks again.
    let joined = CKShare.Participant(userName: "carol", permission: .readWrite, isAccepted: true)
    #expect(text(dialog.showing(live: share([joined]))).contains("▸ carol            read-write  joined"))
    #expect(text(dialog.showing(live: nil)).contains("▸ carol            read-write  invited"))
    // Until the server answered once, the dialog says it is asking.
    let asking = ShareDialog(list: family, sharedBy: nil, share: nil)
    #expect(text(asking.showing(live: share([joined]))).contains("Asking the server…"))
  }

  @Test func addingSomeoneAndInviting() {
    var dialog = loaded(nil)
    #expect(text(dialog).contains("Not shared."))
    #expect(text(dialog).contains("a add person · i invite · I read-only invite · esc close"))
    do {
      let effects = key(&dialog, "a")
      #expect(effects.isEmpty)
    }
    #expect(text(dialog).contains("Add:"))
    do {
      let effects = key(&dialog, "d a")
      #expect(effects.isEmpty)
    }
    // The rest pasted, as terminals paste: one bracketed event.
    _ = dialog.handle(.paste("ve"))
    do {
      let effects = key(&dialog, "enter")
      #expect(effects == [.run(.add("dave", .readWrite))])
    }
    _ = dialog.finished(.failure(SharingError.unknownUser("dave")), describing: { "\($0)" })
    #expect(text(dialog).contains(SharingError.unknownUser("dave").description))

    do {
      let effects = key(&dialog, "I")
      #expect(effects == [.run(.invite(.readOnly))])
    }
    _ = dialog.finished(
      .success(.invitation(.init(token: "tok-123", permission: .readOnly), share: share([]))),
      describing: { "\($0)" })
    let screen = text(dialog)
    #expect(screen.contains("Invitation (read-only, once, within a week):"))
    #expect(screen.contains("tok-123"))
    #expect(screen.contains("Nobody takes part now: a adds a person, i invites one."))
    // A token too long for a narrow terminal is broken over lines, not cut.
    let token = String(repeating: "0123456789abcdef", count: 4)
    _ = dialog.finished(
      .success(.invitation(.init(token: token, permission: .readOnly), share: share([]))),
      describing: { "\($0)" })
    let narrow = rows(text(dialog, Size(width: 60, height: 24)))
    let shown = narrow.filter { $0.contains("0123") || $0.contains("cdef") }
      .map { $0.filter(\.isHexDigit) }.joined()
    #expect(shown == token, "\(narrow.joined(separator: "\n"))")
  }

  @Test func stoppingAndLeavingAskFirst() {
    var owner = loaded(share([bob]))
    do {
      let effects = key(&owner, "S")
      #expect(effects.isEmpty)
    }
    #expect(text(owner).contains("Press S again: everyone else loses the list; you keep it."))
    do {
      let effects = key(&owner, "S")
      #expect(effects == [.run(.stop)])
    }
    let closes = owner.finished(.success(.gone("Stopped sharing")), describing: { "\($0)" })
    #expect(closes)

    // Any other key between the two forgets the question.
    var participant = loaded(share([bob], permission: .readOnly), sharedBy: "alice")
    let screen = text(participant)
    #expect(screen.contains("Shared by alice · you can read it, not change it"))
    #expect(screen.contains("L leave the list · r refresh · esc close"))
    // The owner's keys do nothing here.
    do {
      let effects = key(&participant, "a w d i S")
      #expect(effects.isEmpty)
    }
    do {
      let effects = key(&participant, "L j L")
      #expect(effects.isEmpty)
    }
    do {
      let effects = key(&participant, "L L")
      #expect(effects == [.run(.leave)])
    }
    do {
      let effects = key(&participant, "esc")
      #expect(effects == [.close])
    }
  }

  /// What went wrong is read whole, over more lines: what to do comes at its end.
  @Test func aLongErrorIsWrappedNotCut() {
    var dialog = loaded(share([bob]))
    _ = key(&dialog, "w")
    struct Refused: Error, CustomStringConvertible {
      var description: String {
        "the sync server refused the change because the list is shared read-only with you now: ask its owner"
      }
    }
    _ = dialog.finished(.failure(Refused()), describing: { "\($0)" })
    let screen = text(dialog, Size(width: 60, height: 24))
    #expect(screen.contains("the sync server refused"))
    #expect(screen.contains("ask its owner"), "\(screen)")
  }

  @Test func theDialogFitsASmallScreen() {
    let dialog = loaded(share([bob, carol]))
    let screen = text(dialog, Size(width: 40, height: 12))
    let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows.count == 12)
    #expect(rows.allSatisfy { $0.count <= 40 })
    #expect(screen.contains("bob"))
  }

  @Test func theSidebarMarksSharedListsAndGroupsOthersByOwner() {
    func state(_ title: String, share: CKShare?, sharedBy: String?, count: Int) -> ReminderListState {
      ReminderListState(
        remindersCount: count, remindersList: RemindersList(id: UUID(), title: title), share: share,
        sharedBy: sharedBy)
    }
    let source = SidebarSource(
      stats: Stats(),
      lists: [
        state("Personal", share: nil, sharedBy: nil, count: 4),
        state("Family", share: share([bob]), sharedBy: nil, count: 2),
        state("Groceries", share: share([], permission: .readOnly), sharedBy: "carol", count: 7),
        state("Work", share: share([]), sharedBy: "bob", count: 1),
      ],
      tags: [])
    let rows = source.rows(in: 0..<source.count).map { row in
      (row.marker.description + " " + row.title.description + " " + row.detail.description)
        .trimmingCharacters(in: .whitespaces)
    }
    #expect(
      Array(rows.drop { $0 != "My Lists" }) == [
        "My Lists", "● Personal 4", "● Family ⇄ 2", "", "From bob", "● Work ⇄ 1", "", "From carol",
        "● Groceries ro ⇄ 7",
      ])
    // With only lists of others, the user is told how to make one of their own.
    let onlyShared = SidebarSource(
      stats: Stats(), lists: [state("Work", share: share([]), sharedBy: "bob", count: 1)], tags: [])
    #expect(
      onlyShared.rows(in: 0..<onlyShared.count).map(\.title.description).contains("None yet: a adds one"))
  }

  @Test func aListsHeaderSaysHowItIsSharedAndWhoChangedItLast() {
    let mine = ReminderListState(
      remindersCount: 2, remindersList: family, share: share([bob, carol]), sharedBy: nil)
    let theirs = ReminderListState(
      remindersCount: 2, remindersList: family, share: share([], permission: .readOnly), sharedBy: "alice")
    let byBob = SharedChange(modifiedBy: "bob", version: 9, isByCurrentUser: false)
    let byMe = SharedChange(modifiedBy: "alice", version: 9, isByCurrentUser: true)
    #expect(
      DetailPane.sharingLine(mine, lastChange: byBob).description
        == "Shared with bob, carol · last changed by bob")
    #expect(
      DetailPane.sharingLine(theirs, lastChange: byMe).description
        == "Shared by alice, read-only · last changed by you")
    #expect(DetailPane.sharingLine(nil, lastChange: nil).isEmpty)
    // A list nobody shares says nothing of who changed it: only its user does.
    let unshared = ReminderListState(remindersCount: 2, remindersList: family)
    #expect(DetailPane.sharingLine(unshared, lastChange: byMe).isEmpty)
  }
}
