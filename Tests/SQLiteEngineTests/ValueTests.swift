import Foundation
import SQLiteEngine
import Testing

@Suite("Values round-trip through SQLite")
struct ValueTests {
  let db: DatabaseQueue

  init() throws { db = try DatabaseQueue() }

  /// Stores a value in an untyped column and reads it back, with its storage class.
  func roundTrip<T: DatabaseValueConvertible>(_ value: T) throws -> (T, String) {
    try db.write { db in
      try db.execute(sql: "CREATE TABLE IF NOT EXISTS t (v)")
      try db.execute(sql: "DELETE FROM t")
      try db.execute(sql: "INSERT INTO t (v) VALUES (?)", arguments: [value])
      let back = try db.cachedStatement(sql: "SELECT v, typeof(v) FROM t").fetchOne { row in
        (try row.decode(T.self, at: 0), try row.decode(String.self, at: 1))
      }
      return try #require(back)
    }
  }

  @Test func null() throws {
    let (value, type) = try roundTrip(String?.none)
    #expect(value == nil)
    #expect(type == "null")
  }

  @Test func integers() throws {
    #expect(try roundTrip(Int64.max) == (Int64.max, "integer"))
    #expect(try roundTrip(Int64.min) == (Int64.min, "integer"))
    #expect(try roundTrip(42) == (42, "integer"))
    #expect(try roundTrip(UInt8(255)) == (255, "integer"))
  }

  @Test func doubles() throws {
    #expect(try roundTrip(1.5) == (1.5, "real"))
    #expect(try roundTrip(-0.1) == (-0.1, "real"))
    #expect(try roundTrip(Double.greatestFiniteMagnitude) == (.greatestFiniteMagnitude, "real"))
  }

  @Test func stringsKeepNULs() throws {
    let text = "a\u{0}b\u{0}"
    let (value, type) = try roundTrip(text)
    #expect(value == text)
    #expect(value.utf8.count == 4)
    #expect(type == "text")
    let length = try db.read { try Int.fetchOne($0, sql: "SELECT length(CAST(v AS BLOB)) FROM t") }
    #expect(length == 4)
  }

  @Test func unicodeAndEmptyStrings() throws {
    #expect(try roundTrip("") == ("", "text"))
    #expect(try roundTrip("日本語 👩‍👩‍👧 e\u{301}") == ("日本語 👩‍👩‍👧 e\u{301}", "text"))
    #expect(try roundTrip("it's \"quoted\"") == ("it's \"quoted\"", "text"))
  }

  @Test func emptyDataIsAnEmptyBlobNotNull() throws {
    let (value, type) = try roundTrip(Data())
    #expect(value == Data())
    #expect(type == "blob")
    #expect(try roundTrip(Data([0, 1, 255])) == (Data([0, 1, 255]), "blob"))
    #expect(try roundTrip([UInt8]()) == ([], "blob"))
  }

  @Test func boolsAreZeroAndOne() throws {
    #expect(try roundTrip(true) == (true, "integer"))
    #expect(try roundTrip(false) == (false, "integer"))
    let stored = try db.read { try Int.fetchOne($0, sql: "SELECT v FROM t") }
    #expect(stored == 0)
  }

  @Test func uuidsAreLowercaseTextAndReadInAnyCase() throws {
    let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    let (value, type) = try roundTrip(uuid)
    #expect(value == uuid)
    #expect(type == "text")
    let stored = try db.read { try String.fetchOne($0, sql: "SELECT v FROM t") }
    #expect(stored == "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")

    let upper = try db.read { db in
      try UUID.fetchOne(db, sql: "SELECT 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'")
    }
    #expect(upper == uuid)
    let mixed = try db.read { try UUID.fetchOne($0, sql: "SELECT 'e621E1F8-c36c-495A-93fc-0C247A3E6E5F'") }
    #expect(mixed == uuid)
    #expect(throws: RowDecodingError.self) {
      try db.read { db in _ = try UUID.fetchAll(db, sql: "SELECT 'not-a-uuid'") }
    }
    // 36 characters that are not a UUID: a letter past f, a dash out of place, a space.
    for text in [
      "e621e1f8-c36c-495a-93fc-0c247a3e6e5g", "e621e1f8c-36c-495a-93fc-0c247a3e6e5f",
      "e621e1f8-c36c-495a-93fc-0c247a3e6e5 ", "e621e1f8-c36c-495a-93fc-0c247a3e6-5f",
    ] {
      #expect(throws: RowDecodingError.self, "\(text)") {
        try db.read { db in _ = try UUID.fetchAll(db, sql: "SELECT ?", arguments: [text]) }
      }
    }
    // Every digit of many UUIDs lands in its byte, and a character that is not a digit is
    // refused wherever it stands.
    let uuids = (0..<200).map { _ in UUID() }
    let read = try db.read { db in
      try uuids.map { try UUID.fetchOne(db, sql: "SELECT ?", arguments: [$0.uuidString]) }
    }
    #expect(read == uuids)
    let text = Array(uuid.uuidString.utf8)
    for position in text.indices where text[position] != UInt8(ascii: "-") {
      var wrong = text
      wrong[position] = UInt8(ascii: "x")
      let argument = String(decoding: wrong, as: UTF8.self)
      #expect(throws: RowDecodingError.self, "\(argument)") {
        try db.read { db in _ = try UUID.fetchAll(db, sql: "SELECT ?", arguments: [argument]) }
      }
    }
  }

  @Test func datesAreUTCTextToTheMillisecond() throws {
    let date = Date(timeIntervalSinceReferenceDate: 256_260_690.123)
    let (value, type) = try roundTrip(date)
    #expect(type == "text")
    #expect(value == date)
    let stored = try db.read { try String.fetchOne($0, sql: "SELECT v FROM t") }
    #expect(stored == "2009-02-13 23:31:30.123")

    // Every millisecond of a second survives the trip, as the Date Foundation counts from its
    // reference date.
    for millisecond in stride(from: 0, to: 1000, by: 7) {
      let date = Date(timeIntervalSinceReferenceDate: 721_692_800 + Double(millisecond) / 1000)
      let text = DatabaseDateFormat.string(from: date)
      #expect(text.hasSuffix(String(format: ".%03d", millisecond)))
      #expect(DatabaseDateFormat.date(from: text) == date)
      #expect(try roundTrip(date).0 == date)
    }
    #expect(
      DatabaseDateFormat.string(from: Date(timeIntervalSinceReferenceDate: 0)) == "2001-01-01 00:00:00.000")
    #expect(DatabaseDateFormat.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31 23:59:59.000")
  }

  /// A date parsed by Foundation, stored and read back, is the same `Date`: decoding counts from
  /// the reference date, as Foundation does, not from 1970 in floating point.
  @Test func datesDecodeExactly() throws {
    let parsed = try Date(
      "2026-02-18T12:08:02.061Z", strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    #expect(DatabaseDateFormat.string(from: parsed) == "2026-02-18 12:08:02.061")
    #expect(DatabaseDateFormat.date(from: "2026-02-18 12:08:02.061") == parsed)
    #expect(try roundTrip(parsed).0 == parsed)
    // And milliseconds across a day, from the reference date.
    for millisecond in stride(from: 0, to: 86_400_000, by: 86_399) {
      let date = Date(timeIntervalSinceReferenceDate: 793_195_682 + Double(millisecond) / 1000)
      #expect(DatabaseDateFormat.date(from: DatabaseDateFormat.string(from: date)) == date)
    }
  }

  @Test func datesAreReadWithoutFractionAndInOtherForms() throws {
    let expected = Date(timeIntervalSince1970: 1_234_567_890)
    for text in [
      "2009-02-13 23:31:30", "2009-02-13T23:31:30", "2009-02-13 23:31:30.000", "2009-02-13T23:31:30Z",
      "2009-02-14 01:31:30+02:00", "2009-02-13 23:31:30.0",
    ] {
      #expect(DatabaseDateFormat.date(from: text) == expected, "\(text)")
    }
    #expect(DatabaseDateFormat.date(from: "2009-02-13") == Date(timeIntervalSince1970: 1_234_483_200))
    #expect(DatabaseDateFormat.date(from: "2009-02-13 23:31") == Date(timeIntervalSince1970: 1_234_567_860))
    for bad in ["", "yesterday", "2009-13-01", "2009-02-13 25:00:00", "2009-02-13 23:31:30 junk"] {
      #expect(DatabaseDateFormat.date(from: bad) == nil, "\(bad)")
    }
    // SQLite's own functions read the stored text.
    let sqliteView = try db.read { db in
      try String.fetchOne(db, sql: "SELECT datetime(?)", arguments: [expected])
    }
    #expect(sqliteView == "2009-02-13 23:31:30")
    let now = try db.read { try Date.fetchOne($0, sql: "SELECT CURRENT_TIMESTAMP") }
    #expect(abs(try #require(now).timeIntervalSinceNow) < 5)
  }

  @Test func urls() throws {
    let url = URL(string: "https://example.com/a?b=c")!
    #expect(try roundTrip(url) == (url, "text"))
  }

  @Test func tooLargeUnsignedIntegersAreRefused() throws {
    // A value with no SQLite integer is refused, bound directly or in arguments.
    let error = try #require(throws: DatabaseError.self) {
      try db.write { db in try db.makeStatement(sql: "SELECT ?").bind(UInt64.max) }
    }
    #expect(error.description.contains("larger than the largest SQLite integer"))
    #expect(throws: DatabaseError.self) { _ = try roundTrip(UInt64.max) }
    #expect(try roundTrip(UInt64(Int64.max)) == (UInt64(Int64.max), "integer"))
  }

  @Test func nonUTF8TextDoesNotCrash() throws {
    let text = try db.read { try String.fetchOne($0, sql: "SELECT CAST(X'66FF6F' AS TEXT)") }
    #expect(text == "f\u{FFFD}o")
    let bytes = try db.read { try Data.fetchOne($0, sql: "SELECT CAST(X'66FF6F' AS TEXT)") }
    #expect(bytes == Data([0x66, 0xFF, 0x6F]))
  }

  @Test func databaseValueLiterals() throws {
    #expect(DatabaseValue.text("it's").description == "'it''s'")
    #expect(DatabaseValue.blob(Data([0, 255])).description == "X'00ff'")
    #expect(DatabaseValue.null.description == "NULL")
    let values = try db.read { db in
      try Row.fetchOne(db, sql: "SELECT NULL, 1, 1.5, 'a', X'01'").map { row in (0..<5).map { row[$0] } }
    }
    #expect(values == [.null, .integer(1), .real(1.5), .text("a"), .blob(Data([1]))])
  }
}
