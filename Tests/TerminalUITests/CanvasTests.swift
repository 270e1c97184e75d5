import Testing

@testable import TerminalUI

@Suite("Canvas of cells")
struct CanvasTests {
  @Test func writesAndClipsAtTheEdge() {
    var canvas = Canvas(size: Size(width: 6, height: 2))
    let end = canvas.write("hello world", at: Point(x: 1, y: 0))
    #expect(end == 6)
    canvas.write("far away", at: Point(x: 0, y: 5))
    canvas.write("neg", at: Point(x: -2, y: 1))
    #expect(canvas.textSnapshot() == " hello\ng")
  }

  @Test func wideCharactersTakeTwoCells() {
    var canvas = Canvas(size: Size(width: 6, height: 1))
    canvas.write("日本a", at: .zero)
    #expect(canvas[x: 0, y: 0].width == 2)
    #expect(canvas[x: 1, y: 0].isContinuation)
    #expect(canvas[x: 4, y: 0].grapheme == "a")
    #expect(canvas.textSnapshot() == "日本a")
  }

  @Test func aWideCharacterThatDoesNotFitBecomesASpace() {
    var canvas = Canvas(size: Size(width: 5, height: 1))
    canvas.write("ab日本", at: .zero)
    #expect(canvas.textSnapshot(trimmingTrailingSpaces: false) == "ab日 ")
    var clipped = Canvas(size: Size(width: 8, height: 1))
    clipped.write("xxxxxxxx", at: .zero)
    clipped.write("日本語", at: Point(x: 1, y: 0), clip: Rect(x: 2, y: 0, width: 4, height: 1))
    // 日 straddles the left edge, 本 fits, 語 straddles the right edge.
    #expect(clipped.textSnapshot() == "xx 本 xx")
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var canvas = Canvas(size: Size(width: 4, height: 1))
    canvas.write("日本", at: .zero)
    canvas.put("x", x: 1, y: 0)
    #expect(canvas.textSnapshot() == " x本")
    canvas.put("y", x: 2, y: 0)
    #expect(canvas.textSnapshot() == " xy")
    #expect(!canvas[x: 3, y: 0].isContinuation)
    canvas.write("語", at: Point(x: 1, y: 0))
    #expect(canvas.textSnapshot() == " 語")
  }

  @Test func controlCharactersAndZeroWidthGraphemesAreSafe() {
    var canvas = Canvas(size: Size(width: 8, height: 1))
    canvas.write("a\u{1B}[2Jb\tc\u{301}", at: .zero)
    #expect(canvas.textSnapshot() == "a\u{FFFD}[2Jb c\u{301}")
    canvas.write("\u{200B}\u{301}q", at: .zero)
    #expect(canvas.textSnapshot().hasPrefix("q"))
  }

  @Test func combiningMarksStayWithTheirBase() {
    var canvas = Canvas(size: Size(width: 4, height: 1))
    canvas.write("e\u{301}x", at: .zero)
    #expect(canvas[x: 0, y: 0].grapheme == "e\u{301}")
    #expect(canvas[x: 1, y: 0].grapheme == "x")
  }

  @Test func fillsAndStyleSnapshots() {
    var canvas = Canvas(size: Size(width: 5, height: 3))
    canvas.fill(Rect(x: 0, y: 0, width: 5, height: 1), style: .statusBar)
    canvas.write("ok", at: Point(x: 1, y: 1), style: .success)
    canvas.write("日", at: Point(x: 3, y: 2), style: .error)
    canvas.write("x", at: Point(x: 0, y: 2), style: Style(foreground: RGB(0x4A99EF)))
    #expect(
      canvas.styleSnapshot() == """
        SSSSS
        .++..
        c..ee
        """)
    canvas.restyle(Rect(x: 0, y: 1, width: 5, height: 1), to: .selection)
    #expect(canvas.styleSnapshot().split(separator: "\n")[1] == "sssss")
  }

  @Test func outOfRangeAccessIsHarmless() {
    var canvas = Canvas(size: Size(width: 0, height: 0))
    canvas.write("x", at: Point(x: 3, y: 3))
    canvas.fill(Rect(x: -5, y: -5, width: 100, height: 100))
    #expect(canvas[x: 10, y: 10] == .blank)
    #expect(canvas.textSnapshot() == "")
  }
}

@Suite("Themes and colours")
struct ThemeTests {
  @Test func hexColours() {
    #expect(RGB(hex: "#4a99ef") == RGB(red: 0x4A, green: 0x99, blue: 0xEF))
    #expect(RGB(hex: "fff") == RGB(0xFFFFFF))
    #expect(RGB(hex: "#12345") == nil)
    #expect(RGB(hex: "zzzzzz") == nil)
    #expect(RGB(hex: "+12345") == nil)
    #expect(RGB(0x4A99EF).description == "#4a99ef")
  }

  @Test func colourDepthFromTheTerminalAndNoColor() {
    #expect(ColorDepth.detect(colors: 256, environment: [:]) == .indexed256)
    #expect(ColorDepth.detect(colors: 16, environment: [:]) == .sixteen)
    #expect(ColorDepth.detect(colors: 8, environment: [:]) == .eight)
    #expect(ColorDepth.detect(colors: 0, environment: [:]) == .monochrome)
    #expect(ColorDepth.detect(colors: 256, environment: ["NO_COLOR": "1"]) == .monochrome)
    #expect(ColorDepth.detect(colors: 256, environment: ["NO_COLOR": ""]) == .indexed256)
  }

  @Test func rgbMapsToTheNearestColour() {
    let blue = ThemeColor.rgb(RGB(0x4A99EF))
    #expect(blue.index(at: .indexed256) == 69)  // #5f87ff in the colour cube
    #expect(blue.index(at: .sixteen) == 12)
    #expect(blue.index(at: .eight) == 4 || blue.index(at: .eight) == 6)
    #expect(ThemeColor.rgb(RGB(0x808080)).index(at: .indexed256) == 244)
    #expect(ThemeColor.rgb(RGB(0xFF0000)).index(at: .indexed256) == 196)
    #expect(ThemeColor.ansi(9).index(at: .eight) == 1)
    #expect(ThemeColor.ansi(9).index(at: .monochrome) == -1)
  }

  /// With eight colours, bright black would be black: invisible on the usual dark background.
  @Test func greyTextOnEightColoursIsTheDefaultColourDimmed() {
    for style in [Style.dim, .border] {
      let grey = Theme.standard.resolve(style, depth: .eight)
      #expect(grey.foreground == -1)
      #expect(grey.attributes.contains(.dim))
    }
    #expect(Theme.standard.resolve(.dim, depth: .sixteen).foreground == 8)
    #expect(ThemeColor.black.index(at: .eight) == 0)
  }

  @Test func rolesResolvePerDepthKeepingTheDefaultBackground() {
    let theme = Theme.standard
    let normal = theme.resolve(.normal, depth: .indexed256)
    #expect(normal == ResolvedStyle(foreground: -1, background: -1, attributes: []))
    let error = theme.resolve(.error, depth: .sixteen)
    #expect(error.foreground == 1 && error.background == -1 && error.attributes.contains(.bold))
    let selection = theme.resolve(.selection, depth: .monochrome)
    #expect(selection == ResolvedStyle(attributes: .reverse))
    let item = theme.resolve(Style(foreground: RGB(0x4A99EF)), depth: .indexed256)
    #expect(item.foreground == 69 && item.background == -1)
    let itemWithoutColour = theme.resolve(Style(foreground: RGB(0x4A99EF)), depth: .monochrome)
    #expect(itemWithoutColour == .plain)
  }
}
