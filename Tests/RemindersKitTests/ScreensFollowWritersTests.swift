import Foundation
import RemindersKit
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// Every screen's state follows every writer: the app's own actions, another connection of
/// another program, and the `sqlite3` shell in another process, in random order. Whenever the
/// writers stop, each screen's state comes to equal a fresh read of what it shows.
@MainActor
@Suite("Screens follow every writer", .fixedClock)
struct ScreensFollowWritersTests {
  /// What each screen shows.
  private struct Expected: Equatable {
    var home: HomeRequest.Value
    var today: DetailWindow.Value
    var list: DetailWindow.Value
    var search: SearchRequest.Value
    var stats: StatsScreenRequest.Value
  }

  @Test(arguments: [31 as UInt64, 32])
  func afterEachQuiescentPointEveryScreenEqualsAFreshRead(seed: UInt64) async throws {
    let sample = try SampleFile()
    defer { sample.close() }
    let (database, scheduler) = (sample.database, sample.scheduler)
    let personal = try #require(
      try await database.read { try RemindersList.where { $0.title.eq("Personal") }.fetchOne($0) })
    try await withDependencies {
      $0.defaultDatabase = database
      $0.liveValueScheduler = .mainActor
    } operation: {
      try await follow(
        Screens(listID: personal.id), seed: seed, database: database, scheduler: scheduler, path: sample.path)
    }
  }

  /// The screens, each following its live request.
  @MainActor
  private struct Screens {
    let listID: RemindersList.ID
    let home = HomeModel()
    let today = DetailModel(kind: .smart(.today))
    let list: DetailModel
    let search = SearchModel(debounce: .zero)
    let stats = StatsModel()

    init(listID: RemindersList.ID) {
      self.listID = listID
      list = DetailModel(kind: .list(listID))
      search.setText("a")
      search.apply()
    }

    var shown: Expected {
      Expected(
        home: home.screen, today: today.state, list: list.state, search: search.state.results,
        stats: stats.value)
    }

    /// What the screens show, read afresh in one transaction.
    func fresh(_ database: any DatabaseReader) throws -> Expected {
      let limit = 40 + 2 * DetailModel.margin
      return try database.read { db in
        Expected(
          home: try HomeRequest(day: .today).fetch(db),
          today: try DetailWindow(kind: .smart(.today), offset: 0, limit: limit).fetch(db),
          list: try DetailWindow(kind: .list(listID), offset: 0, limit: limit).fetch(db),
          search: try SearchRequest(text: "a").fetch(db),
          stats: try StatsScreenRequest.current.fetch(db))
      }
    }
  }

  private func follow(
    _ screens: Screens, seed: UInt64, database: DatabasePool, scheduler: ManualCompletionScheduler,
    path: String
  ) async throws {
    var work = try RandomWork(seed: seed, database: database, scheduler: scheduler, path: path)
    for round in 0..<6 {
      for _ in 0..<8 { try work.step() }
      // The writers have stopped: every screen must come to what a fresh read says.
      let fresh = try screens.fresh(database)
      do {
        try await waitUntil("every screen shows round \(round)'s state", timeout: .seconds(30)) {
          screens.shown == fresh
        }
      } catch {
        Issue.record(
          """
          seed \(seed), round \(round): \(differences(screens.shown, fresh))
          \(work.log.suffix(8).joined(separator: "\n"))
          """)
        return
      }
    }
    #expect(work.log.contains { $0.hasPrefix("shell") } && work.log.contains { $0.hasPrefix("program") })
    #expect(work.completed > 30, "\(work.log.suffix(20))")
  }

  /// Which screens differ, for the failure message.
  private func differences(_ shown: Expected, _ fresh: Expected) -> String {
    var names: [String] = []
    if shown.home != fresh.home { names.append("home") }
    if shown.today != fresh.today { names.append("today") }
    if shown.list != fresh.list { names.append("list") }
    if shown.search != fresh.search { names.append("search") }
    if shown.stats != fresh.stats { names.append("stats") }
    return "these screens differ from a fresh read: " + names.joined(separator: ", ")
  }
}
