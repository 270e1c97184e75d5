import Foundation
import RemindersKit
import SQLiteData
import TerminalUI
import Testing

@testable import RemindersTUI

/// Search takes its own keys: typing goes to its field, tab completes a `#tag`, esc leaves the
/// field for the matches and closes search once the text is empty.
@MainActor
@Suite("Search pane")
struct SearchScreenTests {
  @Test(.fixedSample()) func itsKeysFromTypingToClosing() async throws {
    let app = testApp()
    let driver = HeadlessDriver(app, size: Size(width: 100, height: 30))
    await driver.waitForScreen { $0.contains("Doctor appointment") }
    driver.press("/")
    driver.type("#soc")
    await driver.waitForScreen { $0.contains("tab → #social") }
    driver.press("tab")
    let search = try #require(app.search)
    #expect(search.field.text == "#social ")
    let found = await driver.waitForScreen { $0.contains("2 found") }
    #expect(found.contains("Buy concert tickets") && found.contains("Prepare for WWDC"))
    // Esc with text typed leaves the field; the matches take the keys.
    driver.press("esc")
    #expect(!search.isEditing)
    driver.press("j")
    #expect(app.selectedReminder?.reminder.title == "Prepare for WWDC")
    // Back in the field, with the text emptied, esc closes search.
    driver.press("i")
    #expect(search.isEditing)
    driver.press("ctrl-u")
    driver.press("esc")
    #expect(app.search == nil)
    #expect(!driver.screenText.contains("─ Search "))
  }

  /// Clearing completed matches asks with the number it will delete, and says so when there are
  /// none instead of asking.
  @Test(.fixedSample()) func clearingCompletedMatchesSaysHowMany() async throws {
    let driver = HeadlessDriver(testApp(), size: Size(width: 100, height: 30))
    await driver.waitForScreen { $0.contains("Doctor appointment") }
    driver.press("/")
    driver.type("walk")
    await driver.waitForScreen { $0.contains("1 Completed") }
    driver.press("esc")
    driver.press("C j enter")  // Older Than 6 Months: "Take a walk" was due 190 days ago.
    var screen = await driver.waitForScreen { $0.contains("Delete 1 completed match") }
    #expect(screen.contains("Delete 1 completed match older than 6 months?"))
    driver.press("n")
    driver.press("C j j enter")  // Older Than 1 Year: none.
    screen = await driver.waitForScreen { $0.contains("No completed matches") }
    #expect(screen.contains("No completed matches older than 1 year"))
    #expect(!screen.contains("Delete "))
  }
}
