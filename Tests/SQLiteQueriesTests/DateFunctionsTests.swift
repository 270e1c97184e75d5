import Foundation
import SQLiteEngine
import SQLiteQueries
import Testing

@Table
struct Event: Identifiable {
  let id: Int
  var startsAt: Date
  var endsAt: Date?
  @Column(as: Date.UnixTimeRepresentation.self)
  var loggedAt: Date
}

@Suite("Date and time functions")
struct DateFunctionsTests {
  let database: DatabaseQueue
  /// Wednesday, February 28, 2024, 22:30:15.250 UTC.
  static let startsAt = Date(timeIntervalSince1970: 1_709_159_415.25)

  init() throws {
    database = try DatabaseQueue()
    try database.write { db in
      try #sql(
        """
        CREATE TABLE "events" (
          "id" INTEGER PRIMARY KEY,
          "startsAt" TEXT NOT NULL,
          "endsAt" TEXT,
          "loggedAt" INTEGER NOT NULL
        ) STRICT
        """
      )
      .execute(db)
      try Event.insert {
        Event(
          id: 1, startsAt: Self.startsAt, endsAt: nil, loggedAt: Date(timeIntervalSince1970: 1_700_000_000))
        Event(
          id: 2, startsAt: Date(timeIntervalSince1970: 0), endsAt: Date(timeIntervalSince1970: 86_400),
          loggedAt: Date(timeIntervalSince1970: 0))
      }
      .execute(db)
    }
  }

  @Test func rendersFunctionsWithModifiers() {
    func sql(_ expression: some QueryExpression) -> String { expression.queryFragment.debugDescription }
    let event = Event.columns
    #expect(sql(event.startsAt.date()) == #"date("events"."startsAt")"#)
    #expect(
      sql(event.startsAt.time(.hours(1), .minutes(-5)))
        == #"time("events"."startsAt", '1 hours', '-5 minutes')"#)
    #expect(
      sql(event.startsAt.datetime(.startOfMonth)) == #"datetime("events"."startsAt", 'start of month')"#)
    #expect(sql(event.startsAt.julianday()) == #"julianday("events"."startsAt")"#)
    #expect(sql(event.startsAt.unixepoch(.seconds(1.5))) == #"unixepoch("events"."startsAt", '1.5 seconds')"#)
    #expect(
      sql(event.startsAt.strftime("%H:%M", .weekday(0)))
        == #"strftime('%H:%M', "events"."startsAt", 'weekday 0')"#)
    #expect(
      sql(event.startsAt(.days(1), .startOfDay))
        == #"strftime('%Y-%m-%d %H:%M:%f', "events"."startsAt", '1 days', 'start of day')"#)
    #expect(sql(event.startsAt.year) == #"CAST(strftime('%Y', "events"."startsAt") AS INTEGER)"#)
    #expect(sql(event.endsAt.date(.years(-1))) == #"date("events"."endsAt", '-1 years')"#)
    #expect(sql(event.loggedAt.date()) == #"date("events"."loggedAt", 'unixepoch')"#)
    #expect(sql(event.loggedAt(.months(2))) == #"unixepoch("events"."loggedAt", 'unixepoch', '2 months')"#)
    #expect(sql(event.loggedAt.year) == #"CAST(strftime('%Y', "events"."loggedAt", 'unixepoch') AS INTEGER)"#)
    #expect(sql(Date(timeIntervalSince1970: 0).date()) == "date('1970-01-01 00:00:00.000')")
    #expect(sql(CurrentTime.now) == "strftime('%Y-%m-%d %H:%M:%f', 'now')")
    #expect(sql(CurrentTime.now.date()) == "date('now')")
    #expect(sql(CurrentTime.now(.days(-7))) == "strftime('%Y-%m-%d %H:%M:%f', 'now', '-7 days')")
    #expect(
      sql(event.startsAt.date(.localtime, .utc, DateModifier("auto")))
        == #"date("events"."startsAt", 'localtime', 'utc', 'auto')"#)
    #expect(
      Event.where { $0.startsAt.lt(.now) }.select(\.id).query.debugDescription == """
        SELECT "events"."id"
        FROM "events"
        WHERE (("events"."startsAt") < (strftime('%Y-%m-%d %H:%M:%f', 'now')))
        """)
  }

  @Test func textDatesWithMilliseconds() throws {
    try database.read { (db) throws in
      let row = try #require(
        try Event.find(1).select {
          ($0.startsAt.date(), $0.startsAt.time(), $0.startsAt.datetime(), $0.startsAt.unixepoch())
        }
        .fetchOne(db))
      #expect(row.0 == "2024-02-28")
      #expect(row.1 == "22:30:15")
      #expect(row.2 == "2024-02-28 22:30:15")
      #expect(row.3 == 1_709_159_415)
      let parts = try #require(
        try Event.find(1).select {
          ($0.startsAt.year, $0.startsAt.month, $0.startsAt.day, $0.startsAt.weekday)
        }
        .fetchOne(db))
      #expect(parts.0 == 2024 && parts.1 == 2 && parts.2 == 28 && parts.3 == 3)
      let time = try #require(
        try Event.find(1).select { ($0.startsAt.hour, $0.startsAt.minute) }.fetchOne(db))
      #expect(time.0 == 22 && time.1 == 30)
      // Shifting keeps the milliseconds, and the result decodes as a date.
      let shifted = try Event.find(1).select { $0.startsAt(.hours(2)) }.fetchOne(db)
      #expect(shifted == Self.startsAt.addingTimeInterval(7_200))
      let nextMonth = try Event.find(1).select { $0.startsAt(.months(1), .startOfMonth) }.fetchOne(db)
      #expect(nextMonth == Date(timeIntervalSince1970: 1_709_251_200))  // 2024-03-01 00:00 UTC
      let julian = try #require(try Event.find(1).select { $0.startsAt.julianday() }.fetchOne(db))
      #expect(abs(julian - (1_709_159_415.25 / 86_400 + 2_440_587.5)) < 1e-6)
      #expect(
        try Event.find(1).select { $0.startsAt.strftime("%Y-%m-%d %H:%M:%f", .seconds(0.5)) }.fetchOne(db)
          == "2024-02-28 22:30:15.750")
      // A millisecond later is later: the text compares as the dates do.
      #expect(try Event.where { $0.startsAt.lt($0.startsAt(.seconds(0.001))) }.fetchCount(db) == 2)
      #expect(
        try Event.where { $0.startsAt.date().eq(Self.startsAt.date()) }.select(\.id).fetchAll(db) == [1])
    }
  }

  @Test func optionalAndUnixTimeColumns() throws {
    try database.read { (db) throws in
      #expect(try Event.order(by: \.id).select { $0.endsAt.date() }.fetchAll(db) == [nil, "1970-01-02"])
      #expect(try Event.order(by: \.id).select { $0.endsAt.year }.fetchAll(db) == [nil, 1970])
      #expect(
        try Event.order(by: \.id).select { $0.endsAt(.days(-1)) }.fetchAll(db) == [
          nil, Date(timeIntervalSince1970: 0),
        ])
      #expect(
        try Event.order(by: \.id).select { $0.loggedAt.date() }.fetchAll(db) == ["2023-11-14", "1970-01-01"])
      #expect(try Event.find(1).select { $0.loggedAt.datetime() }.fetchOne(db) == "2023-11-14 22:13:20")
      let nextDay = try Event.find(1).select { $0.loggedAt(.days(1)) }.fetchOne(db)
      #expect(nextDay == Date(timeIntervalSince1970: 1_700_086_400))
      #expect(try Event.where { $0.loggedAt.lt($0.loggedAt(.seconds(1))) }.fetchCount(db) == 2)
    }
  }

  @Test func theCurrentTime() throws {
    try database.read { (db) throws in
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.dateFormat = "yyyy-MM-dd"
      let before = formatter.string(from: Date())
      let today = try Values(CurrentTime.now.date()).fetchOne(db)
      let after = formatter.string(from: Date())
      #expect(today == before || today == after)
      let now = try #require(try Values(CurrentTime.now).fetchOne(db))
      #expect(abs(now.timeIntervalSinceNow) < 5)
      let weekAgo = try #require(try Values(CurrentTime.now(.days(-7))).fetchOne(db))
      #expect(abs(weekAgo.timeIntervalSinceNow + 7 * 86_400) < 5)
      #expect(try Event.where { $0.startsAt.lt(.now) }.fetchCount(db) == 2)
    }
  }
}
