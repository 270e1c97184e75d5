import Foundation
import RemindersKit
import SQLiteData
import TerminalUI

// Opening screens from the sidebar, closing search, and following the day.
extension RemindersApp {
  func detailKind(for entry: SidebarEntry) -> DetailKind? {
    switch entry {
    case .smart(let list): .smart(list)
    case .list(let id): .list(id)
    case .tag(let id): .tags([id])
    case .heading, .gap: nil
    }
  }

  /// Shows the screen of a sidebar entry.
  func open(_ entry: SidebarEntry, focusing: Bool) {
    guard let kind = detailKind(for: entry) else { return }
    if search != nil, focusing { closeSearch() }
    if focusing { stats = nil }
    if detail?.model.kind != kind { detail = DetailScreen(kind: kind, visibleRows: listHeight) }
    if focusing { focus = .detail }
  }

  /// Marks the rows of `detail` that others change, as its values arrive.
  func followChanges(of detail: DetailModel?) {
    detailValues?.cancel()
    detailValues = nil
    guard let detail, case .list = detail.kind else { return }
    detailValues = Task { [weak self] in
      for await value in detail.values {
        guard let self else { return }
        // The value's own frame may be drawn already: draw again with the marks, and when they end.
        if let until = changeMarks.show(value, at: .now) {
          loop?.invalidate()
          loop?.redraw(at: until)
        }
      }
    }
  }

  func closeSearch() {
    search = nil
    if detail == nil { focus = .sidebar }
  }

  // MARK: - The day

  /// Reads again, at each local midnight, what depends on the date ("today", past due), which
  /// changes with no commit to say so.
  func followTheDay() {
    @Dependency(\.calendar) var calendar
    @Dependency(\.timeZone) var timeZone
    @Dependency(\.date.now) var now
    var localCalendar = calendar
    localCalendar.timeZone = timeZone
    guard
      let midnight = localCalendar.nextDate(
        after: now, matching: DateComponents(hour: 0, minute: 0, second: 0), matchingPolicy: .nextTime)
    else { return }
    dayTask?.cancel()
    dayTask = Task { [weak self] in
      // A second past midnight, so that "now" is surely in the new day.
      try? await Task.sleep(for: .seconds(midnight.timeIntervalSince(now) + 1))
      guard !Task.isCancelled, let self else { return }
      self.dayDidChange()
      self.followTheDay()
    }
  }

  /// Fetches the date-dependent values again.
  func dayDidChange() {
    Task { try? await home.refreshDay() }
    detail?.model.refreshDay()
    search?.model.refreshDay()
    if let stats { Task { try? await stats.refreshDay() } }
  }
}
