import Foundation
import RemindersKit
import SQLiteData
import SQLiteDataTestSupport
import TerminalUI
import Testing

@testable import RemindersTUI

/// Marking reminders with `v` and `V` and acting on all of them at once, renaming in place and
/// duplicating, on the headless terminal over the sample data.
@MainActor
@Suite("Visual selection and actions on many")
struct VisualSelectionTests {
  /// The app with the Personal list open (Groceries, Haircut, Doctor appointment, Buy concert
  /// tickets, in that order).
  private func personal() async -> HeadlessDriver {
    let driver = HeadlessDriver(testApp(), size: Size(width: 100, height: 30))
    await driver.waitForScreen { $0.contains("● Personal") }
    driver.press("j j j j j enter")
    await driver.waitForScreen { $0.contains("─ Personal ") && $0.contains("Buy concert tickets") }
    return driver
  }

  /// The row of a reminder as the detail pane draws it, from the pane's left border.
  private func row(_ screen: String, _ title: String) -> String {
    rows(screen).lazy.compactMap { line in line.range(of: "││").map { String(line[$0.upperBound...]) } }
      .first { $0.contains(" " + title) } ?? ""
  }

  @Test(.fixedSample()) func marksOneByOneAndARangeThenCompletesThemAsOneUndoStep() async {
    let driver = await personal()
    // v marks Groceries and Haircut one by one; V opens a range at Doctor appointment, j
    // stretches it over Buy concert tickets.
    driver.press("v j v j V j")
    var screen = driver.screenText
    expectSnapshot(screen, named: "marked-100x30")
    #expect(screen.contains("4 reminders · Manual · 1 completed hidden · 4 marked"))
    for title in ["Groceries", "Haircut", "!!! Doctor appointment", "Buy concert tickets"] {
      #expect(row(screen, title).hasPrefix(" ▌○ "), "\(title)")
    }
    #expect(rows(screen).last?.contains("t tag · m move · Y copy · d delete · esc unmark") == true)
    // k shrinks the range: Buy concert tickets is no longer marked.
    driver.press("k")
    #expect(row(driver.screenText, "Buy concert tickets").hasPrefix("  ○ "))
    #expect(driver.screenText.contains("· 3 marked"))
    driver.press("j")
    // Space completes all four, and the marks go.
    driver.press("space")
    await expectScreen(driver, toShow: "Completed 4 reminders")
    screen = await driver.waitForScreen { sidebarRow($0, "Personal").hasSuffix("0 │") }
    #expect(!screen.contains("marked"))
    #expect(sidebarRow(screen, "Personal") == "│ ● Personal                 0 │")
    // One undo brings all four back.
    driver.press("u")
    await expectScreen(driver, toShow: "Undid Complete 4 Reminders")
    screen = await driver.waitForScreen { sidebarRow($0, "Personal").hasSuffix("4 │") }
    #expect(sidebarRow(screen, "Personal") == "│ ● Personal                 4 │")
  }

  /// A marked reminder another program deletes while the delete dialog is open: the message
  /// counts what the deletion took.
  @Test(.fixedSample()) func aDeletionCountsWhatItTook() async throws {
    let driver = await personal()
    driver.press("v j v")
    driver.press("d")
    #expect(driver.screenText.contains("Delete 2 reminders"))
    try await testDatabase.write { db in
      try db.execute(sql: "DELETE FROM reminders WHERE title = 'Haircut'")
    }
    await driver.waitForScreen { !$0.contains("○ Haircut") }
    driver.press("y")
    await expectScreen(driver, toShow: "Deleted 1 reminder; 1 other was already gone")
  }

  /// A marked reminder that leaves the screen (completed and hidden, or deleted, by another
  /// program) is unmarked: the count shows the marks left, and an action changes only those.
  @Test(.fixedSample()) func marksGoWithTheRowsThatLeaveTheScreen() async throws {
    let driver = await personal()
    driver.press("v j v j v")
    #expect(driver.screenText.contains("· 3 marked"))
    let flaggedBefore = try await testDatabase.read { db in
      try Reminder.where(\.isFlagged).select(\.title).fetchAll(db)
    }
    try await testDatabase.write { db in
      try db.execute(sql: "UPDATE reminders SET status = 1 WHERE title = 'Haircut'")
    }
    var screen = await driver.waitForScreen { !$0.contains("Haircut") }
    #expect(screen.contains("· 2 marked"))
    try await testDatabase.write { db in
      try db.execute(sql: "DELETE FROM reminders WHERE title = 'Doctor appointment'")
    }
    screen = await driver.waitForScreen { !$0.contains("Doctor appointment") }
    #expect(screen.contains("· 1 marked"))
    driver.press("f")
    await expectScreen(driver, toShow: "Flagged “Groceries”")
    let flagged = try await testDatabase.read { db in
      try Reminder.where(\.isFlagged).select(\.title).fetchAll(db)
    }
    #expect(Set(flagged) == Set(flaggedBefore).union(["Groceries"]))
  }

  /// The message names what changed, as the undo step does, and says how many already were so.
  @Test(.fixedSample()) func flaggingSaysHowManyWereFlaggedAlready() async throws {
    try await testDatabase.write { db in
      try db.execute(sql: "UPDATE reminders SET isFlagged = (title <> 'Groceries')")
    }
    let driver = await personal()
    driver.press("v j v j v")
    #expect(driver.screenText.contains("· 3 marked") && driver.screenText.contains("Groceries"))
    driver.press("f")
    await expectScreen(driver, toShow: "Flagged “Groceries” (2 already were)")
    driver.press("u")
    await expectScreen(driver, toShow: "Undid Flag “Groceries”")
  }

  @Test(.fixedSample()) func escUnmarksBeforeGoingBack() async {
    let driver = await personal()
    driver.press("v j v")
    #expect(driver.screenText.contains("· 2 marked"))
    // v again unmarks a row.
    driver.press("v")
    #expect(driver.screenText.contains("· 1 marked"))
    driver.press("esc")
    #expect(!driver.screenText.contains("marked"))
    #expect(row(driver.screenText, "Groceries").hasPrefix(" ○ "))
    // The focus stayed on the list: the next Esc goes back to the sidebar.
    #expect(driver.screenText.contains("space complete · f flag"))
    driver.press("esc")
    #expect(driver.screenText.contains("enter open · a add list"))
  }

  @Test(.fixedSample()) func movesTheMarkedRemindersToAListChosenFromAMenu() async {
    let driver = await personal()
    driver.press("v j v m")
    expectSnapshot(driver.screenText, named: "move-menu-100x30")
    driver.press("2")  // Family
    await expectScreen(driver, toShow: "Moved 2 reminders to Family")
    let screen = await driver.waitForScreen {
      sidebarRow($0, "Family").hasSuffix("4 │") && !$0.contains("Haircut")
    }
    #expect(sidebarRow(screen, "Personal") == "│ ● Personal                 2 │")
    #expect(sidebarRow(screen, "Family") == "│ ● Family                   4 │")
    // The selected reminder alone moves without marks.
    driver.press("g g m 3")
    await expectScreen(driver, toShow: "Moved “Doctor appointment” to Business")
  }

  @Test(.fixedSample()) func tagsTheMarkedRemindersAndTheSameTagTakesItOff() async {
    let driver = await personal()
    driver.press("v j v t")
    #expect(rows(driver.screenText).last?.contains("Tag #  a tag for 2 reminders") == true)
    driver.type("errand")
    driver.press("enter")
    await expectScreen(driver, toShow: "Tagged 2 reminders #errand")
    var screen = await driver.waitForScreen { $0.contains("# errand") }
    #expect(row(screen, "Groceries").contains("#errand"))
    #expect(row(screen, "Haircut").contains("#errand"))
    // A tag that cannot be one comes back on the line with the reason.
    driver.press("g g v j v t")
    driver.type("two words")
    driver.press("enter")
    screen = await driver.waitForScreen { rows($0).suffix(2).first?.contains("A tag is one word") ?? false }
    #expect(rows(screen).last?.contains("Tag #  two words") == true)
    // Typed in capitals, named as the tag is spelled.
    driver.press("ctrl-u")
    driver.type("ERRAND")
    driver.press("enter")
    await expectScreen(driver, toShow: "Took #errand off 2 reminders")
    screen = await driver.waitForScreen { !row($0, "Groceries").contains("#errand") }
    #expect(!row(screen, "Haircut").contains("#errand"))
    // When some have it already, the message counts those it was put on.
    driver.press("g g t")
    driver.type("errand")
    driver.press("enter")
    await expectScreen(driver, toShow: "Tagged “Groceries” #errand")
    driver.press("g g v j v t")
    driver.type("errand")
    driver.press("enter")
    await expectScreen(driver, toShow: "Tagged 1 reminder #errand; 1 had it already")
  }

  @Test(.fixedSample()) func deletingARangeSaysHowManyFirst() async {
    let driver = await personal()
    driver.press("g g V G d")
    #expect(driver.screenText.contains("Delete 4 reminders? (u undoes it)"))
    driver.press("y")
    await expectScreen(driver, toShow: "Deleted 4 reminders")
    var screen = await driver.waitForScreen { sidebarRow($0, "Personal").hasSuffix("0 │") }
    #expect(screen.contains("0 reminders · Manual"))
    #expect(!screen.contains("marked"))
    driver.press("u")
    screen = await driver.waitForScreen { sidebarRow($0, "Personal").hasSuffix("4 │") }
    #expect(screen.contains("Buy concert tickets"))
  }

  /// A range over more reminders than one action changes is refused before its ids are read,
  /// and nothing changes.
  @Test(.fixedSample()) func aRangeTooLongIsRefusedWithTheReason() async throws {
    let list = try testDatabase.writeAction { try $0.addList(title: "Long") }
    try await testDatabase.write { db in
      try #sql(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12000)
        INSERT INTO reminders (remindersListID, title) SELECT \(bind: list.id), 'Reminder ' || i FROM n
        """
      ).execute(db)
    }
    let driver = HeadlessDriver(testApp(), size: Size(width: 100, height: 30))
    await driver.waitForScreen { sidebarRow($0, "Long").hasSuffix("12000 │") }
    driver.press("j j j j j j j j enter")
    await driver.waitForScreen { $0.contains("─ Long ") && $0.contains("Reminder 1 ") }
    driver.press("V G")
    #expect(driver.screenText.contains("12000 marked"))
    driver.press("space")
    #expect(
      driver.screenText.contains("12000 reminders are marked; one action changes at most 10000: mark fewer"))
    let incomplete = try await testDatabase.read { db in
      try Reminder.where { $0.remindersListID.eq(list.id) && $0.status.eq(Reminder.Status.incomplete) }
        .fetchCount(db)
    }
    #expect(incomplete == 12000)
  }

  @Test(.fixedSample()) func duplicatesAndRenamesInPlace() async {
    let driver = await personal()
    // While a title is typed, the status line says how to end it.
    driver.press("r")
    #expect(rows(driver.screenText).last?.contains("enter save · esc keep the title it had") == true)
    driver.press("esc")
    driver.press("j Y")
    await expectScreen(driver, toShow: "Duplicated “Haircut”")
    var screen = await driver.waitForScreen { rows($0).filter { $0.contains(" Haircut ") }.count == 2 }
    #expect(screen.contains("5 reminders · Manual"))
    // The copy is selected: it is renamed in its row.
    driver.press("r")
    driver.press("ctrl-u")
    driver.type("Haircut again")
    screen = driver.screenText
    #expect(row(screen, "Haircut again").hasPrefix(" ○ Haircut again "))
    driver.press("enter")
    await expectScreen(driver, toShow: "Renamed to “Haircut again”")
    screen = await driver.waitForScreen { $0.contains("○ Haircut again") && $0.contains("○ Haircut ") }
    #expect(row(screen, "Haircut again").contains("#optional #someday"))
    // An empty title is not saved, and the line stays open to type one.
    driver.press("r ctrl-u enter")
    screen = await driver.waitForScreen { $0.contains("A reminder needs a title") }
    driver.type("Trim")
    driver.press("enter")
    await expectScreen(driver, toShow: "Renamed to “Trim”")
    screen = await driver.waitForScreen { $0.contains("○ Trim ") }
    // Esc leaves a title as it was.
    driver.press("r")
    driver.type(" and again")
    driver.press("esc")
    #expect(!driver.screenText.contains("Trim and again"))
    #expect(driver.screenText.contains("○ Trim "))
  }
}
