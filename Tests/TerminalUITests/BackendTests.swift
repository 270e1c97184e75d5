import CNCursesW
import Observation
import Testing

@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Back ends")
struct BackendTests {
  @Test func diffFindsChangedRunsOnly() {
    var old = Canvas(size: Size(width: 10, height: 3))
    old.write("hello", at: .zero)
    var new = old
    #expect(CanvasDiff(from: old, to: new).isEmpty)
    new.write("J", at: Point(x: 0, y: 1))
    new.write("xy", at: Point(x: 7, y: 1))
    #expect(
      CanvasDiff(from: old, to: new).runs == [.init(row: 1, columns: 0..<1), .init(row: 1, columns: 7..<9)])
    #expect(CanvasDiff(from: old, to: Canvas(size: Size(width: 4, height: 1))).cellCount == 4)
    #expect(CanvasDiff.full(old).cellCount == 30)
  }

  @Test func diffTakesWholeWideCharacters() {
    var old = Canvas(size: Size(width: 6, height: 1))
    old.write("日本語", at: .zero)
    var new = old
    new.write("本", at: Point(x: 2, y: 0))
    new.restyle(Rect(x: 3, y: 0, width: 1, height: 1), to: .accent)
    #expect(CanvasDiff(from: old, to: new).runs == [.init(row: 0, columns: 2..<4)])
  }

  @Test func colourPairsAreCachedAndLimited() {
    var cache = ColorPairCache(capacity: 3)
    var created: [Int16] = []
    func pair(_ foreground: Int16, _ background: Int16) -> Int16 {
      cache.pair(foreground: foreground, background: background) { pair, _, _ in
        created.append(pair)
        return true
      }
    }
    #expect(pair(-1, -1) == 0)
    #expect(pair(1, -1) == 1)
    #expect(pair(2, -1) == 2)
    #expect(pair(1, -1) == 1)
    #expect(pair(3, -1) == 0)  // out of pairs: the default colours
    #expect(created == [1, 2])
    cache.reset()
    #expect(pair(3, -1) == 1)
  }

  @Test func glyphsMatchTheCanvasWidth() {
    #expect(CursesGlyph("a") == CursesGlyph(scalars: [0x61], width: 1))
    #expect(CursesGlyph("日") == CursesGlyph(scalars: [0x65E5], width: 2))
    #expect(CursesGlyph("e\u{301}") == CursesGlyph(scalars: [0x65, 0x301], width: 1))
    // A family emoji keeps its first person; the joiner is not left dangling.
    #expect(CursesGlyph("👩‍👩‍👧") == CursesGlyph(scalars: [0x1F469], width: 2))
    // A flag is narrower for ncurses than for the canvas, and is padded when drawn.
    #expect(CursesGlyph("🇫🇷").width == 1)
    #expect(CursesGlyph("❤️") == CursesGlyph(scalars: [0x2764], width: 1))
  }

  @Test func mouseReports() {
    let click = MouseEvent.fromCurses(state: cncurses_button_pressed(1), x: 3, y: 4)
    #expect(click == MouseEvent(.press(button: 1), at: Point(x: 3, y: 4)))
    let wheel = MouseEvent.fromCurses(state: cncurses_button_pressed(5) | cncurses_button_ctrl(), x: 0, y: 0)
    #expect(wheel == MouseEvent(.wheelDown, at: .zero, modifiers: .control))
    #expect(MouseEvent.fromCurses(state: 0, x: 0, y: 0) == nil)
  }

  @Test func keysEncodeToWhatTheDecoderReads() {
    let keys: [KeyPress] = [
      KeyPress("a"), KeyPress("日"), .control("a"), .alt("f"), KeyPress("x", modifiers: [.control, .alt]),
      .enter, .tab,
      .backTab, .backspace, .up, .pageDown, .delete, KeyPress(.function(5)),
      KeyPress(.up, modifiers: .control),
      KeyPress(.function(2), modifiers: .shift), .control(" "),
    ]
    for key in keys {
      var decoder = InputDecoder()
      #expect(decoder.decode(key.rawInput) == [.key(key)], "\(key)")
    }
    var decoder = InputDecoder()
    #expect(decoder.decode(KeyPress.escape.rawInput) == [])
    #expect(decoder.escapeDelayElapsed() == [.key(.escape)])
  }

  @MainActor @Test func refusingToStartWithoutATerminal() throws {
    guard isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 else { return }
    #expect(throws: TerminalError.notATerminal) { _ = try CursesTerminal() }
    #expect(TerminalError.notATerminal.description.contains("terminal"))
  }
}
