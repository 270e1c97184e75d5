import Foundation
import SQLiteData
import Testing

/// Upstream's `KitchenSinkTests`: a table with a column of every kind (optional and not), stored
/// through representations (dates as text, Unix time and Julian days; arrays as JSON).
/// A full join's rows gathered as JSON objects write each column as its type reads it back.
/// Upstream's stored versions disagree on the FILTER of an outer-joined table's array: its latest
/// JSON tests test the `rowid`, as the CASE does, and so do these.
@Suite("Upstream: kitchen sink")
struct KitchenSinkTests {
  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
    try database.write { db in
      try #sql(
        """
        CREATE TABLE "kitchens" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT
        )
        """
      )
      .execute(db)
      try #sql(
        """
        CREATE TABLE "kitchenSinks" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "kitchenID" INTEGER,
          "bool" INTEGER NOT NULL DEFAULT 0,
          "optionalBool" INTEGER,
          "string" TEXT NOT NULL DEFAULT '',
          "optionalString" TEXT,
          "int" INTEGER NOT NULL DEFAULT 0,
          "optionalInt" INTEGER,
          "double" REAL NOT NULL DEFAULT 0.0,
          "optionalDouble" REAL,
          "rawRepresentable" TEXT NOT NULL DEFAULT 'green',
          "optionalRawRepresentable" TEXT,
          "iso8601Date" TEXT NOT NULL DEFAULT '2018-01-29 00:08:00',
          "optionalISO8601Date" TEXT,
          "unixTimeDate" INT NOT NULL DEFAULT 1234567890,
          "optionalUnixTimeDate" INT,
          "julianDayDate" REAL NOT NULL DEFAULT 2456789.0,
          "optionalJulianDayDate" REAL,
          "jsonArray" TEXT NOT NULL DEFAULT '[]',
          "optionalJSONArray" TEXT,
          "jsonArrayOfDates" TEXT NOT NULL DEFAULT '[]'
        )
        """
      )
      .execute(db)
      try Kitchen.insert { Kitchen(id: 1) }.execute(db)
      try KitchenSink.insert().execute(db)
      try KitchenSink.insert { [Self.blob, Self.blobJr] }.execute(db)
    }
  }

  /// The row of the columns' defaults.
  private static let defaults = KitchenSink(
    id: 1,
    bool: false,
    string: "",
    int: 0,
    double: 0,
    rawRepresentable: .green,
    iso8601Date: Date(timeIntervalSince1970: 1_517_184_480),  // 2018-01-29 00:08:00
    unixTimeDate: Date(timeIntervalSince1970: 1_234_567_890),
    julianDayDate: Date(timeIntervalSince1970: 1_399_809_600),  // 2014-05-11 12:00:00
    jsonArray: [],
    jsonArrayOfDates: []
  )

  private static let blob = KitchenSink(
    id: 2,
    kitchenID: 1,
    bool: true,
    string: "Blob",
    int: 42,
    double: 17.29,
    rawRepresentable: .red,
    iso8601Date: Date(timeIntervalSinceReferenceDate: 24 * 60 * 60),
    unixTimeDate: Date(timeIntervalSince1970: 24 * 60 * 60),
    julianDayDate: Date(timeIntervalSinceReferenceDate: 7 * 24 * 60 * 60),
    jsonArray: ["Hello", "world"],
    jsonArrayOfDates: [Date(timeIntervalSinceReferenceDate: 1_234_567_890)]
  )

  private static let blobJr = KitchenSink(
    id: 3,
    kitchenID: 1,
    bool: false,
    optionalBool: true,
    string: "Blob Jr",
    optionalString: "Blob Sr",
    int: 24,
    optionalInt: 48,
    double: 29.17,
    optionalDouble: 80.08,
    rawRepresentable: .green,
    optionalRawRepresentable: .blue,
    iso8601Date: Date(timeIntervalSinceReferenceDate: 24 * 60 * 60),
    optionalISO8601Date: Date(timeIntervalSinceReferenceDate: 2 * 24 * 60 * 60),
    unixTimeDate: Date(timeIntervalSince1970: 24 * 60 * 60),
    optionalUnixTimeDate: Date(timeIntervalSince1970: 2 * 24 * 60 * 60),
    julianDayDate: Date(timeIntervalSinceReferenceDate: 7 * 24 * 60 * 60),
    optionalJulianDayDate: Date(timeIntervalSinceReferenceDate: 2 * 7 * 24 * 60 * 60),
    jsonArray: ["Hello", "world"],
    optionalJSONArray: ["Goodnight", "moon"],
    jsonArrayOfDates: [Date(timeIntervalSinceReferenceDate: 1_234_567_890)]
  )

  @Test func basics() throws {
    expectSQL(
      KitchenSink.all,
      """
      SELECT "kitchenSinks"."id", "kitchenSinks"."kitchenID", "kitchenSinks"."bool", "kitchenSinks"."optionalBool", "kitchenSinks"."string", "kitchenSinks"."optionalString", "kitchenSinks"."int", "kitchenSinks"."optionalInt", "kitchenSinks"."double", "kitchenSinks"."optionalDouble", "kitchenSinks"."rawRepresentable", "kitchenSinks"."optionalRawRepresentable", "kitchenSinks"."iso8601Date", "kitchenSinks"."optionalISO8601Date", "kitchenSinks"."unixTimeDate", "kitchenSinks"."optionalUnixTimeDate", "kitchenSinks"."julianDayDate", "kitchenSinks"."optionalJulianDayDate", "kitchenSinks"."jsonArray", "kitchenSinks"."optionalJSONArray", "kitchenSinks"."jsonArrayOfDates"
      FROM "kitchenSinks"
      """)
    #expect(
      try database.read { try KitchenSink.all.fetchAll($0) } == [Self.defaults, Self.blob, Self.blobJr])
  }

  @Test func jsonGroupArray() throws {
    let statement =
      Kitchen
      .fullJoin(KitchenSink.all) { $0.id.is($1.kitchenID) }
      .select { ($0, $1.jsonGroupArray()) }
    expectSQL(
      statement,
      """
      SELECT "kitchens"."id", json_group_array(CASE WHEN ("kitchenSinks"."rowid") IS NOT (NULL) THEN json_object('id', json_quote("kitchenSinks"."id"), 'kitchenID', json_quote("kitchenSinks"."kitchenID"), 'bool', json(CASE "kitchenSinks"."bool" WHEN 0 THEN 'false' WHEN 1 THEN 'true' END), 'optionalBool', json(CASE "kitchenSinks"."optionalBool" WHEN 0 THEN 'false' WHEN 1 THEN 'true' END), 'string', json_quote("kitchenSinks"."string"), 'optionalString', json_quote("kitchenSinks"."optionalString"), 'int', json_quote("kitchenSinks"."int"), 'optionalInt', json_quote("kitchenSinks"."optionalInt"), 'double', json_quote("kitchenSinks"."double"), 'optionalDouble', json_quote("kitchenSinks"."optionalDouble"), 'rawRepresentable', json_quote("kitchenSinks"."rawRepresentable"), 'optionalRawRepresentable', json_quote("kitchenSinks"."optionalRawRepresentable"), 'iso8601Date', json_quote("kitchenSinks"."iso8601Date"), 'optionalISO8601Date', json_quote("kitchenSinks"."optionalISO8601Date"), 'unixTimeDate', datetime("kitchenSinks"."unixTimeDate", 'unixepoch'), 'optionalUnixTimeDate', datetime("kitchenSinks"."optionalUnixTimeDate", 'unixepoch'), 'julianDayDate', datetime("kitchenSinks"."julianDayDate", 'julianday'), 'optionalJulianDayDate', datetime("kitchenSinks"."optionalJulianDayDate", 'julianday'), 'jsonArray', json("kitchenSinks"."jsonArray"), 'optionalJSONArray', json("kitchenSinks"."optionalJSONArray"), 'jsonArrayOfDates', json("kitchenSinks"."jsonArrayOfDates")) END) FILTER (WHERE ("kitchenSinks"."rowid") IS NOT (NULL))
      FROM "kitchens"
      FULL JOIN "kitchenSinks" ON ("kitchens"."id") IS ("kitchenSinks"."kitchenID")
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == [Kitchen(id: 1)])
    #expect(rows.map(\.1) == [[Self.blob, Self.blobJr, Self.defaults]])
  }
}

@Table
private struct Kitchen: Equatable {
  let id: Int
}

private enum Color: String, Codable, QueryBindable {
  case red, green, blue
}

@Table
private struct KitchenSink: Codable, Equatable {
  let id: Int
  var kitchenID: Int?
  var bool: Bool
  var optionalBool: Bool?
  var string: String
  var optionalString: String?
  var int: Int
  var optionalInt: Int?
  var double: Double
  var optionalDouble: Double?
  var rawRepresentable: Color
  var optionalRawRepresentable: Color?
  var iso8601Date: Date
  var optionalISO8601Date: Date?
  @Column(as: Date.UnixTimeRepresentation.self)
  var unixTimeDate: Date
  @Column(as: Date.UnixTimeRepresentation?.self)
  var optionalUnixTimeDate: Date?
  @Column(as: Date.JulianDayRepresentation.self)
  var julianDayDate: Date
  @Column(as: Date.JulianDayRepresentation?.self)
  var optionalJulianDayDate: Date?
  @Column(as: [String].JSONRepresentation.self)
  var jsonArray: [String]
  @Column(as: [String].JSONRepresentation?.self)
  var optionalJSONArray: [String]?
  @Column(as: [Date].JSONRepresentation.self)
  var jsonArrayOfDates: [Date]
}
