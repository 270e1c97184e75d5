import Foundation
import SQLiteData
import Testing

/// Upstream's `ScalarFunctionsTests`. `unhex` and `octet_length` render as upstream does; running
/// them needs SQLite 3.41 and 3.43.
@Suite("Upstream: scalar functions")
struct ScalarFunctionsTests {
  @Table
  struct User {
    var id: Int
    var name: String
    var isAdmin: Bool
    var salary: Double
    var referrerID: Int?
    var updatedAt: Date
    var image: [UInt8]
  }

  @Test func likelihood() {
    expectFragment(User.columns.isAdmin.likely(), #"likely("users"."isAdmin")"#)
    expectFragment(User.columns.isAdmin.unlikely(), #"unlikely("users"."isAdmin")"#)
    expectFragment(User.columns.isAdmin.likelihood(0.5), #"likelihood("users"."isAdmin", 0.5)"#)
  }

  @Test func blob() {
    expectFragment(10.randomblob(), "randomblob(10)")
    expectFragment(10.zeroblob(), "zeroblob(10)")
  }

  @Test func arithmetic() {
    expectFragment(User.columns.id.abs(), #"abs("users"."id")"#)
    expectFragment(User.columns.salary.abs(), #"abs("users"."salary")"#)
    expectFragment(User.columns.id.sign(), #"sign("users"."id")"#)
    expectFragment(User.columns.salary.sign(), #"sign("users"."salary")"#)
    expectFragment(User.columns.salary.round(), #"round("users"."salary")"#)
    expectFragment(User.columns.salary.round(2), #"round("users"."salary", 2)"#)
  }

  @Test func strings() {
    expectFragment("Jr".instr(User.columns.name), #"instr('Jr', "users"."name")"#)
    expectFragment(User.columns.name.length(), #"length("users"."name")"#)
    expectFragment(User.columns.name.lower(), #"lower("users"."name")"#)
    expectFragment(User.columns.name.ltrim(), #"ltrim("users"."name")"#)
    expectFragment(User.columns.name.ltrim(" "), #"ltrim("users"."name", ' ')"#)
    expectFragment(User.columns.name.octetLength(), #"octet_length("users"."name")"#)
    expectFragment(User.columns.name.quote(), #"quote("users"."name")"#)
    expectFragment(User.columns.name.replace("a", "b"), #"replace("users"."name", 'a', 'b')"#)
    expectFragment(User.columns.name.rtrim(), #"rtrim("users"."name")"#)
    expectFragment(User.columns.name.rtrim(" "), #"rtrim("users"."name", ' ')"#)
    expectFragment(User.columns.name.substr(10), #"substr("users"."name", 10)"#)
    expectFragment(User.columns.name.substr(10, 10), #"substr("users"."name", 10, 10)"#)
    expectFragment(User.columns.name.trim(), #"trim("users"."name")"#)
    expectFragment(User.columns.name.trim(" "), #"trim("users"."name", ' ')"#)
    expectFragment(User.columns.name.unhex(), #"unhex("users"."name")"#)
    expectFragment(User.columns.name.unhex("<->"), #"unhex("users"."name", '<->')"#)
    expectFragment(User.columns.name.unicode(), #"unicode("users"."name")"#)
    expectFragment(User.columns.name.upper(), #"upper("users"."name")"#)
  }

  @Test func bytes() {
    expectFragment(User.columns.image.hex(), #"hex("users"."image")"#)
  }

  // Upstream's deprecated `name ?? name` (a non-optional left side) is left out: Swift warns on
  // it whatever the operator's overloads.
  @Test func deprecatedCount() {
    expectFragment(User.columns.name.count, #"length("users"."name")"#)
  }

  @Test func ifnull() throws {
    let statement = Reminder.select { ($0.priority, $0.priority.ifnull(Priority.low)) }
    expectSQL(
      statement,
      """
      SELECT "reminders"."priority", ifnull("reminders"."priority", 1)
      FROM "reminders"
      """)
    let database = try upstreamDatabase()
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == [nil, nil, .high, nil, nil, .high, .low, .high, nil, .medium])
    #expect(rows.map(\.1) == [.low, .low, .high, .low, .low, .high, .low, .high, .low, .medium])
  }

  @Test func bytesRoundTrip() throws {
    let database = try DatabaseQueue()
    try database.write { db in
      try #sql(
        """
        CREATE TABLE "users" (
          "id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "isAdmin" INTEGER NOT NULL,
          "salary" REAL NOT NULL, "referrerID" INTEGER, "updatedAt" TEXT NOT NULL, "image" BLOB NOT NULL
        )
        """
      ).execute(db)
      try User.insert {
        User(
          id: 1, name: "Blob", isAdmin: false, salary: 1, referrerID: nil,
          updatedAt: Date(timeIntervalSince1970: 0),
          image: [0xde, 0xad, 0xbe, 0xef])
      }.execute(db)
      #expect(try User.select { $0.image.hex() }.fetchOne(db) == "DEADBEEF")
      #expect(try User.all.fetchOne(db)?.image == [0xde, 0xad, 0xbe, 0xef])
    }
  }
}
