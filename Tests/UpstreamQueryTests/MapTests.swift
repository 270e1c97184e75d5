import Foundation
import SQLiteData
import Testing

/// Upstream's `MapTests`: `map` on an optional expression or column group, a `CASE` that is NULL
/// where the value is.
@Suite("Upstream: map")
struct MapTests {
  @Table
  struct OptionalInteger {
    let value: Int?
  }

  @Table
  struct Item {
    @Selection
    struct Group {
      var a: Int
      var b: Int
    }
    var group: Group?
  }

  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func mapWithDatabaseFunction() throws {
    try database.write { db in
      try db.add(function: $increment)
      try #sql(
        """
        CREATE TABLE "optionalIntegers" (
          "value" INTEGER
        ) STRICT
        """
      )
      .execute(db)
      try #sql(
        """
        INSERT INTO "optionalIntegers" ("value") VALUES (1), (NULL), (3)
        """
      )
      .execute(db)
    }
    let statement = OptionalInteger.select {
      $0.value.map { $increment($0) }
    }
    expectSQL(
      statement,
      """
      SELECT CASE ("optionalIntegers"."value") IS (NULL) WHEN 1 THEN NULL ELSE "increment"("optionalIntegers"."value") END
      FROM "optionalIntegers"
      """)
    #expect(try database.read { try statement.fetchAll($0) } == [2, nil, 4])
  }

  @Test func selectionMap() {
    expectSQL(
      Item.select { $0.group.map { _ in true } ?? false },
      """
      SELECT coalesce(CASE ("items"."a", "items"."b") IS (NULL, NULL) WHEN 1 THEN NULL ELSE 1 END, 0)
      FROM "items"
      """)
  }
}

@DatabaseFunction(isDeterministic: true)
private func increment(_ value: Int) -> Int {
  value + 1
}
