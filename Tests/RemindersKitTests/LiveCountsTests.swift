import Foundation
import RemindersKit
import SQLiteData
import TerminalUITestSupport
import Testing

@Suite("Counts kept by triggers equal a fresh count", .fixedClock)
struct LiveCountsTests {
  @Test(arguments: [1 as UInt64, 2, 3])
  func afterRandomActionsUndoAndRedo(seed: UInt64) throws {
    let fixture = try Fixture()
    var work = try RandomWork(seed: seed, database: fixture.database, scheduler: fixture.scheduler)
    for step in 0..<150 {
      try work.step()
      let differences = try fixture.database.read { try countDifferences($0) }
      guard differences.isEmpty else {
        Issue.record(
          "seed \(seed), step \(step): \(differences)\n\(work.log.suffix(8).joined(separator: "\n"))")
        return
      }
    }
    // The walk did real work, not a run of refusals.
    #expect(work.completed > 120, "\(work.log.suffix(20))")
  }

  @Test(arguments: [11 as UInt64, 12])
  func afterWritesFromTheShellAndTheApp(seed: UInt64) throws {
    let sample = try SampleFile()
    defer { sample.close() }
    let (database, scheduler) = (sample.database, sample.scheduler)
    var work = try RandomWork(seed: seed, database: database, scheduler: scheduler, path: sample.path)
    for step in 0..<70 {
      try work.step()
      let differences = try database.read { try countDifferences($0) }
      guard differences.isEmpty else {
        Issue.record(
          "seed \(seed), step \(step): \(differences)\n\(work.log.suffix(8).joined(separator: "\n"))")
        return
      }
    }
    #expect(work.completed > 50, "\(work.log.suffix(20))")
    #expect(work.log.contains { $0.hasPrefix("shell") } && work.log.contains { $0.hasPrefix("program") })
  }

  @Test func aListsCountsFollowItsRemindersAndLeaveWithThem() throws {
    let fixture = try Fixture()
    let family = try fixture.list("Family")
    let personal = try fixture.list("Personal")
    func row(_ id: RemindersList.ID) throws -> RemindersListCounts? {
      try fixture.database.read { try RemindersListCounts.find(id).fetchOne($0) }
    }
    #expect(
      try row(family.id)
        == RemindersListCounts(
          remindersListID: family.id, incompleteCount: 2, flaggedCount: 1, scheduledCount: 2,
          completedCount: 1))
    // Moving a reminder takes its counts along.
    var trash = Reminder.Draft(try fixture.reminder("Take out trash"))
    trash.remindersListID = personal.id
    trash.isFlagged = true
    try fixture.database.writeAction { try $0.saveReminder(trash) }
    #expect(try row(family.id)?.incompleteCount == 1)
    #expect(try row(personal.id)?.flaggedCount == 2)
    // Completing counts as completed at once, and stays so when the grace period ends.
    try fixture.database.writeAction {
      try $0.toggleCompletion(try fixture.reminder("Pick up kids from school").id)
    }
    #expect(try row(family.id) == RemindersListCounts(remindersListID: family.id, completedCount: 2))
    fixture.scheduler.advance(by: Reminder.completionGracePeriod)
    #expect(try row(family.id) == RemindersListCounts(remindersListID: family.id, completedCount: 2))
    // A deleted list's reminders cascade, and its row goes with the last of them.
    try fixture.database.writeAction { try $0.deleteList(family.id) }
    #expect(try row(family.id) == nil)
    try fixture.database.writeAction { try $0.undo() }
    #expect(try row(family.id) == RemindersListCounts(remindersListID: family.id, completedCount: 2))
    #expect(try fixture.database.read { try countDifferences($0) } == [])
  }

  @Test func aTagsCountFollowsRenamesAndDeletes() throws {
    let fixture = try Fixture()
    func count(_ title: String) throws -> Int? {
      try fixture.database.read { try TagCount.find(title).fetchOne($0)?.remindersCount }
    }
    #expect(try count("social") == 3)
    try fixture.database.writeAction { try $0.renameTag("social", to: "friends") }
    #expect(try count("social") == nil)
    #expect(try count("friends") == 3)
    // Case only: the same tag, the same count.
    try fixture.database.writeAction { try $0.renameTag("friends", to: "Friends") }
    #expect(try count("FRIENDS") == 3)
    try fixture.database.writeAction { try $0.deleteTag("friends") }
    #expect(try count("friends") == nil)
    try fixture.database.writeAction { try $0.undo() }
    #expect(try count("friends") == 3)
    #expect(
      try fixture.database.read { try TagUsage.inUse.fetchAll($0) }.first { $0.tag.title == "Friends" }?
        .remindersCount == 3)
    #expect(try fixture.database.read { try countDifferences($0) } == [])
  }

  @Test func undoRecordsNoCountOfItsOwn() throws {
    let fixture = try Fixture()
    try fixture.database.writeAction { try $0.toggleFlag(try fixture.reminder("Groceries").id) }
    let logged = try fixture.database.read {
      try String.fetchAll(
        $0, sql: #"SELECT "sql" FROM "undoLog" WHERE "step" = (SELECT max("step") FROM "undoLog")"#)
    }
    #expect(logged.count == 1)
    #expect(!logged.contains { $0.contains("Counts") })
  }

  /// A file the seeds' example made has no counts: the migration counts what is there.
  @Test func aFileWithoutCountsGetsThemWhenMigrated() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    do {
      let database = try AppDatabase.open(path: file.path, scheduler: ManualCompletionScheduler())
      try database.writeAction { try $0.loadSampleData() }
      database.close()
    }
    // As a file from before the counts: the tables, triggers and the migration's record gone
    // (dropped from the shell)...
    try shell(
      file.path,
      """
      DROP TRIGGER remindersListCounts_after_reminder_insert;
      DROP TRIGGER remindersListCounts_after_reminder_update;
      DROP TRIGGER remindersListCounts_after_reminder_delete;
      DROP TRIGGER tagCounts_after_tagging_insert;
      DROP TRIGGER tagCounts_after_tagging_update;
      DROP TRIGGER tagCounts_after_tagging_delete;
      DROP TABLE remindersListCounts; DROP TABLE tagCounts;
      DELETE FROM grdb_migrations WHERE identifier LIKE 'Reminders 5:%';
      """)
    // ...and reminders and a tagging added meanwhile, by a plain connection (the shell lacks the
    // `uuid()` that inserts into these tables need).
    let plain = try DatabaseQueue(path: file.path)
    try plain.write { db in
      try db.execute(
        sql: """
          INSERT INTO reminders (id, remindersListID, status, isFlagged, title)
          SELECT 'ffffffff-0000-4000-8000-00000000000' || value, (SELECT id FROM remindersLists LIMIT 1),
            value % 3, value % 2, 'Added ' || value
          FROM (SELECT 1 AS value UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4);
          INSERT INTO remindersTags (id, reminderID, tagID)
          VALUES ('dddddddd-0000-4000-8000-000000000001', 'ffffffff-0000-4000-8000-000000000001', 'SOCIAL');
          """)
    }
    plain.close()
    let database = try AppDatabase.open(path: file.path, scheduler: ManualCompletionScheduler())
    defer { database.close() }
    #expect(try database.read { try countDifferences($0) } == [])
    #expect(try database.read { try Stats.query.fetchOne($0) }?.allCount == 8 + 1)
    #expect(
      try database.read { try TagUsage.inUse.fetchAll($0) }.first { $0.tag.title == "social" }?.remindersCount
        == 4)
  }

  @Test func theTriggersAreInTheFileForEveryWriter() throws {
    let database = try AppDatabase.inMemory()
    let triggers = try database.read {
      try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
    }
    #expect(
      Set(triggers)
        == [
          "remindersListCounts_after_reminder_delete", "remindersListCounts_after_reminder_insert",
          "remindersListCounts_after_reminder_update", "tagCounts_after_tagging_delete",
          "tagCounts_after_tagging_insert", "tagCounts_after_tagging_update",
          "reminderTexts_after_reminder_insert", "reminderTexts_after_reminder_update",
          "reminders_completedAt_after_status_update",
          "reminderTexts_after_reminder_delete", "reminderTexts_after_tag_add",
          "reminderTexts_after_tag_remove",
          "reminderTexts_after_tag_rename", "reminderTexts_after_tagging_update",
        ])
  }
}

/// Runs SQL in the `sqlite3` shell on a database file, failing on any error it reports.
func shell(_ path: String, _ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
  let result = try Subprocess.run(["/usr/bin/sqlite3", "-bail", path], input: sql, output: .discard)
  #expect(
    result.exitStatus == 0 && result.errors.isEmpty, "\(result.errors)", sourceLocation: sourceLocation)
}
