import CNCursesW
import Testing

@testable import TerminalUI

@Suite("Decoding get_wch input into key events")
struct InputDecoderTests {
  /// Decodes text sent as characters, one get_wch result per scalar.
  private func decode(_ text: String, decoder: inout InputDecoder) -> [KeyEvent] {
    decoder.decode(text.unicodeScalars.map { RawInput.character($0.value) })
  }

  private func decode(_ text: String) -> [KeyEvent] {
    var decoder = InputDecoder()
    return decode(text, decoder: &decoder)
  }

  @Test func textIncludingWideAndCombiningCharacters() {
    #expect(
      decode("aZ日😀") == [
        .key(KeyPress("a")), .key(KeyPress("Z")), .key(KeyPress("日")), .key(KeyPress("😀")),
      ])
    #expect(decode("e\u{301}x") == [.key(KeyPress("e\u{301}")), .key(KeyPress("x"))])
  }

  @Test func enterTabAndEveryBackspace() {
    #expect(decode("\r\n\t") == [.key(.enter), .key(.enter), .key(.tab)])
    #expect(decode("\u{7F}\u{8}") == [.key(.backspace), .key(.backspace)])
    var decoder = InputDecoder()
    #expect(decoder.decode(.keyCode(KEY_BACKSPACE)) == [.key(.backspace)])
    #expect(decoder.decode(.keyCode(KEY_ENTER)) == [.key(.enter)])
  }

  @Test func controlLetters() {
    #expect(decode("\u{1}\u{5}\u{17}") == [.key(.control("a")), .key(.control("e")), .key(.control("w"))])
    #expect(decode("\u{0}") == [.key(.control(" "))])
    #expect(decode("\u{1F}") == [.key(.control("_"))])
    #expect(KeyPress.control("A") == KeyPress.control("a"))
  }

  @Test func cursesKeyCodes() {
    var decoder = InputDecoder()
    let codes = [
      KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_HOME, KEY_END, KEY_PPAGE, KEY_NPAGE, KEY_IC, KEY_DC,
      KEY_BTAB,
    ]
    #expect(
      decoder.decode(codes.map(RawInput.keyCode)) == [
        .key(.up), .key(.down), .key(.left), .key(.right), .key(.home), .key(.end), .key(.pageUp),
        .key(.pageDown), .key(.insert), .key(.delete), .key(.backTab),
      ])
    #expect(decoder.decode(.keyCode(cncurses_key_f(1))) == [.key(KeyPress(.function(1)))])
    #expect(decoder.decode(.keyCode(cncurses_key_f(12))) == [.key(KeyPress(.function(12)))])
    #expect(decoder.decode(.keyCode(cncurses_key_f(14))) == [.key(KeyPress(.function(2), modifiers: .shift))])
    #expect(decoder.decode(.keyCode(KEY_RESIZE)) == [.resize])
    #expect(decoder.decode(.namedKey("kUP5")) == [.key(KeyPress(.up, modifiers: .control))])
    #expect(decoder.decode(.namedKey("kRIT3")) == [.key(KeyPress(.right, modifiers: .alt))])
  }

  @Test func unknownInputIsDropped() {
    var decoder = InputDecoder()
    #expect(decoder.decode([.keyCode(9999), .keyCode(-1), .namedKey("kWHAT5"), .namedKey("")]) == [])
    #expect(decoder.decode([.character(0xD800), .character(0x110000), .character(0x85)]) == [])
    #expect(decoder.decode(.character(0x61)) == [.key(KeyPress("a"))])
  }

  @Test func escapeAloneNeedsTheDelay() {
    var decoder = InputDecoder()
    #expect(decode("\u{1B}", decoder: &decoder) == [])
    #expect(decoder.isHoldingEscape)
    #expect(decoder.escapeDelayElapsed() == [.key(.escape)])
    #expect(!decoder.isHoldingEscape)
    #expect(decoder.escapeDelayElapsed() == [])
  }

  @Test func altIsEscapeFollowedByAKey() {
    #expect(decode("\u{1B}b\u{1B}f") == [.key(.alt("b")), .key(.alt("f"))])
    #expect(decode("\u{1B}\u{7F}") == [.key(KeyPress(.backspace, modifiers: .alt))])
    #expect(decode("\u{1B}\u{1}") == [.key(KeyPress("a", modifiers: [.control, .alt]))])
    var decoder = InputDecoder()
    #expect(decode("\u{1B}\u{1B}", decoder: &decoder) == [.key(.escape)])
    #expect(decoder.escapeDelayElapsed() == [.key(.escape)])
  }

  @Test func rawEscapeSequences() {
    #expect(
      decode("\u{1B}[A\u{1B}[1;5C\u{1B}OP\u{1B}[3~\u{1B}[15;2~") == [
        .key(.up), .key(KeyPress(.right, modifiers: .control)), .key(KeyPress(.function(1))),
        .key(.delete), .key(KeyPress(.function(5), modifiers: .shift)),
      ])
    #expect(decode("\u{1B}[Z") == [.key(.backTab)])
    #expect(decode("\u{1B}[97;5u") == [.key(.control("a"))])
    // Unknown sequences vanish instead of typing their bytes.
    #expect(decode("\u{1B}[?1;2cX") == [.key(KeyPress("X"))])
  }

  @Test func unfinishedSequencesAreTheKeysTyped() {
    var decoder = InputDecoder()
    #expect(decode("\u{1B}[2", decoder: &decoder) == [])
    #expect(decoder.escapeDelayElapsed() == [.key(.alt("[")), .key(KeyPress("2"))])
    #expect(decode("\u{1B}O", decoder: &decoder) == [])
    #expect(decoder.escapeDelayElapsed() == [.key(KeyPress("O", modifiers: .alt))])
    // A control character inside a sequence ends it and is read afresh.
    #expect(decode("\u{1B}[1\r", decoder: &decoder) == [.key(.enter)])
  }

  @Test func bracketedPasteIsOneEvent() {
    let events = decode("x\u{1B}[200~hello\r\nworld g g\u{1B}[A\u{1B}[201~y")
    #expect(events == [.key(KeyPress("x")), .paste("hello\nworld g g\u{1B}[A"), .key(KeyPress("y"))])
  }

  @Test func pasteSpanningBatchesAndDelays() {
    var decoder = InputDecoder()
    #expect(decode("\u{1B}[200~日本", decoder: &decoder) == [])
    #expect(decoder.isInPaste)
    #expect(decoder.escapeDelayElapsed() == [])
    #expect(decode("語\r", decoder: &decoder) == [])
    #expect(decode("\u{1B}[201~", decoder: &decoder) == [.paste("日本語\n")])
  }

  @Test func mouseEventsPassThrough() {
    var decoder = InputDecoder()
    let click = MouseEvent(.click(button: 1), at: Point(x: 3, y: 4))
    #expect(decoder.decode(.mouse(click)) == [.mouse(click)])
  }
}

@Suite("Key notation and keymaps")
struct KeymapTests {
  enum Action: Equatable, Sendable {
    case down, up, top, bottom, quit, insert, delete
  }

  @Test func notation() {
    #expect(KeyPress(notation: "ctrl-a") == .control("a"))
    #expect(KeyPress(notation: "C-A") == .control("a"))
    #expect(KeyPress(notation: "alt-f") == .alt("f"))
    #expect(KeyPress(notation: "shift-tab") == .backTab)
    #expect(KeyPress(notation: "G") == KeyPress("G"))
    #expect(KeyPress(notation: "pgdn") == .pageDown)
    #expect(KeyPress(notation: "f5") == KeyPress(.function(5)))
    #expect(KeyPress(notation: "-") == KeyPress("-"))
    #expect(KeyPress(notation: "ctrl--") == KeyPress("-", modifiers: .control))
    #expect(KeyPress(notation: "space") == KeyPress(" "))
    #expect(KeyPress(notation: "bogus") == nil)
    #expect(KeyPress(notation: "hyper-a") == nil)
    #expect(KeyPress(notation: "") == nil)
    #expect(KeySequence(notation: "g g")?.keys == [KeyPress("g"), KeyPress("g")])
    #expect(KeySequence(notation: "  ") == nil)
    for text in ["ctrl-a", "alt-f", "shift-tab", "G", "space", "pgdn", "f12", "ctrl-alt-x", "enter"] {
      #expect(KeyPress(notation: text)?.description == text)
    }
  }

  private var keymap: Keymap<Action> {
    Keymap([
      KeyBinding("j", .down, "Move down", section: "Move"),
      KeyBinding("down", .down, "Move down", section: "Move"),
      KeyBinding("k", .up, "Move up", section: "Move"),
      KeyBinding("g g", .top, "Go to the top", section: "Move"),
      KeyBinding("G", .bottom, "Go to the bottom", section: "Move"),
      KeyBinding("q", .quit, "Quit"),
      KeyBinding("i", .insert, "Insert", mode: "normal"),
      KeyBinding("d d", .delete, "Delete", mode: "normal"),
      KeyBinding("ctrl-w", .delete, "Delete a word", mode: "insert"),
    ])
  }

  @Test func singleKeysAndChords() {
    var keymap = self.keymap
    guard case .action(.down) = keymap.handle(KeyPress("j")) else { Issue.record("j"); return }
    guard case .pending(let sequence) = keymap.handle(KeyPress("g")) else { Issue.record("g"); return }
    #expect(sequence.description == "g")
    #expect(keymap.pending == [KeyPress("g")])
    guard case .action(.top) = keymap.handle(KeyPress("g")) else { Issue.record("g g"); return }
    #expect(keymap.pending.isEmpty)
  }

  @Test func aBrokenChordReadsTheKeyAfresh() {
    var keymap = self.keymap
    _ = keymap.handle(KeyPress("g"))
    guard case .action(.down) = keymap.handle(KeyPress("j")) else { Issue.record("g j"); return }
    _ = keymap.handle(KeyPress("g"))
    guard case .unbound(let key) = keymap.handle(KeyPress("x")) else { Issue.record("g x"); return }
    #expect(key == KeyPress("x"))
    #expect(keymap.pending.isEmpty)
  }

  @Test func modes() {
    var keymap = self.keymap
    guard case .unbound = keymap.handle(KeyPress("i")) else { Issue.record("i outside normal"); return }
    guard case .action(.insert) = keymap.handle(KeyPress("i"), mode: "normal") else {
      Issue.record("i in normal")
      return
    }
    guard case .pending = keymap.handle(KeyPress("d"), mode: "normal") else { Issue.record("d"); return }
    guard case .action(.delete) = keymap.handle(KeyPress("d"), mode: "normal") else {
      Issue.record("d d")
      return
    }
    guard case .action(.quit) = keymap.handle(KeyPress("q"), mode: "insert") else {
      Issue.record("global binding in a mode")
      return
    }
  }

  @Test func helpContent() {
    let sections = keymap.helpSections(mode: "normal")
    #expect(sections.map(\.title) == ["Keys", "Move"])
    #expect(sections[0].entries.map(\.description) == ["Insert", "Delete", "Quit"])
    #expect(sections[1].entries[0] == HelpEntry(keys: ["j", "down"], description: "Move down"))
    #expect(sections[1].entries.contains(HelpEntry(keys: ["g g"], description: "Go to the top")))
    #expect(!keymap.helpSections(mode: "insert")[0].entries.contains { $0.description == "Insert" })
  }
}

@Suite("Mouse reports passed through as escape sequences")
struct SGRMouseTests {
  private func decode(_ text: String) -> [KeyEvent] {
    var decoder = InputDecoder()
    return decoder.decode(text.unicodeScalars.map { RawInput.character($0.value) })
  }

  @Test func pressesReleasesAndTheWheel() {
    #expect(decode("\u{1B}[<0;6;3M") == [.mouse(MouseEvent(.press(button: 1), at: Point(x: 5, y: 2)))])
    #expect(decode("\u{1B}[<2;1;1m") == [.mouse(MouseEvent(.release(button: 3), at: .zero))])
    #expect(decode("\u{1B}[<64;10;4M") == [.mouse(MouseEvent(.wheelUp, at: Point(x: 9, y: 3)))])
    #expect(decode("\u{1B}[<81;1;1M") == [.mouse(MouseEvent(.wheelDown, at: .zero, modifiers: .control))])
  }

  @Test func motionAndMalformedReportsAreDropped() {
    #expect(decode("\u{1B}[<35;6;3M") == [])
    #expect(decode("\u{1B}[<0;6M") == [])
    #expect(decode("\u{1B}[<1;2;3;4M") == [])
    #expect(decode("\u{1B}[<3;1;1M") == [])
  }
}
