import Observation
import Testing

@testable import TerminalUI

/// Shared state that changes from outside the application (as database deliveries do).
@Observable
final class Counters: @unchecked Sendable {
  var names: [String] = ["apples", "pears"]
  var counts: [String: Int] = [:]
}

/// A small application: a list of counters, an input line to add one, and a help overlay.
@MainActor
final class CounterApp: Application {
  enum Action: Sendable {
    case increment, add, help, quit
  }

  let model: Counters
  var list = ListState<String>()
  var field = TextFieldState()
  var isEditing = false
  var showsHelp = false
  var keymap = Keymap<Action>([
    KeyBinding("+", .increment, "Count the selected item"),
    KeyBinding("a", .add, "Add an item"),
    KeyBinding("?", .help, "Show help"),
    KeyBinding("q", .quit, "Quit"),
  ])

  init(model: Counters) {
    self.model = model
  }

  struct Source: ListDataSource {
    var names: [String]
    var counts: [String: Int]
    var count: Int { names.count }
    func id(at index: Int) -> String { names[index] }
    func index(of id: String) -> Int? { names.firstIndex(of: id) }
    func rows(in range: Range<Int>) -> [ListRow] {
      names[range].map { ListRow($0, detail: String(counts[$0, default: 0])) }
    }
  }

  var source: Source { Source(names: model.names, counts: model.counts) }

  func render(into canvas: inout Canvas) {
    let content = Stack.vertical([
      .flexible(Border(title: "Counters", List(source, state: list, isFocused: !isEditing))),
      .fixed(
        1, isEditing ? TextField(field, hint: "name") : Text("a add, + count, q quit", style: .dim)),
    ])
    canvas.render(MinimumSizeGuard(minimum: Size(width: 20, height: 6), content))
    if showsHelp { canvas.render(HelpOverlay(sections: keymap.helpSections())) }
  }

  func handle(_ event: KeyEvent) -> EventResult {
    if showsHelp {
      showsHelp = false
      return .handled
    }
    if isEditing {
      if case .key(.enter) = event {
        model.names.append(field.text)
        field = TextFieldState()
        isEditing = false
        return .handled
      }
      if case .key(.escape) = event {
        isEditing = false
        return .handled
      }
      return field.handle(event) ? .handled : .ignored
    }
    guard case .key(let key) = event else { return .ignored }
    if list.handle(key, in: source, height: 10) { return .handled }
    switch keymap.handle(key) {
    case .action(.increment):
      if let name = list.selection ?? model.names.first { model.counts[name, default: 0] += 1 }
      return .handled
    case .action(.add):
      isEditing = true
      return .handled
    case .action(.help):
      showsHelp = true
      return .handled
    case .action(.quit):
      return .quit
    case .pending:
      return .handled
    case .unbound:
      return .ignored
    }
  }
}

@MainActor
@Suite("Applications on the headless terminal")
struct HeadlessDriverTests {
  @Test func typingNavigatingAndCounting() {
    let driver = HeadlessDriver(CounterApp(model: Counters()), size: Size(width: 24, height: 6))
    #expect(
      driver.screenText == """
        ┌─ Counters ───────────┐
        │apples               0│
        │pears                0│
        │                      │
        └──────────────────────┘
        a add, + count, q quit
        """)
    driver.press("j + +")
    driver.press("a")
    driver.type("plums 日本")
    #expect(driver.cursor == Point(x: 10, y: 5))
    driver.press("ctrl-w")
    driver.type("kiwis")
    driver.press("enter")
    driver.press("G +")
    #expect(
      driver.screenText == """
        ┌─ Counters ───────────┐
        │apples               0│
        │pears                2│
        │plums kiwis          1│
        └──────────────────────┘
        a add, + count, q quit
        """)
    #expect(driver.screenStyles.split(separator: "\n")[3] == "bssssssssssssssssssssssb")
    #expect(driver.cursor == nil)
  }

  @Test func pasteArrivesAsOneEdit() {
    let driver = HeadlessDriver(CounterApp(model: Counters()), size: Size(width: 24, height: 6))
    driver.press("a")
    driver.paste("q + a\nline")
    #expect(driver.screenText.hasSuffix("q + a line"))
    #expect(!driver.isFinished)
  }

  @Test func helpOverlayAndEscape() {
    let driver = HeadlessDriver(CounterApp(model: Counters()), size: Size(width: 40, height: 10))
    driver.press("?")
    #expect(driver.screenText.contains("Count the selected item"))
    driver.press("esc")
    #expect(!driver.screenText.contains("Count the selected item"))
  }

  @Test func resizingToTooSmallAndBack() {
    let driver = HeadlessDriver(CounterApp(model: Counters()), size: Size(width: 24, height: 6))
    let original = driver.screenText
    driver.resize(to: Size(width: 12, height: 3))
    #expect(driver.screenText == "Terminal too\nsmall: 12×3,\n needs 20×6")
    driver.resize(to: Size(width: 24, height: 6))
    #expect(driver.screenText == original)
  }

  @Test func onlyChangesAreRedrawn() {
    let driver = HeadlessDriver(CounterApp(model: Counters()), size: Size(width: 24, height: 6))
    let frames = driver.host.renderCount
    driver.press("x")  // ignored: nothing to draw
    #expect(driver.host.renderCount == frames)
    driver.press("+")
    #expect(driver.host.renderCount == frames + 1)
    #expect(driver.terminal.lastChangedCellCount == 1)
  }

  @Test func quitAndTheStandardControlKeys() {
    let driver = HeadlessDriver(CounterApp(model: Counters()), size: Size(width: 24, height: 6))
    driver.press("ctrl-z")
    #expect(driver.suspendRequests == 1)
    #expect(!driver.isFinished)
    driver.press("ctrl-c")
    #expect(driver.isFinished)
    let quitting = HeadlessDriver(CounterApp(model: Counters()), size: Size(width: 24, height: 6))
    quitting.press("q")
    #expect(quitting.isFinished)
  }

  @Test func changesToObservedValuesRedrawByThemselves() async {
    let model = Counters()
    let driver = HeadlessDriver(CounterApp(model: model), size: Size(width: 24, height: 6))
    // A change made on another thread, as a database delivery would be.
    await Task.detached { model.names.insert("cherries", at: 0) }.value
    await driver.waitForRedraw()
    #expect(driver.screenText.split(separator: "\n")[1] == "│cherries             0│")
    // The tracking is re-armed after each frame.
    await Task.detached { model.counts["pears"] = 7 }.value
    await driver.waitForRedraw()
    #expect(driver.screenText.split(separator: "\n")[3] == "│pears                7│")
  }

  @Test func tinyTerminalsNeverCrash() {
    for size in [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 3, height: 2)] {
      let driver = HeadlessDriver(CounterApp(model: Counters()), size: size)
      driver.press("j G g g ? esc a")
      driver.type("日本語😀e\u{301}")
      driver.press("enter")
      #expect(driver.terminal.screen.size == size)
    }
  }
}
