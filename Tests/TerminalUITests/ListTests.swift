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
