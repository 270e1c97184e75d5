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
  var isFocused: Bool

  init(value: StatsScreenRequest.Value, calendar: Calendar, timeZone: TimeZone, isFocused: Bool) {
    self.value = value
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.calendar = calendar
    formatter.timeZone = timeZone
    formatter.dateFormat = "EEEEE"
    dayLabels = value.days.map { formatter.string(from: $0.start) }
    self.isFocused = isFocused
  }

  /// Rows the fixed parts take: the figures (4), the headings and the gaps between sections.
  private static let fixedRows = 4 + 1 + 1 + 1 + 1 + 1 + 1 + 1

  func render(in rect: Rect, on canvas: inout Canvas) {
    let (chartRows, listRows) = Self.rows(
      available: rect.height - 2 - Self.fixedRows, lists: value.lists.count)
    let completed = value.completedInPeriod
    var items: [Stack.Item] = [
      .fixed(4, figures),
      .fixed(1, EmptyView()),
      .fixed(
        1,
        Line(
          StyledText("Completed, last \(value.days.count) days", style: .title)
            + StyledText(" · \(completed) in all", style: .dim))),
    ]
    if chartRows >= 4 {
      items.append(
        .fixed(
          chartRows,
          BarChart(
            zip(value.days, dayLabels).map { BarChart.Bar(label: $1, value: $0.completed) }, style: .success))
      )
    } else {
      items.append(.fixed(1, Sparkline(value.days.map(\.completed), style: .success)))
    }
    items.append(.fixed(1, EmptyView()))
    items.append(.fixed(1, Line(StyledText("Completion by list", style: .title))))
    for list in value.lists.prefix(listRows) {
      items.append(
        .fixed(
          1,
          Stack.horizontal([
            .fixed(2, Text("●", style: .item(list.color))),
            .fixed(18, Text(list.title.isEmpty ? "Untitled" : list.title, overflow: .truncate)),
            .flexible(Meter(fraction: list.fraction, style: .item(list.color))),
            .fixed(12, Text(" \(list.completed)/\(list.total)", style: .dim, overflow: .truncate)),
          ])))
    }
    if value.lists.count > listRows {
      items.append(.fixed(1, Text("  and \(value.lists.count - listRows) more", style: .dim)))
    }
    items.append(.fixed(1, EmptyView()))
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

  /// The rows of the chart (a braille line below 4) and of the lists, from the rows the fixed
  /// parts leave. Every list shows while they fit beside a chart of 4 rows, which takes what they
  /// leave up to 12. When they do not, the chart keeps half the rows (up to 8) and the lists take
  /// the rest, with a line saying how many more: many lists do not squeeze the chart to a line.
  static func rows(available: Int, lists count: Int) -> (chart: Int, lists: Int) {
    if count + 4 <= available { return (min(available - count, 12), count) }
    let chart = available >= 8 ? min(8, available / 2) : 1
    let lists = min(count, max(available - chart, 0))
    return lists < count ? (chart, max(available - chart - 1, 0)) : (chart, lists)
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
