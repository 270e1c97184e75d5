import Foundation
import RemindersKit
import SQLiteData
import SQLiteDataTestSupport
import TerminalUI
import Testing

@testable import RemindersTUI

/// What a user does, key by key, on the headless terminal over the sample data.
@MainActor
@Suite("Flows")
struct FlowTests {
  private func start(_ size: Size = Size(width: 100, height: 30)) async -> HeadlessDriver {
    let driver = HeadlessDriver(testApp(), size: size)
    await driver.waitForScreen { $0.contains("● Personal") && $0.contains("8") }
    return driver
  }

  @Test(.fixedSample()) func quickAddCompleteAndUndo() async {
    let driver = await start()
    #expect(sidebarRow(driver.screenText, "Family") == "│ ● Family                   2 │")
    // Quick add into Family, with a date, a priority and a tag.
    driver.press("n")
    driver.type("Call mom tomorrow 5pm !! #family @Family")
    driver.press("enter")
    await expectScreen(driver, toShow: "Added “Call mom” to Family")
    var screen = await driver.waitForScreen {
      sidebarRow($0, "Family").hasSuffix("3 │") && sidebarRow($0, "Scheduled").hasSuffix("8 │")
        && $0.contains("# family")
    }
    #expect(sidebarRow(screen, "Scheduled") == "│ ▦ Scheduled                8 │")
    #expect(screen.contains("# family"))
    // Open Family; the new reminder is there with its priority, tag and date.
    driver.press("j j j j j j enter")
    screen = await driver.waitForScreen { $0.contains("Call mom") && $0.contains("─ Family ") }
    #expect(
      rows(screen).contains { $0.contains("○ !! Call mom") && $0.contains("#family  Tomorrow 5:00 PM") })
    // Complete it: the counts go down at once (completing counts as completed).
    driver.press("G")
    driver.press("space")
    await expectScreen(driver, toShow: "Completed “Call mom”")
    screen = await driver.waitForScreen {
      sidebarRow($0, "Family").hasSuffix("2 │") && sidebarRow($0, "All").hasSuffix("8 │")
        && $0.contains("◉ !! Call mom")
    }
    #expect(rows(screen).contains { $0.contains("◉ !! Call mom") })
    #expect(sidebarRow(screen, "All") == "│ ▤ All                      8 │")
    // Undo brings it back.
    driver.press("u")
    await expectScreen(driver, toShow: "Undid Complete “Call mom”")
    screen = await driver.waitForScreen {
      sidebarRow($0, "Family").hasSuffix("3 │") && $0.contains("○ !! Call mom")
    }
    #expect(rows(screen).contains { $0.contains("○ !! Call mom") })
    driver.press("ctrl-r")
    await expectScreen(driver, toShow: "Redid Complete “Call mom”")
    screen = await driver.waitForScreen { sidebarRow($0, "Family").hasSuffix("2 │") }
    #expect(sidebarRow(screen, "Family") == "│ ● Family                   2 │")
  }

  /// On a database without lists, quick-add makes the list as the command line does, instead of
  /// refusing (and leaving what is typed next to run as keys).
  @Test(.fixedSample(empty: true)) func quickAddOnAnEmptyDatabaseMakesItsList() async {
    let driver = HeadlessDriver(testApp(), size: Size(width: 100, height: 30))
    driver.press("n")
    driver.type("Call mom @Family")
    driver.press("enter")
    await expectScreen(driver, toShow: "Added “Call mom” to Family, new list “Family”")
    await driver.waitForScreen { $0.contains("● Family") }
  }

  /// A quick-add line that cannot be added shows why while the text stays, to be corrected.
  @Test(.fixedSample()) func aQuickAddErrorIsShownAndTheTextKept() async {
    let driver = await start()
    driver.press("n")
    driver.type("Buy milk @Nowhere")
    driver.press("enter")
    // The line closes while the reminder is added, and comes back with the text when the list
    // turns out not to exist.
    func showsError(_ screen: String) -> Bool { rows(screen).suffix(2).first?.contains("Nowhere") ?? false }
    var bottom = rows(await driver.waitForScreen(showsError)).suffix(2)
    #expect(bottom.first?.contains("Nowhere") == true, "\(bottom)")
    #expect(bottom.last?.contains("New  Buy milk @Nowhere") == true, "\(bottom)")
    // Corrected, it is added: typing dismisses the error.
    driver.press("backspace backspace backspace backspace backspace backspace backspace")
    driver.type("Family")
    #expect(rows(driver.screenText).suffix(2).first?.contains("Nowhere") == false)
    driver.press("enter")
    await expectScreen(driver, toShow: "Added “Buy milk” to Family")
    // Esc cancels the line, error and all, at once: the next key is a command again, not text.
    driver.press("n")
    driver.type("Buy eggs @Nowhere")
    driver.press("enter")
    _ = await driver.waitForScreen(showsError)
    driver.press("esc")
    bottom = rows(driver.screenText).suffix(2)
    #expect(!bottom.contains { $0.contains("Nowhere") }, "\(bottom)")
    driver.press("n")
    #expect(rows(driver.screenText).last?.contains("New  Buy eggs") == false)
  }

  /// Deleting the last list leaves the selection on the list before it, not on the first tag
  /// below the lists.
  @Test(.fixedSample()) func deletingTheLastListSelectsTheListBeforeIt() async {
    let driver = await start()
    driver.press("j j j j j j j d")
    #expect(driver.screenText.contains("Delete the list “Business”"), "\(driver.screenText)")
    driver.press("y")
    await driver.waitForScreen { !$0.contains("● Business") }
    driver.press("d")
    #expect(driver.screenText.contains("Delete the list “Family”"), "\(driver.screenText)")
    driver.press("n")
  }

  /// Ctrl-C in a line being typed drops the line, as a shell's does; the app goes on.
  @Test(.fixedSample()) func ctrlCDropsTheLineBeingTyped() async {
    let driver = await start()
    driver.press("n")
    driver.type("Never added")
    await driver.waitForScreen { rows($0).last?.contains("New  Never added") == true }
    driver.press("ctrl-c")
    var screen = await driver.waitForScreen { !$0.contains("Never added") }
    #expect(!driver.isFinished)
    // A new line starts empty.
    driver.press("n")
    screen = await driver.waitForScreen { rows($0).last?.contains("New ") == true }
    #expect(!screen.contains("Never added"))
    driver.press("esc")
    // The search's text too.
    driver.press("/")
    driver.type("milk")
    driver.press("ctrl-c")
    screen = await driver.waitForScreen { !$0.contains("milk") }
    #expect(!driver.isFinished)
    // With no line open, Ctrl-C quits.
    driver.press("ctrl-c")
    #expect(driver.isFinished)
  }

  @Test(.fixedSample()) func flagEditAndSortOnAList() async {
    let driver = await start()
    driver.press("j j j j j enter")  // Personal
    await driver.waitForScreen { $0.contains("─ Personal ") && $0.contains("Groceries") }
    driver.press("f")
    await expectScreen(driver, toShow: "Flagged “Groceries”")
    var screen = await driver.waitForScreen { sidebarRow($0, "Flagged").hasSuffix("3 │") }
    // Edit the title and the due date in the form.
    driver.press("e")
    driver.press("ctrl-u")
    driver.type("Groceries for the week")
    driver.press("tab tab tab space tab")
    driver.type("fri 6pm")
    screen = driver.screenText
    #expect(screen.contains("Fri 6:00 PM  (2026-03-06 18:00)"))
    driver.press("ctrl-s")
    await expectScreen(driver, toShow: "Saved “Groceries for the week”")
    screen = await driver.waitForScreen {
      $0.contains("○ Groceries for the week") && $0.contains("Fri 6:00")
    }
    #expect(rows(screen).contains { $0.contains("○ Groceries for the week") && $0.contains("Fri 6:00") })
    // A date that means nothing says so and is not saved.
    driver.press("e")
    driver.press("tab tab tab tab ctrl-u")
    driver.type("someday soon")
    #expect(driver.screenText.contains("“someday soon”") || driver.screenText.contains("someday"))
    driver.press("ctrl-s")
    #expect(driver.screenText.contains("Edit Reminder"))
    // Esc asks before dropping what was typed; a second Esc drops it.
    driver.press("esc")
    #expect(driver.screenText.contains("Esc again drops what was changed; ctrl-s saves it"))
    driver.press("esc")
    #expect(!driver.screenText.contains("Edit Reminder"))
    // Sort by title: the order follows, and the setting is kept per screen.
    driver.press("s")
    #expect(driver.screenText.contains("Sort by"))
    driver.press("4")
    await expectScreen(driver, toShow: "Sorted by Title")
    screen = await driver.waitForScreen { $0.contains("· Title") }
    let titles = rows(screen).compactMap { row -> String? in
      guard let start = row.range(of: "○ ") else { return nil }
      return String(row[start.upperBound...].prefix(8))
    }
    #expect(titles == ["Buy conc", "!!! Doct", "Grocerie", "Haircut "])
  }

  @Test(.fixedSample()) func reorderAndDeleteLists() async {
    let driver = await start()
    driver.press("j j j j j")  // Personal
    driver.press("J")
    var screen = await driver.waitForScreen {
      ($0.range(of: "Family")?.lowerBound ?? $0.endIndex)
        < ($0.range(of: "● Personal")?.lowerBound ?? $0.startIndex)
    }
    let order = rows(screen).filter { $0.hasPrefix("│ ● ") }.map { String($0.dropFirst(4).prefix(8)) }
    #expect(order == ["Family  ", "Personal", "Business"])
    // Delete Personal: it asks first, and No keeps it.
    driver.press("d")
    // The question, over two lines of the dialog.
    #expect(driver.screenText.contains("Delete the list “Personal”, its 4 incomplete reminders"))
    #expect(driver.screenText.contains("and 1 completed?"))
    driver.press("n")
    #expect(driver.screenText.contains("● Personal"))
    driver.press("d")
    driver.press("y")
    await expectScreen(driver, toShow: "Deleted the list “Personal”")
    screen = await driver.waitForScreen {
      !$0.contains("● Personal") && sidebarRow($0, "All").hasSuffix("4 │")
    }
    #expect(sidebarRow(screen, "All") == "│ ▤ All                      4 │")
    // The selection stays in place, on the list that took Personal's row.
    driver.press("u")
    // The rows and the undo's message can arrive in either order.
    screen = await driver.waitForScreen {
      $0.contains("● Personal") && sidebarRow($0, "All").hasSuffix("8 │")
        && $0.contains("Undid Delete List “Personal”")
    }
    #expect(screen.contains("● Personal"))
    #expect(sidebarRow(screen, "All") == "│ ▤ All                      8 │")
  }

  /// The question before deleting a list says what the list holds, and nothing it does not.
  @Test func deletingAListSaysWhatItHolds() {
    let list = RemindersList(id: UUID(), title: "Garden")
    #expect(
      RemindersApp.deleteListQuestion(ReminderListState(remindersCount: 0, remindersList: list))
        == "Delete the empty list “Garden”?")
    #expect(
      RemindersApp.deleteListQuestion(ReminderListState(remindersCount: 1, remindersList: list))
        == "Delete the list “Garden” and its 1 incomplete reminder?")
    #expect(
      RemindersApp.deleteListQuestion(
        ReminderListState(remindersCount: 0, remindersList: list, completedCount: 2))
        == "Delete the list “Garden” and its 2 completed reminders?")
    // Shared by the user, the people it is shared with lose it; shared with the user, it is left.
    let share = CKShare(shareID: "S", ownerName: "alice", zoneName: "Z", rootRecordName: "L")
    #expect(
      RemindersApp.deleteListQuestion(ReminderListState(remindersCount: 1, remindersList: list, share: share))
        == "Delete the list “Garden” and its 1 incomplete reminder? It is shared: the people you share it with lose it too."
    )
    #expect(
      RemindersApp.leaveListQuestion(
        ReminderListState(remindersCount: 1, remindersList: list, share: share, sharedBy: "alice"),
        owner: "alice")
        == "Leave “Garden”, shared by alice? Its reminders leave this device; alice keeps them.")
  }

  /// The tags picker shows a refused rename whole, and Esc then dismisses the message, not the
  /// picker with the tags chosen in it.
  @Test(.fixedSample()) func aRefusedTagRenameIsReadWholeAndEscKeepsTheChoice() async throws {
    let driver = await start()
    driver.press("N")
    driver.type("Plant tulips")
    driver.press("tab tab enter")
    #expect(driver.screenText.contains("Most used"))
    driver.press("space")
    let chosen = try #require(driver.screenText.firstMatch(of: /\[x\] #(\w+)/)?.1)
    // The next tag renamed as the one chosen: refused.
    driver.press("j r ctrl-u")
    driver.type(String(chosen))
    driver.press("enter")
    let screen = await driver.waitForScreen { $0.contains("delete that tag first") }
    #expect(screen.contains("already exists: pick"))
    #expect(screen.contains("another name, or delete that tag first"))
    driver.press("esc")
    #expect(driver.screenText.contains("Most used"))
    #expect(!driver.screenText.contains("already exists"))
    #expect(driver.screenText.contains("[x] #\(chosen)"))
  }

  @Test(.fixedSample()) func moveRemindersWithinAList() async {
    let driver = await start()
    driver.press("j j j j j enter")
    await driver.waitForScreen { $0.contains("─ Personal ") && $0.contains("Groceries") }
    driver.press("J")
    let screen = await driver.waitForScreen {
      ($0.range(of: "Haircut")?.lowerBound ?? $0.endIndex)
        < ($0.range(of: "○ Groceries")?.lowerBound ?? $0.startIndex)
    }
    #expect(screen.contains("Manual"))
    driver.press("K")
    driver.press("K")
    #expect(
      await driver.waitForScreen { $0.contains("is already at the top") }.contains("already at the top"))
  }

  @Test(.fixedSample()) func addAListAndATagThroughThePicker() async {
    let driver = await start()
    // Esc on an untouched form closes it; with a title typed, it asks first.
    driver.press("a")
    driver.press("esc")
    #expect(!driver.screenText.contains("─ New List "))
    driver.press("a")
    driver.type("Garden")
    driver.press("esc")
    #expect(driver.screenText.contains("Esc again drops what was changed; enter saves it"))
    driver.press("right right")
    #expect(driver.screenText.contains("● Garden"))
    driver.press("enter enter")
    await expectScreen(driver, toShow: "Saved the list “Garden”")
    var screen = await driver.waitForScreen { $0.contains("─ Garden ") && !$0.contains("New List") }
    // A new reminder in the selected list, with a new tag from the picker.
    driver.press("N")
    driver.type("Plant tulips")
    driver.press("tab tab enter")
    #expect(driver.screenText.contains("Most used"))
    driver.press("n")
    driver.type("spring")
    driver.press("enter")
    screen = await driver.waitForScreen { $0.contains("[x] #spring") }
    driver.press("enter")
    #expect(driver.screenText.contains("#spring"))
    driver.press("ctrl-s")
    screen = await driver.waitForScreen {
      sidebarRow($0, "Garden").hasSuffix("1 │") && $0.contains("# spring")
    }
    #expect(sidebarRow(screen, "Garden") == "│ ● Garden                   1 │")
    #expect(screen.contains("# spring"))
  }

  @Test(.fixedSample()) func deleteAReminderAfterConfirming() async {
    let driver = await start()
    driver.press("enter")  // Today
    await driver.waitForScreen { $0.contains("─ Today ") }
    driver.press("d")
    #expect(driver.screenText.contains("Delete “Doctor appointment”?"))
    driver.press("y")
    await expectScreen(driver, toShow: "Deleted “Doctor appointment”")
    let screen = await driver.waitForScreen { sidebarRow($0, "Today").hasSuffix("1 │") }
    #expect(sidebarRow(screen, "Today") == "│ ◷ Today                    1 │")
  }

  /// A dialog acts on the selected reminder: resizing the terminal while it is open (smaller than
  /// the list, then back) leaves the selection on that reminder.
  @Test(.fixedSample()) func aResizeUnderADialogKeepsTheSelection() async throws {
    let family = try #require(
      try await testDatabase.read { try RemindersList.where { $0.title.eq("Family") }.fetchOne($0) })
    try await testDatabase.write { db in
      for number in 1...40 {
        var draft = Reminder.Draft(remindersListID: family.id)
        draft.title = "Chore \(number)"
        _ = try db.saveReminder(draft)
      }
    }
    let driver = await start()
    // Down the sidebar to Family, which opens beside it, then into its rows.
    for _ in 0..<10 where !driver.screenText.contains("─ Family ") { driver.press("j") }
    await driver.waitForScreen { $0.contains("─ Family ") && $0.contains("Chore 1") }
    driver.press("enter G k k k d")
    let title = try #require(driver.screenText.firstMatch(of: /Delete “(Chore \d+)”\?/)?.1)
    driver.resize(to: Size(width: 60, height: 12))
    driver.resize(to: Size(width: 100, height: 30))
    await driver.waitForScreen { $0.contains("Delete “") }
    driver.press("esc")
    driver.press("d")
    #expect(driver.screenText.contains("Delete “\(title)”?"))
  }

  /// Values another program wrote: a status other than 0, 1 and 2 reads as completed, as the
  /// counts judge it, and a priority out of 1...3 as the nearest one; a due date that is not a date cannot be read, and the screen says so (over
  /// the rows it read last) until it can be read again.
  @Test(.fixedSample()) func valuesWrittenByAnotherProgramThatTheAppDoesNotWrite() async throws {
    let driver = await start()
    driver.press("enter")  // Today
    await driver.waitForScreen { $0.contains("─ Today ") && $0.contains("Doctor appointment") }
    try await testDatabase.write { db in
      try db.execute(sql: "UPDATE reminders SET status = 5 WHERE title = 'Doctor appointment'")
    }
    // Completed, as `status <> 0` counts it, but not settled (`status = 1`): shown where it was.
    var screen = await driver.waitForScreen {
      sidebarRow($0, "Today").hasSuffix(" 1 │") && $0.contains("● !!! Doctor appointment")
    }
    #expect(sidebarRow(screen, "Today").hasSuffix(" 1 │"))
    #expect(screen.contains("● !!! Doctor appointment"))
    #expect(!screen.contains("Cannot read"))
    // A priority out of 1...3 reads as the nearest one.
    try await testDatabase.write { db in
      try db.execute(sql: "UPDATE reminders SET priority = 0 WHERE title = 'Doctor appointment'")
    }
    screen = await driver.waitForScreen { $0.contains("● ! Doctor appointment") }
    #expect(!screen.contains("Cannot read"))
    try await testDatabase.write { db in
      try db.execute(sql: "UPDATE reminders SET priority = 7 WHERE title = 'Doctor appointment'")
    }
    screen = await driver.waitForScreen { $0.contains("● !!! Doctor appointment") }
    #expect(!screen.contains("Cannot read"))

    // All, which reads every reminder's due date.
    driver.press("h")
    for _ in 0..<4 where !driver.screenText.contains("─ All ") { driver.press("j") }
    await driver.waitForScreen { $0.contains("─ All ") && $0.contains("Groceries") }
    try await testDatabase.write { db in
      try db.execute(sql: "UPDATE reminders SET dueDate = 'garbage' WHERE title = 'Groceries'")
    }
    screen = await driver.waitForScreen { $0.contains("Cannot read these reminders") }
    #expect(screen.contains("Groceries"))
    try await testDatabase.write { db in
      try db.execute(sql: "UPDATE reminders SET dueDate = NULL WHERE title = 'Groceries'")
    }
    screen = await driver.waitForScreen { !$0.contains("Cannot read these reminders") }
    #expect(screen.contains("Groceries"))
  }

  /// A reminder in its completing grace stays among the rows, ticked: the header does not count
  /// it among the hidden completed ones as well.
  @Test(.fixedSample()) func aCompletingReminderIsCountedOnce() async {
    let driver = await start()
    for _ in 0..<4 where !driver.screenText.contains("─ All ") { driver.press("j") }
    var screen = await driver.waitForScreen { $0.contains("─ All ") && $0.contains("Groceries") }
    #expect(screen.contains("8 reminders · Due Date · 3 completed hidden"))
    // The first row, Haircut, ticked: completing.
    driver.press("enter space")
    let ticked = { (screen: String) in
      sidebarRow(screen, "All").hasSuffix(" 7 │")
        && screen.contains("◉ Haircut")
    }
    screen = await driver.waitForScreen(ticked)
    #expect(ticked(screen))
    #expect(screen.contains("8 reminders · Due Date · 3 completed hidden"))
  }

  @Test(.fixedSample()) func narrowScreenSwitchesPanes() async {
    let driver = await start(Size(width: 40, height: 12))
    driver.press("enter")
    #expect(await driver.waitForScreen { $0.contains("─ Today ") }.contains("Doctor"))
    driver.press("h")
    #expect(driver.screenText.contains("─ Reminders "))
    driver.press("tab")
    #expect(driver.screenText.contains("─ Today "))
  }

  /// A form saved as it opened writes nothing, and says so.
  @Test(.fixedSample()) func aFormSavedAsItOpenedSaysNothingChanged() async {
    let driver = await editingGroceries()
    driver.press("ctrl-s")
    await expectScreen(driver, toShow: "Nothing to save: the reminder is as it was")
    #expect(!driver.screenText.contains("─ Edit Reminder "))
  }

  /// An undo that another program's change since makes impossible says why, whole, until the
  /// next key; the other program's change stays.
  @Test(.fixedSample()) func aRefusedUndoIsReadWhole() async throws {
    let driver = await start()
    driver.press("n")
    driver.type("Water the plants @Family")
    driver.press("enter")
    await expectScreen(driver, toShow: "Added “Water the plants” to Family")
    try await testDatabase.write { db in
      try db.execute(sql: "UPDATE reminders SET notes = 'Typed elsewhere' WHERE title = 'Water the plants'")
    }
    driver.press("u")
    let screen = await driver.waitForScreen { $0.contains("the steps before it remain") }
    #expect(
      screen.contains("Could not undo New Reminder “Water the plants”")
        && screen.contains("the steps before it remain"), "\(screen)")
    let notes = try await testDatabase.read { db in
      try Reminder.where { $0.title.eq("Water the plants") }.fetchOne(db)?.notes
    }
    #expect(notes == "Typed elsewhere")
  }

  /// The app with the form open on Groceries, the first reminder of Personal.
  private func editingGroceries() async -> HeadlessDriver {
    let driver = await start()
    driver.press("j j j j j enter")
    await driver.waitForScreen { $0.contains("─ Personal ") && $0.contains("Groceries") }
    driver.press("e")
    #expect(driver.screenText.contains("─ Edit Reminder "))
    return driver
  }

  /// An error in a form is read whole, what to do included, wrapped inside the form.
  @Test(.fixedSample()) func aFormErrorIsReadWhole() async throws {
    let driver = await editingGroceries()
    // Another program deletes the reminder's list while the form is open.
    try await testDatabase.write { db in
      try db.execute(sql: "DELETE FROM remindersLists WHERE title = 'Personal'")
    }
    // The sidebar's row goes (the form still shows the list it had).
    await driver.waitForScreen { !$0.contains("│ ● Personal") }
    driver.type(" for the week")
    driver.press("ctrl-s")
    // The reminder went with its list: the form opens again, saying so.
    let screen = await driver.waitForScreen { $0.contains("That reminder no longer exists") }
    #expect(screen.contains("─ Edit Reminder ") && screen.contains("window or command"), "\(screen)")
  }

  /// A field another program changed while the form was open keeps its change when the form
  /// saves a change to another field.
  @Test(.fixedSample()) func aFormSavesOnlyWhatItChanged() async throws {
    let driver = await editingGroceries()
    try await testDatabase.write { db in
      try db.execute(
        sql: "UPDATE reminders SET notes = 'Oat milk too', isFlagged = 1 WHERE title = 'Groceries'")
    }
    driver.press("ctrl-u")
    driver.type("Groceries for the week")
    driver.press("ctrl-s")
    await expectScreen(driver, toShow: "Saved “Groceries for the week”")
    let saved = try await testDatabase.read { db in
      try Reminder.where { $0.title.eq("Groceries for the week") }.fetchOne(db)
    }
    #expect(saved?.notes == "Oat milk too")
    #expect(saved?.isFlagged == true)
  }
}
