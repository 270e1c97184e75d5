import Foundation
import SQLiteData

/// Everything the stats screen shows, read in one transaction: reminders completed on each of the
/// last 14 days, the overdue, due today, scheduled and flagged counts, each list's completion
/// rate, and the tags used most. Counts come from the counts the triggers keep, and the days from
/// the completion dates' index, so a million reminders cost what a few do.
public struct StatsScreenRequest: FetchKeyRequest {
  /// The days charted, oldest first; the last is today.
  public var days: [LocalDay]

  /// How many days are charted.
  public static let dayCount = 14
  /// How many tags are listed.
  public static let tagCount = 6

  /// The 14 days up to the one containing `now`, in `calendar` and `timeZone`.
  public init(now: Date, calendar: Calendar, timeZone: TimeZone) {
    var calendar = calendar
    calendar.timeZone = timeZone
    let today = LocalDay(containing: now, calendar: calendar, timeZone: timeZone)
    days = (0..<Self.dayCount).reversed().map { back in
      let date = calendar.date(byAdding: .day, value: -back, to: today.start) ?? today.start
      return LocalDay(containing: date, calendar: calendar, timeZone: timeZone)
    }
  }

  /// The days up to today for the user: `@Dependency(\.date.now)`, `\.calendar`, `\.timeZone`.
  public static var current: StatsScreenRequest {
    @Dependency(\.date.now) var now
    @Dependency(\.calendar) var calendar
    @Dependency(\.timeZone) var timeZone
    return StatsScreenRequest(now: now, calendar: calendar, timeZone: timeZone)
  }

  public struct Value: Hashable, Sendable {
    /// A day and the reminders completed on it.
    public struct Day: Hashable, Sendable {
      public var start: Date
      public var completed: Int
    }

    /// A list's share of completed reminders.
    public struct ListRate: Hashable, Sendable, Identifiable {
      public var id: RemindersList.ID
      public var title: String
      public var color: Int
      public var completed: Int
      public var total: Int

      /// Completed out of all, 0 for a list without reminders.
      public var fraction: Double { total == 0 ? 0 : Double(completed) / Double(total) }
    }

    public var days: [Day] = []
    /// Incomplete reminders due before today.
    public var overdue = 0
    public var dueToday = 0
    /// Incomplete reminders with a due date.
    public var scheduled = 0
    /// Incomplete flagged reminders.
    public var flagged = 0
    /// Every list, by position.
    public var lists: [ListRate] = []
    /// The tags most reminders have, most first.
    public var tags: [TagUsage] = []

    public init() {}

    /// Reminders completed over the days charted.
    public var completedInPeriod: Int { days.reduce(0) { $0 + $1.completed } }
  }

  public func fetch(_ db: Database) throws -> Value {
    guard let today = days.last, let first = days.first else { return Value() }
    var value = Value()
    let stats = try Stats.query(on: today).fetchOne(db) ?? Stats()
    value.dueToday = stats.todayCount
    value.scheduled = stats.scheduledCount
    value.flagged = stats.flaggedCount
    value.overdue = try Reminder.where { $0.isPastDue(on: today) }.count().fetchOne(db) ?? 0
    value.days = try completedPerDay(from: first, db)
    value.lists = try RemindersList.order(by: \.position)
      .leftJoin(RemindersListCounts.all) { $0.id.eq($1.remindersListID) }
      .select {
        ($0.id, $0.title, $0.color, $1.completedCount.ifnull(0), $1.incompleteCount.ifnull(0))
      }
      .fetchAll(db)
      .map { id, title, color, completed, incomplete in
        Value.ListRate(
          id: id, title: title, color: color, completed: completed, total: completed + incomplete)
      }
    value.tags =
      try Tag
      .join(TagCount.all) { $0.title.eq($1.tagID) }
      .where { $1.remindersCount.gt(0) }
      .order { ($1.remindersCount.desc(), $0.title) }
      .limit(Self.tagCount)
      .select { TagUsage.Columns(remindersCount: $1.remindersCount, tag: $0) }
      .fetchAll(db)
    return value
  }

  /// The completions of each day, counted over the completion dates' index: each completion
  /// falls in the last day whose start it is not before.
  private func completedPerDay(from first: LocalDay, _ db: Database) throws -> [Value.Day] {
    guard let last = days.last else { return [] }
    var bucket = "CASE"
    for (index, day) in days.enumerated().dropFirst().reversed() {
      bucket += " WHEN \"completedAt\" >= '\(DatabaseDateFormat.string(from: day.start))' THEN \(index)"
    }
    bucket += " ELSE 0 END"
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT \(bucket), count(*) FROM "reminders"
        WHERE "completedAt" >= ? AND "completedAt" < ? AND "status" <> 0
        GROUP BY 1
        """,
      arguments: [DatabaseDateFormat.string(from: first.start), DatabaseDateFormat.string(from: last.end)])
    var counts = Array(repeating: 0, count: days.count)
    for row in rows {
      let index: Int = try row.decode(Int.self, at: 0)
      if counts.indices.contains(index) { counts[index] = try row.decode(Int.self, at: 1) }
    }
    return zip(days, counts).map { Value.Day(start: $0.start, completed: $1) }
  }
}
