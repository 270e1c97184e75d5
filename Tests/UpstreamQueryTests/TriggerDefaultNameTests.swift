import Foundation
import SQLiteData
import Testing

/// Upstream's `TriggerDefaultNameTests`: an unnamed trigger is named after its timing, event and
/// table, and the place it is declared. The case passes upstream's place (`fileID:line:column:`)
/// so that the name is upstream's; a second check leaves the place to the call.
@Suite("Upstream: trigger default names")
struct TriggerDefaultNameTests {
  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func basics() throws {
    let trigger = RemindersList.createTemporaryTrigger(
      after: .insert { new in
        Values(1)
      },
      fileID: "StructuredQueriesTests/TriggerDefaultNameTests.swift", line: 13, column: 57
    )
    expectSQL(
      trigger,
      """
      CREATE TEMPORARY TRIGGER
        "after_insert_on_remindersLists@StructuredQueriesTests/TriggerDefaultNameTests.swift:13:57"
      AFTER INSERT ON "remindersLists"
      FOR EACH ROW BEGIN
        SELECT 1;
      END
      """)
    expectFragment(
      trigger.drop(),
      """
      DROP TRIGGER "after_insert_on_remindersLists@StructuredQueriesTests/TriggerDefaultNameTests.swift:13:57"
      """)

    try database.write { db in
      try trigger.execute(db)
      try RemindersList.insert { RemindersList.Draft(title: "Errands") }.execute(db)
      try trigger.drop().execute(db)
    }
    #expect(try database.read { try RemindersList.count().fetchOne($0) } == 4)

    let here = RemindersList.createTemporaryTrigger(after: .insert { _ in Values(1) })
    #expect(
      here.name.hasPrefix("after_insert_on_remindersLists@UpstreamQueryTests/TriggerDefaultNameTests.swift:"))
  }
}
