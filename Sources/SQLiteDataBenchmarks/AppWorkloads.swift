import Foundation
import Observation
import RemindersKit
import SQLiteData
import Synchronization

/// The Reminders app at a million reminders (``AppDataset``): how long its home screen takes to
/// show a new reminder, and to open. The C baseline runs the same SQL with raw sqlite3 calls.
func appWorkloads() -> [Workload] {
  [
    saveWorkload(), homeAfterInsertWorkload(), homeAfterOtherConnectionWorkload(), coldOpenWorkload(),
    importWorkload(), undoListDeletionWorkload(),
  ]
}

// MARK: - The home screen

/// A list screen's window as a detail screen reads it: its saved settings (order, completed shown
/// or not), then the first rows in that order.
struct ListScreenWindow: FetchKeyRequest {
  var listID: RemindersList.ID
  var limit: Int

  func fetch(_ db: Database) throws -> [ReminderRow] {
    let kind = DetailKind.list(listID)
    let settings = try kind.settings.fetchOne(db) ?? kind.defaultSettings
    return try kind.rows(settings).limit(limit).fetchAll(db)
  }
}

/// The home screen's live values, held as the app holds them: the sidebar's one request (counts,
/// lists, tags in use), and a window of 60 rows of "All" and of one list, by due date.
final class HomeScreen: Sendable {
  static let windowSize = 60

  let sidebar: Fetch<HomeRequest.Value>
  let allRows: FetchAll<ReminderRow>
  let listRows: Fetch<[ReminderRow]>

  init(database: any DatabaseWriter, listID: RemindersList.ID) {
    sidebar = Fetch(wrappedValue: HomeRequest.Value(), HomeRequest(day: .today), database: database)
    allRows = FetchAll(Self.allWindow, database: database)
    listRows = Fetch(
      wrappedValue: [], ListScreenWindow(listID: listID, limit: Self.windowSize), database: database)
  }

  static var allWindow: Select<ReminderRow, Reminder, RemindersList> {
    DetailKind.smart(.all).rows(ordering: .dueDate, showCompleted: false).limit(windowSize)
  }

  /// The SQL the values run, with the values written in, for the C baseline.
  static func sql(listID: RemindersList.ID) -> [String] {
    let list = DetailKind.list(listID)
    return HomeRequest(day: .today).sql + [
      allWindow.query.inlinedSQL, list.settings.query.inlinedSQL,
      list.rows(ordering: .dueDate, showCompleted: false).limit(windowSize).query.inlinedSQL,
    ]
  }

  /// Reads each value with Swift Observation watching, so that `changed` hears of the next change
  /// to each (once per value).
  func watch(_ changed: @escaping @Sendable (Int) -> Void) {
    let reads: [@Sendable () -> Void] = [
      { _ = self.sidebar.wrappedValue }, { _ = self.allRows.wrappedValue },
      { _ = self.listRows.wrappedValue },
    ]
    for (index, read) in reads.enumerated() {
      withObservationTracking(read) { changed(index) }
    }
  }

  var valueCount: Int { 3 }

  /// Throws unless the values are what the dataset holds: every list, full windows.
  func check(listCount: Int) throws {
    let sidebar = sidebar.wrappedValue
    try expect(sidebar.lists.count, listCount, "lists")
    try expect(allRows.wrappedValue.count, Self.windowSize, "rows of All")
    try expect(listRows.wrappedValue.count, Self.windowSize, "rows of the list")
    guard sidebar.stats.allCount > 0, !sidebar.tags.isEmpty else {
      throw UnexpectedResult(description: "no counts or no tags: \(sidebar.stats)")
    }
  }
}

/// When each of the home screen's values last changed, for one commit at a time.
private final class HomeDeliveries: Sendable {
  private let deliveries = Deliveries()
  private let target = Mutex(0)

  /// Watches every value of `home` for its next change.
  func arm(_ home: HomeScreen) {
    target.withLock { $0 = deliveries.delivered + home.valueCount }
    home.watch { [deliveries] _ in deliveries.deliver() }
  }

  /// Waits until every value has changed, and returns when the last one did.
  func waitForAll() throws -> ContinuousClock.Instant {
    try deliveries.wait(until: target.withLock { $0 })
    return deliveries.lastDeliveryTime
  }
}

/// What both insert workloads share: the copied database opened as the app opens it, the home
/// screen on it, and the C connection that runs the same SQL.
private struct HomeSetUp {
  let directory: TemporaryDirectory
  let database: DatabasePool
  let list: RemindersList
  let home: HomeScreen
  /// The C connection and its prepared statements.
  let baselineStatements: [BaselineStatement]
  /// When the app's own connection last committed, noted before the home screen's observations
  /// hear of the commit (they are registered after it).
  let commit = LockedValue(ContinuousClock.now)
  let commits: CommitObservation

  init() throws {
    directory = try TemporaryDirectory()
    let path = try AppDataset.copy(into: directory)
    database = try AppDatabase.open(path: path)
    let list = try database.read { try AppDataset.benchmarkList($0) }
    self.list = list
    // The list screen sorted by due date, as the user left it.
    try database.writeAction { try $0.setOrdering(.dueDate, for: .list(list.id)) }
    let commit = commit
    commits = database.observeCommits { _ in commit.set(.now) }
    home = HomeScreen(database: database, listID: list.id)
    try home.check(listCount: AppDataset.listCount)
    let baselineDatabase = try BaselineFileDatabase(path: path)
    baselineStatements = try HomeScreen.sql(listID: list.id).map { try baselineDatabase.prepare($0) }
  }

  /// Raw SQLite running the statements behind the home screen's values once each, every row and
  /// column read: the floor for re-fetching them after a commit.
  ///
  /// Each run follows a commit, as each of the app's fetches does: a commit by one connection
  /// empties the page cache of every other at its next read, so C running twice in a row read a
  /// warm cache the app never has (half of its runs did: 0.92 ms against 1.2-1.3 ms after a
  /// commit, on this dataset). The commit is made untimed by `commit`, in the same way as the
  /// timed side's, and the home screen's values are fetched again before C starts, so that C
  /// runs alone.
  func baseline(after commit: @escaping () throws -> Void) -> Timed {
    let deliveries = HomeDeliveries()
    let statements = baselineStatements
    return Timed(
      prepare: {
        deliveries.arm(home)
        try commit()
        _ = try deliveries.waitForAll()
      },
      run: { try Self.fetchAll(statements) })
  }

  private static func fetchAll(_ statements: [BaselineStatement]) throws {
    var rows = 0
    for statement in statements { rows += try statement.fetchRows() }
    // One row of counts, the lists, at least one tag, the settings and the two windows.
    guard rows >= 1 + AppDataset.listCount + 1 + 1 + 2 * HomeScreen.windowSize else {
      throw UnexpectedResult(description: "C read only \(rows) rows")
    }
  }
}

/// The draft of the n-th reminder a workload adds: due before any other, so that it enters both
/// windows, incomplete (every count moves), and tagged (the tag's count moves).
private func newReminder(_ number: Int, in list: RemindersList.ID) -> Reminder.Draft {
  Reminder.Draft(
    dueDate: Date(timeIntervalSince1970: -Double(number) * 60), remindersListID: list,
    title: "Added by the benchmark \(number)")
}

/// What saving one tagged reminder costs the app's writer at a million reminders: the insert with
/// its indexes, the count triggers, the temporary triggers (position, search index) and the undo
/// log, in one transaction. No live values watch. There is no C counterpart: the triggers are the
/// work.
private func saveWorkload() -> Workload {
  Workload(name: "app.save-reminder-1m", unit: .milliseconds, iterationScale: 4) {
    let directory = try TemporaryDirectory()
    let database = try AppDatabase.open(path: try AppDataset.copy(into: directory))
    let list = try database.read { try AppDataset.benchmarkList($0) }
    var number = 0
    return Sides(
      ours: Timed {
        number += 1
        try database.writeAction { try $0.saveReminder(newReminder(number, in: list.id), tags: ["home"]) }
        withExtendedLifetime(directory) {}
      },
      baseline: nil)
  }
}

/// One reminder saved by the app (its own writer: temporary triggers, search index, undo log and
/// the count triggers), timed from the commit until the last of the home screen's three values has
/// been fetched again and delivered.
private func homeAfterInsertWorkload() -> Workload {
  Workload(name: "app.home-after-insert-1m", unit: .milliseconds, iterationScale: 20) {
    let setUp = try HomeSetUp()
    let deliveries = HomeDeliveries()
    var number = 0
    // Each reminder is due before the last one, so that every commit changes every value.
    let save = {
      number += 1
      try setUp.database.writeAction {
        try $0.saveReminder(newReminder(number, in: setUp.list.id), tags: ["home"])
      }
    }
    return Sides(
      ours: .measuring({
        deliveries.arm(setUp.home)
        try save()
        let delivered = try deliveries.waitForAll()
        return delivered - setUp.commit.value
      }),
      baseline: setUp.baseline(after: save))
  }
}

/// The same, the reminder saved by another connection to the file, as `reminders add` from
/// another process does: the app hears of it through its watcher of the file, not its own hooks.
private func homeAfterOtherConnectionWorkload() -> Workload {
  Workload(name: "app.home-after-other-writer-1m", unit: .milliseconds, iterationScale: 20) {
    let setUp = try HomeSetUp()
    let other = try AppDatabase.open(path: setUp.database.path, completesInterruptedCompletions: false)
    let deliveries = HomeDeliveries()
    let commit = LockedValue(ContinuousClock.now)
    let commits = other.observeCommits { _ in commit.set(.now) }
    var number = 0
    let save = {
      number += 1
      try other.writeAction { try $0.saveReminder(newReminder(number, in: setUp.list.id), tags: ["home"]) }
    }
    return Sides(
      ours: .measuring({
        deliveries.arm(setUp.home)
        try save()
        let delivered = try deliveries.waitForAll()
        withExtendedLifetime((commits, other)) {}
        return delivered - commit.value
      }),
      baseline: setUp.baseline(after: save))
  }
}

/// Opening the database as the app does (file recognised, migrations checked, interrupted
/// completions looked for; the temporary triggers and undo log wait for the first write) and
/// fetching the home screen's values, against C opening the file and running the same SQL. The
/// operating system's file cache stays warm.
private func coldOpenWorkload() -> Workload {
  Workload(name: "app.cold-open-first-fetch-1m", unit: .milliseconds) {
    let directory = try TemporaryDirectory()
    let path = try AppDataset.copy(into: directory)
    let listID = try {
      let database = try AppDatabase.open(path: path)
      defer { database.close() }
      let list = try database.read { try AppDataset.benchmarkList($0) }
      try database.writeAction { try $0.setOrdering(.dueDate, for: .list(list.id)) }
      return list.id
    }()
    let sql = HomeScreen.sql(listID: listID)
    return Sides(
      ours: Timed {
        let database = try AppDatabase.open(path: path)
        try withExtendedLifetime(HomeScreen(database: database, listID: listID)) { home in
          try home.check(listCount: AppDataset.listCount)
        }
        database.close()
        withExtendedLifetime(directory) {}
      },
      baseline: Timed {
        let database = try BaselineFileDatabase(path: path)
        var rows = 0
        for text in sql { rows += try database.prepare(text).fetchRows() }
        guard rows >= 1 + AppDataset.listCount + 1 + 1 + 2 * HomeScreen.windowSize else {
          throw UnexpectedResult(description: "C read only \(rows) rows")
        }
      })
  }
}
