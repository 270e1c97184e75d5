import Foundation
import SQLiteData
import Testing

/// Upstream's `CaseTests`: a `CASE` built up one `when` at a time. Upstream selects it with
/// `Select(…)`; here a select of values without a table is `Values(…)`, the spelling upstream's
/// test had before, which renders the same SQL. The `Select(…)` spelling is under `UPSTREAM_GAPS`.
@Suite("Upstream: CASE")
struct CaseTests {
  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func dynamicCase() throws {
    let ids = Array([2, 3, 5, 1, 4].enumerated())
    let (first, rest) = (ids.first!, ids.dropFirst())
    let statement = Values(
      rest
        .reduce(Case(5).when(first.element, then: first.offset)) { cases, id in
          cases.when(id.element, then: id.offset)
        }
        .else(0)
    )
    expectSQL(
      statement,
      """
      SELECT CASE 5 WHEN 2 THEN 0 WHEN 3 THEN 1 WHEN 5 THEN 2 WHEN 1 THEN 3 WHEN 4 THEN 4 ELSE 0 END
      """)
    #expect(try database.read { try statement.fetchOne($0) } == 2)

    #if UPSTREAM_GAPS
      let selected = Select(
        rest
          .reduce(Case(5).when(first.element, then: first.offset)) { cases, id in
            cases.when(id.element, then: id.offset)
          }
          .else(0)
      )
      expectSQL(
        selected,
        """
        SELECT CASE 5 WHEN 2 THEN 0 WHEN 3 THEN 1 WHEN 5 THEN 2 WHEN 1 THEN 3 WHEN 4 THEN 4 ELSE 0 END
        """)
      #expect(try database.read { try selected.fetchOne($0) } == 2)
    #endif
  }
}
