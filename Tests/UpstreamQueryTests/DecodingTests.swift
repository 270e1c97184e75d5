import Foundation
import SQLiteData
import Testing

/// Upstream's `DecodingTests`: values of each standard type, raw-representable enums, dates and
/// UUIDs in their representations, optionals and JSON read back from a select. Upstream selects a
/// value without a table with its test helper `SimpleSelect { … }`; here that is `Values(…)`.
///
/// Under `UPSTREAM_GAPS`: `losslessStringConvertible` (a `LosslessStringConvertible` type that
/// declares `QueryBindable` and nothing else, bound and read as its description) and
/// `recordWithOptionalDate` (a hand-written `init(decoder: inout some QueryDecoder)` reading
/// `Date.ISO8601Representation`). Left out: `blob` and the `unhex("-")` value of
/// `queryRepresentable`, since `unhex` needs SQLite 3.41 and the system's is 3.40.
@Suite("Upstream: decoding")
struct DecodingTests {
  /// Compiles only if a column's type is read from an initializer call (`Int(42)`).
  @Table
  fileprivate struct Row {
    var data = Int(42)
  }

  @Table
  fileprivate struct RowWithOptional: Equatable {
    var value: Int? = 42
  }

  let database: DatabaseQueue

  init() throws {
    database = try DatabaseQueue()
  }

  private func first<Value>(_ statement: Values<Value>) throws -> Value? {
    try database.read { try statement.fetchOne($0) }
  }

  @Test func basics() throws {
    #expect(try first(Values(#sql("0", as: Bool.self))) == false)
    #expect(try first(Values(#sql("1", as: Bool.self))) == true)
    #expect(try first(Values(#sql("2", as: Int.self))) == 2)
    #expect(try first(Values(#sql("3", as: Int8.self))) == Int8(3))
    #expect(try first(Values(#sql("4", as: Int16.self))) == Int16(4))
    #expect(try first(Values(#sql("5", as: Int32.self))) == Int32(5))
    #expect(try first(Values(#sql("6", as: Int64.self))) == Int64(6))
    #expect(try first(Values(#sql("7", as: UInt8.self))) == UInt8(7))
    #expect(try first(Values(#sql("8", as: UInt16.self))) == UInt16(8))
    #expect(try first(Values(#sql("9", as: UInt32.self))) == UInt32(9))
    #expect(try first(Values(#sql("10", as: UInt64.self))) == UInt64(10))
    #expect(try first(Values(#sql("11.12", as: Float.self))) == Float(11.12))
    #expect(try first(Values(#sql("13.14", as: Double.self))) == 13.14)
    #expect(try first(Values(#sql("'Blob'", as: String.self))) == "Blob")
  }

  #if UPSTREAM_GAPS
    @Test func losslessStringConvertible() throws {
      struct Email: Equatable, LosslessStringConvertible, QueryBindable {
        var description: String

        init?(_ description: String) {
          self.description = description
        }
      }
      #expect(
        try first(Values(#sql("'support@pointfree.co'", as: Email.self))) == Email("support@pointfree.co"))
    }
  #endif

  @Test func rawRepresentable() throws {
    enum Priority: Int, QueryBindable {
      case low = 1
      case medium
      case high
    }
    #expect(try first(Values(#sql("3", as: Priority.self))) == .high)
    #expect(try first(Values(#sql("\(Priority.high)", as: Priority.self))) == .high)
  }

  @Test func queryRepresentable() throws {
    #expect(
      try first(Values(#sql("'2001-01-01 00:00:00'", as: Date.self)))
        == Date(timeIntervalSinceReferenceDate: 0))
    #expect(
      try first(Values(#sql("1234567890", as: Date.UnixTimeRepresentation.self)))
        == Date(timeIntervalSince1970: 1_234_567_890))
    #expect(
      try first(Values(#sql("2451910.5", as: Date.JulianDayRepresentation.self)))
        == Date(timeIntervalSinceReferenceDate: 0))
    #expect(
      try first(Values(#sql("'deadbeef-dead-beef-dead-beefdeadbeef'", as: UUID.self)))
        == UUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef"))
    #expect(
      try first(
        Values(#sql("'DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF'", as: UUID.UppercasedRepresentation.self)))
        == UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF"))
  }

  @Test func optionalDate() throws {
    #expect(try first(Values(#sql("NULL", as: Date?.self))) == .some(.none))
    #expect(try first(Values(#sql("NULL", as: Date.UnixTimeRepresentation?.self))) == .some(.none))
  }

  #if UPSTREAM_GAPS
    @available(*, deprecated)
    @Test func recordWithOptionalDate() throws {
      struct Record: Equatable, QueryDecodable, QueryRepresentable {
        var date: Date?
        init(date: Date?) { self.date = date }
        init(decoder: inout some QueryDecoder) throws(QueryDecodingError) {
          date = try decoder.decode(Date.ISO8601Representation.self)
        }
      }
      #expect(try first(Values(#sql("NULL", as: Record.self))) == .some(Record(date: nil)))
      #expect(
        try first(Values(#sql("'2001-01-01 00:00:00'", as: Record.self)))
          == .some(Record(date: Date(timeIntervalSinceReferenceDate: 0))))
    }
  #endif

  @Test func jsonCodable() throws {
    struct User: Codable, Equatable, Sendable {
      let id: Int
      var name: String
    }
    let statement = Values(
      #sql(
        """
        '{"id":1,"name":"Blob"}'
        """,
        as: User.JSONRepresentation.self
      )
    )
    expectSQL(
      statement,
      """
      SELECT '{"id":1,"name":"Blob"}'
      """)
    #expect(try first(statement) == User(id: 1, name: "Blob"))
  }

  @Test func jsonCodableCustomKeys() throws {
    struct User: Codable, Equatable, Sendable {
      let id: Int
      var name: String

      enum CodingKeys: String, CodingKey {
        case id = "user_id"
        case name = "user_name"
      }
    }
    let statement = Values(
      #sql(
        """
        '{"user_id":1,"user_name":"Blob"}'
        """,
        as: User.JSONRepresentation.self
      )
    )
    expectSQL(
      statement,
      """
      SELECT '{"user_id":1,"user_name":"Blob"}'
      """)
    #expect(try first(statement) == User(id: 1, name: "Blob"))
  }

  /// Compiles only if a bound value can be selected in a representation.
  func compileTime() throws {
    _ = try #require(
      try first(
        Values(#bind(Date(timeIntervalSince1970: 0), as: Date.UnixTimeRepresentation.self))
      )
    )
  }

  @Test("NULL value in optional column does not decode as default")
  func nullValueInOptionalColumnDoesNotDecodeAsDefault() throws {
    try database.write { db in
      try #sql(
        """
        CREATE TABLE "rowWithOptionals" ("value" INTEGER) STRICT
        """
      )
      .execute(db)
      try #sql(
        """
        INSERT INTO "rowWithOptionals" ("value") VALUES (NULL)
        """
      )
      .execute(db)
    }
    let statement = RowWithOptional.all
    expectSQL(
      statement,
      """
      SELECT "rowWithOptionals"."value"
      FROM "rowWithOptionals"
      """)
    #expect(try database.read { try statement.fetchAll($0) } == [RowWithOptional(value: nil)])
  }
}
