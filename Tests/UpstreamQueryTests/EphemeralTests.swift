import Foundation
import SQLiteData
import Testing

/// Upstream's `EphemeralTests`: an `@Ephemeral` property is no column.
@Suite("Upstream: @Ephemeral")
struct EphemeralTests {
  @Test func basics() {
    expectSQL(
      TestTable.select { $0.firstName + ", " + $0.lastName },
      """
      SELECT (("testTables"."firstName") || (', ')) || ("testTables"."lastName")
      FROM "testTables"
      """)
  }

  @Test func equality() {
    #expect(TestTable(displayName: "Blob Jr") != TestTable(displayName: "Blob Sr"))
  }
}

@Table private struct TestTable: Equatable {
  var firstName = ""
  var lastName = ""
  @Ephemeral
  var displayName = ""
}
