import Foundation
import RemindersKit
import SQLiteData
import TerminalUI
import Testing

@testable import RemindersTUI

/// The app's state changes before a frame (`update`), and drawing only reads it.
@MainActor
@Suite("Update and render")
struct UpdateAndRenderTests {
  /// What drawing must leave as it found it: the layout the keys use, the selections and scroll
  /// positions, and the screen that is open.
  private struct Observed: Equatable {
    var isNarrow: Bool
    var listHeight: Int
    var sidebarHeight: Int
    var sidebarSelection: SidebarEntry?
    var sidebarScroll: Int
    var detailSelection: RowID?
    var detailScroll: Int?
    var detail: DetailKind?

    @MainActor init(_ app: RemindersApp) {
      isNarrow = app.isNarrow
      listHeight = app.listHeight
      sidebarHeight = app.sidebarHeight
      sidebarSelection = app.sidebar.list.selection
      sidebarScroll = app.sidebar.list.scrollOffset
      detailSelection = app.detail?.list.selection
      detailScroll = app.detail?.list.scrollOffset
      detail = app.detail?.model.kind
    }
  }

  @Test(.fixedSample()) func drawingOnAnotherSizeChangesNoState() async {
    let app = testApp()
    let driver = HeadlessDriver(app, size: Size(width: 100, height: 30))
    await driver.waitForScreen { $0.contains("Doctor appointment") }
    driver.press("tab j")
    let before = Observed(app)
    #expect(before.detailSelection != nil)
    // A canvas narrower and shorter than the screen the state was brought up to: drawing on it
    // changes nothing the keys read.
    var canvas = Canvas(size: Size(width: 40, height: 12))
    app.render(into: &canvas)
    #expect(Observed(app) == before)
  }

  @Test(.fixedSample()) func theSameStateDrawsTheSameScreen() async {
    let app = testApp()
    let driver = HeadlessDriver(app, size: Size(width: 100, height: 30))
    await driver.waitForScreen { $0.contains("Doctor appointment") }
    var first = Canvas(size: Size(width: 100, height: 30))
    var second = Canvas(size: Size(width: 100, height: 30))
    app.render(into: &first)
    app.render(into: &second)
    #expect(first.textSnapshot() == driver.screenText)
    #expect(second.textSnapshot() == first.textSnapshot())
  }

  @Test(.fixedSample()) func theLayoutTheKeysUseFollowsTheSizeBeforeAFrame() async {
    let app = testApp()
    let driver = HeadlessDriver(app, size: Size(width: 100, height: 30))
    await driver.waitForScreen { $0.contains("Doctor appointment") }
    #expect(!app.isNarrow && app.sidebarHeight == 27)
    app.update(screenSize: Size(width: 50, height: 20))
    #expect(app.isNarrow && app.sidebarHeight == 17 && app.listHeight == 16)
  }
}
