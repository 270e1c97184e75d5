import Foundation
import SQLiteData

/// A window of a detail screen's rows, with everything else the screen shows, read in one
/// transaction: the screen's saved settings (its order and whether completed reminders show),
/// how many rows there are in all, the rows from `offset` (at most `limit` of them), the number
/// of completed reminders, and, for a list, the list itself.
///
/// A screen of a million reminders asks for the rows it shows and a few around them, never all.
public struct DetailWindow: FetchKeyRequest {
  public var kind: DetailKind
  public var offset: Int
  public var limit: Int
  let dependencies: DependencySnapshot

  public init(kind: DetailKind, offset: Int, limit: Int) {
    self.init(kind: kind, offset: offset, limit: limit, dependencies: DependencySnapshot())
  }

  init(kind: DetailKind, offset: Int, limit: Int, dependencies: DependencySnapshot) {
    self.dependencies = dependencies
    self.kind = kind
    self.offset = max(offset, 0)
    self.limit = max(limit, 0)
  }

  public struct Value: Hashable, Sendable {
    public var settings: ScreenSettings
    /// The number of rows the screen has, shown or not.
    public var count: Int
    /// The index of the first of `rows`.
    public var offset: Int
    public var rows: [ReminderRow]
    /// How many of the screen's reminders are completed, shown or not.
    public var completedCount: Int
    /// The list a list screen shows; nil for other screens, and once the list is deleted.
    public var list: RemindersList?
    /// Who changed a list screen's list or its reminders last, as the sync server took it; nil
    /// for other screens and a database that does not sync.
    public var lastChange: SharedChange?
    /// The rows of the window someone else changed last, with that change.
    public var changesByOthers: [Reminder.ID: SharedChange]

    public init(
      settings: ScreenSettings, count: Int = 0, offset: Int = 0, rows: [ReminderRow] = [],
      completedCount: Int = 0, list: RemindersList? = nil, lastChange: SharedChange? = nil,
      changesByOthers: [Reminder.ID: SharedChange] = [:]
    ) {
      self.settings = settings
      self.count = count
      self.offset = offset
      self.rows = rows
      self.completedCount = completedCount
      self.list = list
      self.lastChange = lastChange
      self.changesByOthers = changesByOthers
    }

    /// The rows' indices.
    public var range: Range<Int> { offset..<offset + rows.count }
  }

  public func fetch(_ db: Database) throws -> Value {
    try dependencies.run {
      let settings = try kind.settings.fetchOne(db) ?? kind.defaultSettings
      let showsCompleted = settings.showCompleted || kind.showsOnlyCompleted
      let kind = self.kind
      let condition: (Reminder.TableColumns) -> SQLQueryExpression<Bool> = { reminder in
        showsCompleted ? kind.matches(reminder) : kind.matches(reminder) && !reminder.isSettledCompleted
      }
      let count = try Reminder.where { condition($0) }.count().fetchOne(db) ?? 0
      // A window past the end (rows were deleted) slides back to show the last rows.
      let offset = min(self.offset, max(count - limit, 0))
      // The window's rowids first, in the screen's order, reading the reminders alone (an order
      // index alone, where one serves), then the rows for those rowids only: the rows' tags and
      // lists are read for the window, never for the rows skipped. A window in the second half of
      // the screen is counted from the end, in the reverse order, so the end is as near as the start.
      let readsOrderIndex = kind.readsOrderIndex(settings.ordering)
      let fromEnd = offset > count / 2
      let skipped = fromEnd ? max(count - offset - limit, 0) : offset
      let rowids = try ReminderRow.orderedRowIDs(
        where: condition, ordering: settings.ordering, readsOrderIndex: readsOrderIndex, reversed: fromEnd
      )
      .limit(limit, offset: skipped)
      .fetchAll(db)
      let rows = try kind.rows(settings).where { reminder, _ in reminder.rowid.in(rowids) }.fetchAll(db)
      let list: RemindersList? =
        if case .list(let id) = kind { try RemindersList.find(id).fetchOne(db) } else { nil }
      let changes = try list.map { try SharedChange.read(for: $0, rowids: rowids, db) }
      return Value(
        settings: settings, count: count, offset: offset, rows: rows,
        completedCount: try kind.completedCount.fetchOne(db) ?? 0, list: list, lastChange: changes?.last,
        changesByOthers: changes?.byOthers ?? [:])
    }
  }
}
