import Foundation
import RemindersKit
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// Tuesday 2026-03-10, 14:00 in New York (18:00 UTC): the tests' "now".
let fixedNow = Date(timeIntervalSince1970: 1_773_165_600)
let newYork = TimeZone(identifier: "America/New_York")!

extension Trait where Self == DependencyTrait {
  /// A fixed date and time zone, and ids that count up, so that results do not depend on when
  /// or where the tests run.
  static var fixedClock: Self {
    .dependencies {
      $0.date = .constant(fixedNow)
      $0.timeZone = newYork
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = newYork
      $0.calendar = calendar
      $0.uuid = .incrementing
    }
  }
}

/// A prepared in-memory database with a test clock for completions, optionally with the sample
/// data.
struct Fixture {
  let database: DatabaseQueue
  let scheduler = ManualCompletionScheduler()

  init(sample: Bool = true) throws {
    database = try AppDatabase.inMemory(scheduler: scheduler)
    if sample { try database.writeAction { try $0.loadSampleData() } }
  }

  func reminder(_ title: String) throws -> Reminder {
    try #require(try database.read { try Reminder.where { $0.title.eq(title) }.fetchOne($0) })
  }

  func list(_ title: String) throws -> RemindersList {
    try #require(try database.read { try RemindersList.where { $0.title.eq(title) }.fetchOne($0) })
  }

  func titles(_ kind: DetailKind, _ ordering: ScreenSettings.Ordering, showCompleted: Bool = false) throws
    -> [String]
  {
    try database.read { try kind.rows(ordering: ordering, showCompleted: showCompleted).fetchAll($0) }
      .map(\.reminder.title)
  }

  func search(_ text: String, showCompleted: Bool = false) throws -> SearchRequest.Value {
    try database.read { try SearchRequest(text: text, showCompleted: showCompleted).fetch($0) }
  }

  /// The steps of SQLite's plan for a statement as it runs, its values bound (SQLite matches an
  /// index's expression only to the same expression, never to a bound value).
  func plan(_ query: QueryFragment) throws -> [String] {
    let (sql, bindings) = query.prepare()
    let arguments = StatementArguments(try bindings.map { try $0.databaseValue() })
    return try database.read { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map {
        $0["detail"]?.description ?? ""
      }
    }
  }

  /// Every row of every table the app keeps, with rowids, and the search index: what undo must
  /// restore exactly.
  func snapshot() throws -> [String: [[DatabaseValue]]] {
    try database.read { db in
      var tables: [String: [[DatabaseValue]]] = [:]
      for table in [
        "remindersLists", "remindersListAssets", "reminders", "tags", "remindersTags", "screenSettings",
        "reminderTexts",
      ] {
        tables[table] = try Row.fetchAll(db, sql: "SELECT rowid, * FROM \"\(table)\" ORDER BY rowid")
          .map { row in (0..<row.count).map { row[$0] } }
      }
      return tables
    }
  }
}

extension String {
  /// The highlighted parts of the text.
  func pieces(_ ranges: [Range<String.Index>]) -> [String] { ranges.map { String(self[$0]) } }
}
