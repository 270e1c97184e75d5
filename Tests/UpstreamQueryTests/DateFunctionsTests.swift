import Foundation
import SQLiteData
import Testing

/// Upstream's `DateFunctionsTests`. Left out: every case on a date stored as text (`Log`,
/// `Deadline`, and the text-column halves of `startOfMonthOnEveryRepresentation`,
/// `chainedModifiers`, `bareNow` and `fusion`), and `subsecPreserved`, `monthOverflow` and
/// `milliseconds`: upstream renders them with `datetime(…, 'subsec')`, which needs SQLite 3.42.
///
/// Under `UPSTREAM_GAPS`: `.now` inside `map`'s closure in a `where`
/// (`$0.confirmedAt.map { $0 > .now(.days(-7)) }`), which crashes the 6.3 type checker (an
/// assertion in `recordAppliedDisjunction`); outside `map`, `.now` is the current time in the
/// column's storage, as in `daysFromNow` and `bareNow`.
@Suite("Upstream: date functions")
struct DateFunctionsTests {
  @Table
  fileprivate struct Event {
    let id: Int
    @Column(as: Date.UnixTimeRepresentation.self)
    var startsAt: Date
  }

  @Table
  fileprivate struct Observation {
    let id: Int
    @Column(as: Date.JulianDayRepresentation.self)
    var observedAt: Date
    @Column(as: Date.UnixTimeRepresentation?.self)
    var confirmedAt: Date?
  }

  /// 2026-08-13 00:00 UTC, the event's start.
  static let startsAt = Date(timeIntervalSince1970: 1_786_579_200)
  /// 2026-08-01 00:00 UTC.
  static let startOfAugust = Date(timeIntervalSince1970: 1_785_542_400)

  let database: DatabaseQueue

  init() throws {
    database = try DatabaseQueue()
    try database.write { db in
      try db.execute(
        sql: """
          CREATE TABLE "events" ("id" INTEGER PRIMARY KEY, "startsAt" INTEGER);
          CREATE TABLE "observations" ("id" INTEGER PRIMARY KEY, "observedAt" REAL, "confirmedAt" INTEGER);
          INSERT INTO "events" VALUES (1, 1786579200);
          INSERT INTO "observations" VALUES (1, 2461266.5, NULL);
          """)
    }
  }

  @Test func componentsOnUnixColumn() throws {
    let statement = Event.select { ($0.startsAt.year, $0.startsAt.month, $0.startsAt.day) }
    expectSQL(
      statement,
      """
      SELECT CAST(strftime('%Y', "events"."startsAt", 'unixepoch') AS INTEGER), CAST(strftime('%m', "events"."startsAt", 'unixepoch') AS INTEGER), CAST(strftime('%d', "events"."startsAt", 'unixepoch') AS INTEGER)
      FROM "events"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map { [$0.0, $0.1, $0.2] } == [[2026, 8, 13]])
  }

  @Test func daysFromNow() throws {
    let statement = Event.where { $0.startsAt < .now(.days(7)) }
    expectSQL(
      statement,
      """
      SELECT "events"."id", "events"."startsAt"
      FROM "events"
      WHERE (("events"."startsAt") < (unixepoch('now', '7 days')))
      """)
    let expected = Self.startsAt < Date().addingTimeInterval(7 * 86_400) ? [1] : []
    #expect(try database.read { try statement.fetchAll($0) }.map(\.id) == expected)
  }

  @Test func startOfMonthOnEveryRepresentation() throws {
    let unix = Event.select { $0.startsAt(.startOfMonth) }
    expectSQL(
      unix,
      """
      SELECT unixepoch("events"."startsAt", 'unixepoch', 'start of month')
      FROM "events"
      """)
    #expect(try database.read { try unix.fetchOne($0) } == Self.startOfAugust)

    let julian = Observation.select { $0.observedAt(.startOfMonth) }
    expectSQL(
      julian,
      """
      SELECT julianday("observations"."observedAt", 'start of month')
      FROM "observations"
      """)
    #expect(try database.read { try julian.fetchOne($0) } == Self.startOfAugust)
  }

  @Test func optionalColumn() throws {
    let years = Observation.select { ($0.observedAt.year, $0.confirmedAt.map(\.year)) }
    expectSQL(
      years,
      """
      SELECT CAST(strftime('%Y', "observations"."observedAt") AS INTEGER), CASE ("observations"."confirmedAt") IS (NULL) WHEN 1 THEN NULL ELSE CAST(strftime('%Y', "observations"."confirmedAt", 'unixepoch') AS INTEGER) END
      FROM "observations"
      """)
    let rows = try database.read { try years.fetchAll($0) }
    #expect(rows.map(\.0) == [2026])
    #expect(rows.map(\.1) == [nil])

    #if UPSTREAM_GAPS
      let recent = Observation.where { $0.confirmedAt.map { $0 > .now(.days(-7)) } }
      expectSQL(
        recent,
        """
        SELECT "observations"."id", "observations"."observedAt", "observations"."confirmedAt"
        FROM "observations"
        WHERE (CASE ("observations"."confirmedAt") IS (NULL) WHEN 1 THEN NULL ELSE ("observations"."confirmedAt") > (unixepoch('now', '-7 days')) END)
        """)
    #endif
  }

  @Test func customFormat() throws {
    let statement = Event.select { $0.startsAt.strftime("%Y-%m-%d %H:%M") }
    expectSQL(
      statement,
      """
      SELECT strftime('%Y-%m-%d %H:%M', "events"."startsAt", 'unixepoch')
      FROM "events"
      """)
    #expect(try database.read { try statement.fetchAll($0) } == ["2026-08-13 00:00"])
  }

  @Test func chainedModifiers() throws {
    let statement = Event.select { $0.startsAt(.startOfMonth.months(1).days(-1)) }
    expectSQL(
      statement,
      """
      SELECT unixepoch("events"."startsAt", 'unixepoch', 'start of month', '1 months', '-1 days')
      FROM "events"
      """)
    #expect(try database.read { try statement.fetchOne($0) } == Date(timeIntervalSince1970: 1_788_134_400))
  }

  @Test func bareNow() throws {
    let statement = Event.where { $0.startsAt < .now }
    expectSQL(
      statement,
      """
      SELECT "events"."id", "events"."startsAt"
      FROM "events"
      WHERE (("events"."startsAt") < (unixepoch('now')))
      """)
    let expected = Self.startsAt < Date() ? [1] : []
    #expect(try database.read { try statement.fetchAll($0) }.map(\.id) == expected)
  }

  @Test func fusion() throws {
    let shifted = Event.select { $0.startsAt(.startOfMonth)(.days(1)) }
    expectSQL(
      shifted,
      """
      SELECT unixepoch("events"."startsAt", 'unixepoch', 'start of month', '1 days')
      FROM "events"
      """)
    #expect(try database.read { try shifted.fetchOne($0) } == Self.startOfAugust.addingTimeInterval(86_400))

    let year = Event.select { $0.startsAt(.months(-3)).year }
    expectSQL(
      year,
      """
      SELECT CAST(strftime('%Y', "events"."startsAt", 'unixepoch', '-3 months') AS INTEGER)
      FROM "events"
      """)
    #expect(try database.read { try year.fetchOne($0) } == 2026)
  }

  @Test func dayOfYear() throws {
    let statement = Event.select(\.startsAt.dayOfYear)
    expectSQL(
      statement,
      """
      SELECT CAST(strftime('%j', "events"."startsAt", 'unixepoch') AS INTEGER)
      FROM "events"
      """)
    #expect(try database.read { try statement.fetchOne($0) } == 225)
  }

  @Test func groupByYearMonth() throws {
    let statement =
      Event
      .group(by: { ($0.startsAt.year, $0.startsAt.month) })
      .select { ($0.startsAt.year, $0.startsAt.month, $0.count()) }
    expectSQL(
      statement,
      """
      SELECT CAST(strftime('%Y', "events"."startsAt", 'unixepoch') AS INTEGER), CAST(strftime('%m', "events"."startsAt", 'unixepoch') AS INTEGER), count("events"."id")
      FROM "events"
      GROUP BY CAST(strftime('%Y', "events"."startsAt", 'unixepoch') AS INTEGER), CAST(strftime('%m', "events"."startsAt", 'unixepoch') AS INTEGER)
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map { [$0.0, $0.1, $0.2] } == [[2026, 8, 1]])
  }
}
