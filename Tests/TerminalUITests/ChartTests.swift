import Testing

@testable import TerminalUI

/// Charts in blocks and braille where the terminal has colours, and in ASCII where it has few or
/// none.
@Suite struct ChartTests {
  func draw(_ view: some View, width: Int, height: Int, depth: ColorDepth) -> String {
    var canvas = Canvas(size: Size(width: width, height: height))
    canvas.colorDepth = depth
    canvas.render(view)
    return canvas.textSnapshot()
  }

  let bars = [
    BarChart.Bar(label: "M", value: 0), BarChart.Bar(label: "T", value: 2),
    BarChart.Bar(label: "W", value: 8),
    BarChart.Bar(label: "T", value: 5),
  ]

  @Test func barsScaleToTheLargestToAnEighthOfACell() {
    #expect(
      draw(BarChart(bars), width: 8, height: 6, depth: .indexed256) == """
            8
            █ 5
            █ ▄
          2 █ █
          █ █ █
        M T W T
        """)
  }

  @Test func barsInPlainTerminalsAreHashes() {
    let plain = draw(BarChart(bars), width: 8, height: 6, depth: .monochrome)
    #expect(
      plain == """
            8
            # 5
            # #
          2 # #
          # # #
        M T W T
        """)
    // Eight colours are too few to tell bars by colour alone: the same.
    #expect(draw(BarChart(bars), width: 8, height: 6, depth: .eight) == plain)
  }

  @Test func metersShowTheFractionAndItsPercentage() {
    #expect(draw(Meter(fraction: 0.5), width: 15, height: 1, depth: .indexed256) == "█████·····  50%")
    #expect(draw(Meter(fraction: 0.55), width: 15, height: 1, depth: .indexed256) == "█████▌····  55%")
    #expect(draw(Meter(fraction: 1.2), width: 15, height: 1, depth: .indexed256) == "██████████ 100%")
    #expect(draw(Meter(fraction: 0.5), width: 15, height: 1, depth: .monochrome) == "[####----]  50%")
    #expect(draw(Meter(fraction: .nan), width: 15, height: 1, depth: .monochrome) == "[--------]   0%")
  }

  @Test func bigNumbersInHalfBlocksOrDigits() {
    #expect(
      draw(BigNumber(1209, caption: "overdue"), width: 16, height: 4, depth: .indexed256) == """
        ▀█  ▀▀█ █▀█ █▀█
         █  █▀▀ █ █ ▀▀█
        ▄█▄ █▄▄ █▄█ ▄▄█
        overdue
        """)
    #expect(
      draw(BigNumber(1209, caption: "overdue"), width: 16, height: 4, depth: .monochrome)
        == "1209\noverdue\n\n")
    // Too narrow for the big digits: plain ones, on the big digits' middle row, the caption
    // under where they would be, in line with its neighbours'.
    #expect(
      draw(BigNumber(1209, caption: "due"), width: 10, height: 4, depth: .indexed256) == "\n1209\n\ndue")
    // On one row, the number and its caption side by side, the caption cut to the width.
    #expect(draw(BigNumber(12, caption: "overdue"), width: 16, height: 1, depth: .indexed256) == "12 overdue")
    #expect(draw(BigNumber(12, caption: "scheduled"), width: 9, height: 1, depth: .monochrome) == "12 sche…")
    // Side by side, a caption stops a column before the next number.
    #expect(
      draw(
        Stack.horizontal([
          .fixed(8, BigNumber(7, caption: "scheduled")), .fixed(8, BigNumber(123_457, caption: "overdue")),
        ]), width: 16, height: 4, depth: .indexed256)
        == "▀▀█\n  █     123457\n  █\nschedu… overdue")
  }

  @Test func sparklinesPutTwoValuesInABrailleCell() {
    let line = Sparkline([0, 4, 8, 2, 1])
    #expect(line.glyphs(plain: false).count == 3)
    #expect(String(line.glyphs(plain: false)) == "\u{28A0}\u{28C7}\u{2840}")
    #expect(String(line.glyphs(plain: true)) == " :|..")
    #expect(draw(line, width: 5, height: 1, depth: .monochrome) == " :|..")
  }
}
