import Testing

@testable import TerminalUI

/// A data source of numbered rows that records which rows were asked for.
final class CountingSource: ListDataSource {
  var ids: [Int]
  private(set) var requests: [Range<Int>] = []

  init(count: Int) {
    ids = Array(0..<count)
  }

  var count: Int { ids.count }
  func id(at index: Int) -> Int { ids[index] }
  func index(of id: Int) -> Int? { ids.firstIndex(of: id) }
  func rows(in range: Range<Int>) -> [ListRow] {
    requests.append(range)
    return ids[range].map { ListRow("item \($0)") }
  }
}

struct Reminder: Identifiable {
  var id: String
  var title: String
  var isDone = false
}

@Suite("List")
struct ListTests {
  @Test func asksOnlyForTheVisibleRows() {
    let source = CountingSource(count: 1_000_000)
    var state = ListState<Int>()
    state.perform(.bottom, in: source, height: 3)
    let text = screen(List(source, state: state, showsScrollIndicator: false), width: 12, height: 3)
    #expect(text == "item 999997\nitem 999998\nitem 999999")
    #expect(source.requests == [999_997..<1_000_000])
  }

  @Test func movesWithVimAndArrowKeysAndScrolls() {
    let source = CountingSource(count: 10)
    var state = ListState<Int>()
    for key in [KeyPress("j"), .down, KeyPress("j"), KeyPress("j")] {
      let handled = state.handle(key, in: source, height: 3)
      #expect(handled)
    }
    #expect(state.selection == 4)
    #expect(
      screen(List(source, state: state, showsScrollIndicator: false), width: 8, height: 3)
        == "item 2\nitem 3\nitem 4")
    _ = state.handle(KeyPress("k"), in: source, height: 3)
    _ = state.handle(.up, in: source, height: 3)
    _ = state.handle(.up, in: source, height: 3)
    #expect(state.selection == 1)
    #expect(state.visibleOffset(in: source, height: 3) == 1)
    _ = state.handle(.pageDown, in: source, height: 3)
    #expect(state.selection == 3)
    _ = state.handle(KeyPress("G"), in: source, height: 3)
    #expect(state.selection == 9)
    let startsChord = state.handle(KeyPress("g"), in: source, height: 3)
    #expect(startsChord)
    #expect(state.selection == 9)
    _ = state.handle(KeyPress("g"), in: source, height: 3)
    #expect(state.selection == 0)
    _ = state.handle(.pageUp, in: source, height: 3)
    _ = state.handle(.up, in: source, height: 3)
    #expect(state.selection == 0)
    let handlesX = state.handle(KeyPress("x"), in: source, height: 3)
    #expect(!handlesX)
  }

  @Test func selectionFollowsItsItemWhenRowsMove() {
    let source = CountingSource(count: 5)
    var state = ListState<Int>()
    state.select(id: 2, in: source, height: 5)
    source.ids = [9, 8, 4, 3, 2, 1, 0]  // rows inserted above and the order reversed
    #expect(state.resolvedIndex(in: source) == 4)
    let styles = draw(List(source, state: state, showsScrollIndicator: false), width: 6, height: 7)
      .styleSnapshot()
    #expect(styles.split(separator: "\n")[4] == "ssssss")
    // When the selected item is deleted, the selection stays where it was on screen.
    state.reconcile(with: source, height: 7)
    source.ids.remove(at: 4)
    state.reconcile(with: source, height: 7)
    #expect(state.selection == 1)
    // And an emptied list selects nothing, then recovers.
    source.ids = []
    state.reconcile(with: source, height: 7)
    #expect(state.selection == nil)
    #expect(
      screen(List(source, state: state, emptyMessage: "No reminders"), width: 14, height: 1) == "No reminders"
    )
    source.ids = [7]
    #expect(state.resolvedIndex(in: source) == 0)
  }

  @Test func anUnfocusedListKeepsItsScrollPositionWhenRowsArriveAbove() {
    let source = CountingSource(count: 3)
    var state = ListState<Int>()
    state.reconcile(with: source, height: 3, followsSelection: false)
    #expect(state.selection == 0)
    // Rows arrive at the top, one commit at a time: each shows, though the selected row is
    // pushed below the viewport; the selection moves onto the last row in view.
    for new in 100..<105 {
      source.ids.insert(new, at: 0)
      state.reconcile(with: source, height: 3, followsSelection: false)
      #expect(state.visibleOffset(in: source, height: 3, followsSelection: false) == 0)
      #expect(
        screen(List(source, state: state, showsScrollIndicator: false), width: 8, height: 3).hasPrefix(
          "item \(new)"))
    }
    #expect(state.selection == 102)
    // A focused list follows its selection instead.
    source.ids.insert(200, at: 0)
    source.ids.insert(201, at: 0)
    state.select(id: 100, in: source, height: 3)
    source.ids.insert(202, at: 0)
    state.reconcile(with: source, height: 3)
    #expect(state.selection == 100)
    #expect(
      screen(List(source, state: state, showsScrollIndicator: false), width: 8, height: 3).hasSuffix(
        "item 100"))
  }

  @Test func rowsWithMarkersDetailsColoursAndSelection() {
    let reminders = [
      Reminder(id: "a", title: "Buy milk"),
      Reminder(id: "b", title: "Call the bank about the letter", isDone: true),
    ]
    let blue = RGB(0x4A99EF)
    let source = ArrayListSource(reminders) { reminder in
      ListRow(
        reminder.title, detail: reminder.isDone ? "done" : "today", marker: reminder.isDone ? "[x]" : "[ ]",
        markerStyle: Style(foreground: blue))
    }
    var state = ListState<String>()
    state.select(id: "b", in: source, height: 2)
    let canvas = draw(List(source, state: state), width: 24, height: 2)
    #expect(
      canvas.textSnapshot() == """
        [ ] Buy milk       today
        [x] Call the bank…  done
        """)
    #expect(
      canvas.styleSnapshot() == """
        cccc...............ddddd
        ssssssssssssssssssssssss
        """)
    let unfocused = draw(List(source, state: state, isFocused: false), width: 24, height: 2).styleSnapshot()
    #expect(unfocused.split(separator: "\n")[1] == "cccchhhhhhhhhhhhhhhhhhhh")
  }

  @Test func scrollIndicatorShowsWhereTheWindowIs() {
    let source = CountingSource(count: 20)
    var state = ListState<Int>()
    state.perform(.bottom, in: source, height: 4)
    let text = screen(List(source, state: state), width: 9, height: 4)
    #expect(text == "item 16 │\nitem 17 │\nitem 18 │\nitem 19 ┃")
  }

  @Test func tinyRegionsAreSafe() {
    let source = CountingSource(count: 3)
    var state = ListState<Int>()
    state.perform(.down, in: source, height: 0)
    #expect(screen(List(source, state: state), width: 0, height: 0) == "")
    #expect(screen(List(source, state: state), width: 1, height: 1) == "…")
  }
}

@Suite("List and the mouse")
struct ListMouseTests {
  @Test func wheelAndClicks() {
    let source = CountingSource(count: 20)
    var state = ListState<Int>()
    let rect = Rect(x: 2, y: 1, width: 10, height: 5)
    let wheel = state.handle(MouseEvent(.wheelDown, at: Point(x: 3, y: 2)), in: source, rect: rect)
    #expect(wheel)
    #expect(state.selection == 3)
    _ = state.handle(MouseEvent(.wheelDown, at: Point(x: 3, y: 2)), in: source, rect: rect)
    _ = state.handle(MouseEvent(.wheelDown, at: Point(x: 3, y: 2)), in: source, rect: rect)
    #expect(state.selection == 9)
    #expect(state.visibleOffset(in: source, height: 5) == 5)
    // The second visible row is item 6.
    _ = state.handle(MouseEvent(.press(button: 1), at: Point(x: 4, y: 2)), in: source, rect: rect)
    #expect(state.selection == 6)
    _ = state.handle(MouseEvent(.wheelUp, at: Point(x: 4, y: 2)), in: source, rect: rect)
    #expect(state.selection == 3)
    let outside = state.handle(MouseEvent(.press(button: 1), at: Point(x: 0, y: 0)), in: source, rect: rect)
    #expect(!outside)
    let rightButton = state.handle(
      MouseEvent(.press(button: 3), at: Point(x: 4, y: 2)), in: source, rect: rect)
    #expect(!rightButton)
    let empty = CountingSource(count: 0)
    var emptyState = ListState<Int>()
    let click = emptyState.handle(MouseEvent(.press(button: 1), at: Point(x: 4, y: 2)), in: empty, rect: rect)
    #expect(click)
    #expect(emptyState.selection == nil)
  }
}

/// Rows of several heights with section headings, as a sidebar or a list of reminders with notes
/// has them: `"# name"` is a heading and `"text|note|note"` a row with lines under it.
struct SectionedSource: ListDataSource {
  var items: [String]
  var count: Int { items.count }
  func id(at index: Int) -> String { items[index] }
  func index(of id: String) -> Int? { items.firstIndex(of: id) }
  func isSelectable(at index: Int) -> Bool { !items[index].hasPrefix("#") }
  func rowHeight(at index: Int) -> Int { items[index].split(separator: "|").count }
  func rows(in range: Range<Int>) -> [ListRow] {
    items[range].map { item in
      let parts = item.split(separator: "|").map(String.init)
      if item.hasPrefix("#") { return ListRow(title: StyledText(String(item.dropFirst(2)), style: .title)) }
      return ListRow(
        title: StyledText(parts[0]), marker: "○", lines: parts.dropFirst().map { StyledText($0, style: .dim) }
      )
    }
  }
}

@Suite("List rows of several lines, and headings")
struct ListSectionTests {
  @Test func headingsAreSkippedWhenMoving() {
    let source = SectionedSource(items: ["# Smart", "Today", "All", "# Lists", "Home", "Work"])
    var state = ListState<String>()
    state.reconcile(with: source, height: 6)
    #expect(state.selection == "Today")
    _ = state.handle(KeyPress("k"), in: source, height: 6)
    #expect(state.selection == "Today")
    _ = state.handle(KeyPress("j"), in: source, height: 6)
    _ = state.handle(KeyPress("j"), in: source, height: 6)
    #expect(state.selection == "Home")
    _ = state.handle(KeyPress("k"), in: source, height: 6)
    #expect(state.selection == "All")
    _ = state.handle(KeyPress("G"), in: source, height: 6)
    #expect(state.selection == "Work")
    _ = state.handle(KeyPress("g"), in: source, height: 6)
    _ = state.handle(KeyPress("g"), in: source, height: 6)
    #expect(state.selection == "Today")
    // A click on a heading selects nothing new.
    let rect = Rect(x: 0, y: 0, width: 10, height: 6)
    _ = state.handle(MouseEvent(.press(button: 1), at: Point(x: 1, y: 3)), in: source, rect: rect)
    #expect(state.selection == "Today")
    _ = state.handle(MouseEvent(.press(button: 1), at: Point(x: 1, y: 5)), in: source, rect: rect)
    #expect(state.selection == "Work")
    let text = screen(List(source, state: state, showsScrollIndicator: false), width: 10, height: 6)
    #expect(text == "Smart\n○ Today\n○ All\nLists\n○ Home\n○ Work")
  }

  @Test func rowsOfSeveralLinesScrollWhole() {
    let source = SectionedSource(items: ["a|a1|a2", "b", "c|c1", "d|d1|d2", "e"])
    var state = ListState<String>()
    state.reconcile(with: source, height: 4)
    let first = draw(List(source, state: state, showsScrollIndicator: false), width: 8, height: 4)
    #expect(first.textSnapshot() == "○ a\n  a1\n  a2\n○ b")
    // The selection covers every line of its row.
    #expect(first.styleSnapshot() == "ssssssss\nssssssss\nssssssss\n........")
    _ = state.handle(KeyPress("j"), in: source, height: 4)
    _ = state.handle(KeyPress("j"), in: source, height: 4)
    // c and its note are shown whole, b just above.
    #expect(state.visibleOffset(in: source, height: 4) == 1)
    #expect(
      screen(List(source, state: state, showsScrollIndicator: false), width: 8, height: 4)
        == "○ b\n○ c\n  c1\n○ d")
    _ = state.handle(KeyPress("j"), in: source, height: 4)
    #expect(state.visibleOffset(in: source, height: 4) == 3)
    // At the end the last rows fill the screen rather than leaving it half empty.
    _ = state.handle(KeyPress("G"), in: source, height: 4)
    #expect(state.visibleOffset(in: source, height: 4) == 3)
    #expect(
      screen(List(source, state: state, showsScrollIndicator: false), width: 8, height: 4)
        == "○ d\n  d1\n  d2\n○ e")
    // A page moves by the rows that fit in a screen.
    _ = state.handle(KeyPress("g"), in: source, height: 4)
    _ = state.handle(KeyPress("g"), in: source, height: 4)
    #expect(state.target(of: .pageDown, in: source, height: 4) == 2)
    #expect(state.target(of: .bottom, in: source, height: 4) == 4)
    // A click on a note line selects the row it belongs to.
    let rect = Rect(x: 0, y: 0, width: 8, height: 4)
    _ = state.handle(MouseEvent(.press(button: 1), at: Point(x: 1, y: 2)), in: source, rect: rect)
    #expect(state.selection == "a|a1|a2")
    _ = state.handle(MouseEvent(.press(button: 1), at: Point(x: 1, y: 3)), in: source, rect: rect)
    #expect(state.selection == "b")
  }

  @Test func aLongDetailGivesWayToTheText() {
    let source = ArrayListSource([Reminder(id: "a", title: "Call the accountant")]) { reminder in
      ListRow(reminder.title, detail: "#business #money Tomorrow 5:00 PM")
    }
    let text = screen(
      List(source, state: ListState<String>(), showsScrollIndicator: false), width: 24, height: 1)
    #expect(text == "Call the ac…  #business…")
  }

  @Test func styledTextMeasuresTruncatesAndDraws() {
    var text = StyledText("Call mom", style: .normal)
    text.append("  ", style: .normal)
    text.append("Yesterday", style: .error)
    #expect(text.terminalWidth == 19)
    #expect(text.description == "Call mom  Yesterday")
    #expect(text.truncated(toWidth: 19) == text)
    #expect(text.truncated(toWidth: 14).description == "Call mom  Yes…")
    #expect(text.truncated(toWidth: 14).spans.last?.style == .error)
    // A cut that falls just after a span keeps the ellipsis in the next span's style.
    #expect(text.truncated(toWidth: 9).description == "Call mom…")
    #expect(text.truncated(toWidth: 0).isEmpty)
    #expect(StyledText("日本語").truncated(toWidth: 4).description == "日…")
    var canvas = Canvas(size: Size(width: 20, height: 1))
    canvas.writeLine(text, in: Rect(x: 0, y: 0, width: 20, height: 1), alignment: .trailing)
    #expect(canvas.textSnapshot() == " Call mom  Yesterday")
    #expect(canvas.styleSnapshot() == "...........eeeeeeeee")
    #expect(text.restyled { $0.with(role: .dim) }.spans.allSatisfy { $0.style == .dim })
  }
}
