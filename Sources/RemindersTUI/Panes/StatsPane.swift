import Foundation
import RemindersKit
import TerminalUI

/// The stats screen: four figures in big digits, completions per day over two weeks as bars (a
/// braille line when there is no room), each list's completion rate, and the tags used most. Drawn
/// from the request's value alone.
struct StatsPane: View {
  var value: StatsScreenRequest.Value
  /// The day labels under the bars: each day's weekday initial.
  var dayLabels: [String]
  /// The first list whose rate shows, when they do not all fit (j and k scroll them).
  var listOffset: Int
  var isFocused: Bool

  init(
    value: StatsScreenRequest.Value, calendar: Calendar, timeZone: TimeZone, listOffset: Int = 0,
    isFocused: Bool
  ) {
    self.value = value
    self.listOffset = listOffset
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.calendar = calendar
    formatter.timeZone = timeZone
    formatter.dateFormat = "EEEEE"
    dayLabels = value.days.map { formatter.string(from: $0.start) }
    self.isFocused = isFocused
  }

  /// How the pane's rows are shared out, from its height inside the border.
  struct Layout: Equatable {
    /// The figures' rows: 4 for big digits, 1 for a line of numbers.
    var figures: Int
    /// Whether an empty row separates the sections.
    var gaps: Bool
    var chart: Int
    var lists: Int
  }

  /// Big figures and gaps while they leave a bar chart and the first three lists (and the line
  /// counting the rest); then a line of figures; then no gaps either: the bars go last. The chart
  /// and the lists share what is left (see ``rows(available:lists:)``).
  static func layout(height: Int, lists count: Int) -> Layout {
    let wanted = BarChart.minimumHeight + min(count, 3) + (count > 3 ? 1 : 0)
    var layout = Layout(figures: 4, gaps: true, chart: 0, lists: 0)
    // Besides the figures: the headings of the chart and the lists, the tags, and three gaps.
    func available() -> Int { height - layout.figures - 3 - (layout.gaps ? 3 : 0) }
    if available() < wanted { layout.figures = 1 }
    if available() < wanted { layout.gaps = false }
    (layout.chart, layout.lists) = rows(available: available(), lists: count)
    return layout
  }

  func render(in rect: Rect, on canvas: inout Canvas) {
    let layout = Self.layout(height: rect.height - 2, lists: value.lists.count)
    let (chartRows, listRows) = (layout.chart, layout.lists)
    let completed = value.completedInPeriod
    let gap: [Stack.Item] = layout.gaps ? [.fixed(1, EmptyView())] : []
    var items: [Stack.Item] =
      [.fixed(layout.figures, layout.figures == 1 ? figureLine : figures)] + gap + [
        .fixed(
          1,
          Line(
            StyledText("Completed, last \(value.days.count) days", style: .title)
              + StyledText(" · \(completed) in all", style: .dim)))
      ]
    if chartRows >= BarChart.minimumHeight {
      items.append(
        .fixed(
          chartRows,
          BarChart(
            zip(value.days, dayLabels).map { BarChart.Bar(label: $1, value: $0.completed) }, style: .success))
      )
    } else {
      items.append(.fixed(1, Sparkline(value.days.map(\.completed), style: .success)))
    }
    items += gap
    items.append(.fixed(1, Line(StyledText("Completion by list", style: .title))))
    // Inside the border and the padding; a narrow pane gives the names less room, not the meters.
    let titleWidth = min(18, max(8, (rect.width - 4 - 14) / 2))
    let offset = min(listOffset, Self.maxListOffset(height: rect.height - 2, lists: value.lists.count))
    for list in value.lists.dropFirst(offset).prefix(listRows) {
      items.append(
        .fixed(
          1,
          Stack.horizontal([
            .fixed(2, Text("●", style: .item(list.color))),
            .fixed(titleWidth, Text(list.title.isEmpty ? "Untitled" : list.title, overflow: .truncate)),
            .flexible(Meter(fraction: list.fraction, style: .item(list.color))),
            .fixed(12, Text(" \(list.completed)/\(list.total)", style: .dim, overflow: .truncate)),
          ])))
    }
    if value.lists.count > listRows {
      let more =
        listRows == 0
        ? "\(value.lists.count) lists: a taller window shows them"
        : offset == 0
          ? "  and \(value.lists.count - listRows) more (j/k scroll)"
          : "  \(offset + 1)–\(offset + listRows) of \(value.lists.count) (j/k scroll)"
      items.append(.fixed(1, Text(more, style: .dim, overflow: .truncate)))
    }
    items += gap
    var tags = StyledText("Most-used tags  ", style: .title)
    if value.tags.isEmpty { tags.append("none yet", style: .dim) }
    for (index, usage) in value.tags.enumerated() {
      if index > 0 { tags.append("  ") }
      tags.append("#" + usage.tag.title, style: .accent)
      tags.append(" \(usage.remindersCount)", style: .dim)
    }
    items.append(.fixed(1, Line(tags)))
    Border(title: "Stats", style: isFocused ? .accent : .border, Pad(Stack.vertical(items)))
      .render(in: rect, on: &canvas)
  }

  /// The most lists that scrolling can pass over at this height: those that do not fit.
  static func maxListOffset(height: Int, lists count: Int) -> Int {
    let shown = layout(height: height, lists: count).lists
    return shown == 0 ? 0 : max(count - shown, 0)
  }

  /// The rows of the chart (a braille line below 3, the bar chart's least) and of the lists, from
  /// the rows the fixed parts leave. Every list shows while they fit beside a chart of 3 rows,
  /// which takes all they leave. When they do not, the chart keeps half the rows (up to
  /// 8), or its least beside two lists, and the lists take the rest, with a line saying how many
  /// more: many lists do not squeeze the chart to a line.
  static func rows(available: Int, lists count: Int) -> (chart: Int, lists: Int) {
    let bars = BarChart.minimumHeight
    if count + bars <= available { return (available - count, count) }
    let chart = available >= 8 ? min(8, available / 2) : available >= bars + 3 ? bars : 1
    let lists = min(count, max(available - chart, 0))
    return lists < count ? (chart, max(available - chart - 1, 0)) : (chart, lists)
  }

  /// The figures on one line, for a short pane: spread out where they fit, then closer, then
  /// with the shorter captions a narrow pane needs (so that none is cut).
  private var figureLine: Line {
    let figures: [(Int, String, String, Style)] = [
      (value.overdue, "overdue", "overdue", .error), (value.dueToday, "due today", "today", .warning),
      (value.scheduled, "scheduled", "sched", .accent), (value.flagged, "flagged", "flagged", .warning),
    ]
    func line(short: Bool, gap: String) -> StyledText {
      var text = StyledText("")
      for (index, (number, caption, shortCaption, style)) in figures.enumerated() {
        if index > 0 { text.append(gap) }
        text.append("\(number)", style: style)
        text.append(" " + (short ? shortCaption : caption), style: .dim)
      }
      return text
    }
    return Line(
      fitting: [
        line(short: false, gap: "    "), line(short: false, gap: "  "), line(short: true, gap: "  "),
        line(short: true, gap: " "),
      ])
  }

  /// Overdue, due today, scheduled and flagged, side by side.
  private var figures: any View {
    Stack.horizontal(
      [
        (value.overdue, "overdue", Style.error), (value.dueToday, "due today", .warning),
        (value.scheduled, "scheduled", .accent), (value.flagged, "flagged", .warning),
      ].map { number, caption, style in .flexible(BigNumber(number, caption: caption, style: style)) })
  }
}
