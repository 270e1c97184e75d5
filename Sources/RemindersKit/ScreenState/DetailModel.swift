import Foundation
import Observation
import SQLiteData

/// A detail screen: a smart list, a list, or the reminders with some tags. Its rows are a live
/// window over the screen's query, moved as the screen scrolls (`show(_:)`), so a list of a
/// million reminders costs what the rows on screen cost. Its order and whether it shows completed
/// reminders are kept in the database, per screen, and followed live like the rows.
@MainActor
@Observable
public final class DetailModel {
  public let kind: DetailKind

  @ObservationIgnored
  @Fetch var window: DetailWindow.Value

  @ObservationIgnored
  @Dependency(\.defaultDatabase) var database

  @ObservationIgnored private let dependencies = DependencySnapshot()

  /// Rows loaded on each side of those shown, so that moving by a page loads nothing new.
  public static let margin = 40

  public init(kind: DetailKind, visibleRows: Int = 40) {
    self.kind = kind
    _window = Fetch(
      wrappedValue: DetailWindow.Value(settings: kind.defaultSettings),
      DetailWindow(
        kind: kind, offset: 0, limit: visibleRows + 2 * Self.margin, dependencies: DependencySnapshot()))
  }

  /// What the screen shows now, as a value.
  public var state: DetailWindow.Value { window }

  /// The screen's values from now on, the current one first.
  public var values: AsyncStream<DetailWindow.Value> { $window.values }

  /// Who changed the list or its reminders last, as the sync server took it (list screens of a
  /// database that syncs).
  public var lastChange: SharedChange? { window.lastChange }

  /// Why the rows could not be read, if they could not.
  public var loadError: (any Error)? { $window.loadError }

  /// The screen's order and whether it shows completed reminders.
  public var settings: ScreenSettings { window.settings }

  /// The number of rows, of which only those near the ones shown are loaded.
  public var count: Int { window.count }

  /// The loaded rows and the index of the first.
  public var loadedRows: (offset: Int, rows: [ReminderRow]) { (window.offset, window.rows) }

  /// How many of the screen's reminders are completed.
  public var completedCount: Int { window.completedCount }

  /// False for a list screen whose list was deleted (here or by another program).
  public var exists: Bool {
    if case .list = kind { return window.list != nil }
    return true
  }

  /// The screen's title: the smart list's name, the list's title, or its tags.
  public var title: String { kind.title(list: window.list) }

  /// The title's colour, packed `0xRRGGBBAA` as lists store theirs.
  public var accentColor: Int { kind.accentColor(list: window.list) }

  /// The list new reminders made on this screen go to: the screen's list, if it is one.
  public var listID: RemindersList.ID? {
    if case .list(let id) = kind { return id }
    return nil
  }

  /// The row at an index, if it is loaded.
  public func row(at index: Int) -> ReminderRow? {
    let window = self.window
    guard index >= window.offset, index < window.offset + window.rows.count else { return nil }
    return window.rows[index - window.offset]
  }

  /// Where a reminder is among the loaded rows.
  public func index(of id: Reminder.ID) -> Int? {
    let window = self.window
    return window.rows.firstIndex { $0.id == id }.map { $0 + window.offset }
  }

  /// The reminders of the rows at `range`, in the screen's order: those of a range marked on the
  /// screen, loaded or not (a range from the top to the end of a long list reads their ids only).
  public func reminderIDs(at range: Range<Int>) throws -> [Reminder.ID] {
    let window = self.window
    if range.lowerBound >= window.offset, range.upperBound <= window.range.upperBound {
      return window.rows[(range.lowerBound - window.offset)..<(range.upperBound - window.offset)].map(\.id)
    }
    return try visibleIDs { $0.limit(range.count, offset: range.lowerBound) }
  }

  /// Of `ids`, in their order, the reminders the screen shows now, loaded or not: a reminder
  /// marked before it left the screen (completed ones hidden, moved to another list, deleted by
  /// another program) is not among them.
  public func shownReminderIDs(among ids: [Reminder.ID]) throws -> [Reminder.ID] {
    guard !ids.isEmpty else { return [] }
    let shown = try visibleIDs { $0.where { reminder, _ in reminder.id.in(ids) } }
    return ids.filter(Set(shown).contains)
  }

  /// The ids of the screen's rows, in its order and with its settings, that `refine` keeps.
  private func visibleIDs(
    _ refine:
      @Sendable (Select<(UUID, Int, Bool), Reminder, RemindersList>)
      -> Select<(UUID, Int, Bool), Reminder, RemindersList>
  ) throws -> [Reminder.ID] {
    let settings = window.settings
    let kind = self.kind
    return try dependencies.run {
      try database.read { db in
        try refine(kind.visibleOrder(ordering: settings.ordering, showCompleted: settings.showCompleted))
          .fetchAll(db)
          .map(\.0)
      }
    }
  }

  /// Makes sure the rows in `visible` are loaded, moving the window when they are not. The new
  /// window is read before this returns, and followed live from then on.
  public func show(_ visible: Range<Int>) {
    let current = window
    guard
      let next = RowWindow.toLoad(
        visible: visible, count: current.count, loaded: current.range, margin: Self.margin)
    else { return }
    _window = Fetch(
      wrappedValue: current,
      DetailWindow(kind: kind, offset: next.offset, limit: next.limit, dependencies: dependencies),
      database: database)
  }

  /// Reads the rows again, for a new day: which reminders are due today or past due changes at
  /// midnight, with no commit to say so.
  public func refreshDay() {
    let current = window
    _window = Fetch(
      wrappedValue: current,
      DetailWindow(
        kind: kind, offset: current.offset, limit: current.rows.count + 2 * Self.margin,
        dependencies: dependencies),
      database: database)
  }
}

extension DetailKind {
  /// A screen's title: the smart list's name, the list's title (`list`, as the screen read it),
  /// or its tags.
  public func title(list: RemindersList?) -> String {
    switch self {
    case .smart(let smart): smart.title
    case .list: list?.title ?? ""
    case .tags(let tags): tags.map { "#" + $0 }.joined(separator: " ")
    }
  }

  /// A screen title's colour, packed `0xRRGGBBAA` as lists store theirs.
  public func accentColor(list: RemindersList?) -> Int {
    switch self {
    case .smart(let smart): smart.accentColor
    case .list: list?.color ?? RemindersList.defaultColor
    case .tags: 0x6b7b_8cff
    }
  }
}

extension SmartList {
  /// The colour the smart list's title and icon are drawn in, packed `0xRRGGBBAA`.
  public var accentColor: Int {
    switch self {
    case .today: 0x0a84_ffff
    case .scheduled: 0xff45_3aff
    case .all: 0x8e8e_93ff
    case .flagged: 0xff9f_0aff
    case .completed: 0x8e8e_93ff
    }
  }
}
