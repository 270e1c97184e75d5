import Foundation
import SQLiteData
import Testing

/// Upstream's `BindingTests`: a UUID stored as its 16 bytes (`UUID.BytesRepresentation`), a
/// `UInt64` too large for an SQLite integer, and UUIDs compared with `IN`. Upstream selects a value
/// without a table with its test helper `SimpleSelect { … }`; here that is `Values(…)`, and
/// `UUID(0)` (upstream's helper for the UUID whose last digits are 0) is `uuid(0)`.
/// The display form shows a blob's bytes as text (`'\u{07AD}��ޭ…'`), as upstream's does.
@Suite("Upstream: bindings")
struct BindingTests {
  @Table
  fileprivate struct Record: Equatable {
    @Column(as: UUID.BytesRepresentation.self)
    var id: UUID
    var name = ""
    var duration: UInt64 = 0
  }

  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
    try database.write { db in
      try #sql("CREATE TABLE records (id BLOB PRIMARY KEY, name TEXT, duration INTEGER)").execute(db)
    }
  }

  /// The UUID whose last 12 hexadecimal digits are `value`.
  private static func uuid(_ value: Int) -> UUID {
    let digits = String(value, radix: 16)
    return UUID(
      uuidString: "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - digits.count) + digits)!
  }

  @Test func bytes() throws {
    let statement = Record.insert {
      Record.Draft(
        id: UUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef"),
        name: "Blob"
      )
    }
    .returning(\.self)
    expectSQL(
      statement,
      #"""
      INSERT INTO "records"
      ("id", "name", "duration")
      VALUES
      ('\u{07AD}��ޭ��ޭ��ޭ��', 'Blob', 0)
      RETURNING "id", "name", "duration"
      """#)
    #expect(
      try database.write { try statement.fetchAll($0) } == [
        Record(id: UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!, name: "Blob", duration: 0)
      ])
  }

  @Test func overflow() throws {
    let statement = Record.insert {
      Record.Draft(
        id: UUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef"),
        duration: UInt64.max
      )
    }
    .returning(\.self)
    expectSQL(
      statement,
      #"""
      INSERT INTO "records"
      ("id", "name", "duration")
      VALUES
      ('\u{07AD}��ޭ��ޭ��ޭ��', '', 18446744073709551615)
      RETURNING "id", "name", "duration"
      """#)
    #expect(throws: (any Error).self) {
      try database.write { try statement.fetchAll($0) }
    }
    #expect(try database.read { try Record.all.fetchAll($0) } == [])
  }

  @Test func uuids() throws {
    let statement = Values(
      Self.uuid(0).in([Self.uuid(1), Self.uuid(2)])
    )
    expectSQL(
      statement,
      """
      SELECT ('00000000-0000-0000-0000-000000000000') IN (('00000000-0000-0000-0000-000000000001'), ('00000000-0000-0000-0000-000000000002'))
      """)
    #expect(try database.read { try statement.fetchOne($0) } == false)
  }
}
