import Testing

@testable import TerminalUI

@Suite("Layout")
struct LayoutTests {
  @Test func distributingFixedAndFlexibleLengths() {
    #expect(LayoutSize.distribute(10, among: [.fixed(3), .flexible()]) == [3, 7])
    #expect(LayoutSize.distribute(10, among: [.flexible(), .flexible(weight: 2)]) == [4, 6])
    #expect(LayoutSize.distribute(10, among: [.fixed(2), .flexible(), .fixed(2)], spacing: 1) == [2, 4, 2])
    #expect(LayoutSize.distribute(3, among: [.fixed(2), .fixed(2), .flexible()]) == [2, 1, 0])
    #expect(LayoutSize.distribute(10, among: [.flexible(minimum: 8), .flexible()]) == [9, 1])
    #expect(LayoutSize.distribute(0, among: [.fixed(5), .flexible()]) == [0, 0])
    #expect(LayoutSize.distribute(5, among: [.fixed(-3), .flexible(weight: -1)]) == [0, 0])
    #expect(LayoutSize.distribute(7, among: [.flexible(), .flexible(), .flexible()]) == [3, 2, 2])
    #expect(LayoutSize.distribute(5, among: []) == [])
  }

  @Test func verticalAndHorizontalStacks() {
    let view = Stack.vertical([
      .fixed(1, Fill("H")),
      .flexible(Stack.horizontal(spacing: 1, [.fixed(3, Fill("L")), .flexible(Fill("R"))])),
      .fixed(1, Fill("S")),
    ])
    #expect(
      screen(view, width: 8, height: 4) == """
        HHHHHHHH
        LLL RRRR
        LLL RRRR
        SSSSSSSS
        """)
    // Too small for the fixed rows: the later ones give way, nothing overflows.
    #expect(screen(view, width: 8, height: 1) == "HHHHHHHH")
  }

  @Test func splitPanes() {
    let horizontal = SplitPane(.horizontal, first: Fill("a"), second: Fill("b"), firstSize: .fixed(2))
    #expect(screen(horizontal, width: 6, height: 2) == "aa│bbb\naa│bbb")
    let vertical = SplitPane(.vertical, first: Fill("a"), second: Fill("b"))
    #expect(screen(vertical, width: 3, height: 5) == "aaa\naaa\n───\nbbb\nbbb")
  }

  @Test func bordersWithTitles() {
    let view = Border(title: "Lists", Text("hi"))
    #expect(
      screen(view, width: 12, height: 4) == """
        ┌─ Lists ──┐
        │hi        │
        │          │
        └──────────┘
        """)
    let styles = draw(view, width: 12, height: 4).styleSnapshot()
    #expect(styles.split(separator: "\n")[0] == "bbtttttttbbb")
    // A title longer than the border is truncated.
    #expect(screen(Border(title: "A very long title"), width: 12, height: 2) == "┌─ A ver… ─┐\n└──────────┘")
    // Too small for a border: just the content.
    #expect(screen(Border(title: "x", Text("abc")), width: 1, height: 1) == "…")
  }

  @Test func tooSmallMessage() {
    let view = MinimumSizeGuard(minimum: Size(width: 40, height: 12), Fill("x"))
    #expect(screen(view, width: 40, height: 12).hasPrefix("xxxx"))
    #expect(
      screen(view, width: 20, height: 5)
        == ["", "Terminal too small:", " 20×5, needs 40×12", "", ""].joined(separator: "\n"))
    #expect(screen(view, width: 3, height: 1) == "Ter")
    #expect(screen(view, width: 0, height: 0) == "")
  }

  @Test func rectangles() {
    let rect = Rect(x: 2, y: 3, width: 10, height: 4)
    #expect(rect.intersection(Rect(x: 0, y: 0, width: 5, height: 5)) == Rect(x: 2, y: 3, width: 3, height: 2))
    #expect(rect.intersection(Rect(x: 50, y: 50, width: 5, height: 5)).isEmpty)
    #expect(rect.inset(by: 3).isEmpty)
    #expect(rect.centered(Size(width: 4, height: 2)) == Rect(x: 5, y: 4, width: 4, height: 2))
    #expect(rect.centered(Size(width: 40, height: 20)) == rect)
    #expect(rect.row(9).isEmpty)
  }
}
