import Foundation
import RemindersKit
import SQLiteData
import Testing

/// Derived data (the search index, the counts) is kept by the schema itself, so rows written by a
/// program that knows nothing of the app are searched and counted like the app's own.
@Suite("Rows written by other programs", .fixedClock)
struct OtherWritersTests {
  @Test func anotherConnectionsRowsAreSearchedAndCounted() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let database = try AppDatabase.open(path: file.path, scheduler: ManualCompletionScheduler())
    defer { database.close() }
    try database.writeAction { try $0.loadSampleData() }

    // A bare connection: none of the app's temporary triggers or functions, and ids given
    // explicitly, as a program without `uuid()` must give them.
    let other = try DatabaseQueue(path: file.path)
    try other.write { db in
      try db.execute(
        sql: """
          INSERT INTO "reminders" ("id", "title", "notes", "remindersListID")
          SELECT 'aaaaaaaa-1111-4222-8333-444444444444', 'Feed the zebra', 'at the
          zoo', "id" FROM "remindersLists" ORDER BY "position" LIMIT 1;
          INSERT INTO "tags" ("title") VALUES ('savanna');
          INSERT INTO "remindersTags" ("id", "reminderID", "tagID")
          VALUES ('bbbbbbbb-1111-4222-8333-444444444444', 'aaaaaaaa-1111-4222-8333-444444444444', 'savanna');
          """)
    }
    let found = try database.read { try SearchRequest(text: "zebra #savanna").fetch($0) }
    #expect(found.results.map(\.row.reminder.title) == ["Feed the zebra"])
    let byNotes = try database.read { try SearchRequest(text: "the zoo").fetch($0) }
    #expect(byNotes.results.map(\.row.reminder.title) == ["Feed the zebra"])

    try other.write { db in
      try db.execute(sql: #"UPDATE "tags" SET "title" = 'grassland' WHERE "title" = 'savanna'"#)
      try db.execute(
        sql: #"UPDATE "reminders" SET "title" = 'Feed the lion' WHERE "title" = 'Feed the zebra'"#)
    }
    let renamed = try database.read { try SearchRequest(text: "lion #grassland").fetch($0) }
    #expect(renamed.results.map(\.row.reminder.title) == ["Feed the lion"])
    try other.write { db in try db.execute(sql: #"DELETE FROM "reminders" WHERE "title" = 'Feed the lion'"#) }
    #expect(try database.read { try SearchRequest(text: "lion").fetch($0) }.results.isEmpty)
    other.close()
    #expect(try database.read(countDifferences) == [])
  }

  /// A file whose index went stale under temporary triggers is indexed again when opened.
  @Test func aStaleIndexIsRebuiltOnUpgrade() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    do {
      let database = try AppDatabase.open(path: file.path, scheduler: ManualCompletionScheduler())
      try database.writeAction { try $0.loadSampleData() }
      try database.write { db in
        // As a file looked after the older version: the index kept by temporary triggers,
        // with a row another program added missing from it.
        try db.execute(
          sql: """
            DROP TRIGGER "reminderTexts_after_reminder_insert";
            DELETE FROM "grdb_migrations" WHERE "identifier" LIKE 'Reminders 9:%';
            INSERT INTO "reminders" ("id", "title", "remindersListID")
            SELECT 'aaaaaaaa-1111-4222-8333-444444444444', 'Unindexed giraffe', "id"
            FROM "remindersLists" LIMIT 1;
            PRAGMA user_version = 8;
            """)
      }
      #expect(try database.read { try SearchRequest(text: "giraffe").fetch($0) }.results.isEmpty)
      database.close()
    }
    let reopened = try AppDatabase.open(path: file.path, scheduler: ManualCompletionScheduler())
    defer { reopened.close() }
    let found = try reopened.read { try SearchRequest(text: "giraffe").fetch($0) }
    #expect(found.results.map(\.row.reminder.title) == ["Unindexed giraffe"])
  }

  /// The `sqlite3` shell inserts with the app's defaults once it loads the shipped extension,
  /// which gives it `uuid()`; the index and the counts follow.
  @Test func theShellInsertsWithTheUUIDExtension() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let database = try AppDatabase.open(path: file.path, scheduler: ManualCompletionScheduler())
    defer { database.close() }
    try database.writeAction { try $0.loadSampleData() }
    let library = try #require(
      Self.extensionLibrary, "libRemindersSQLiteExtension.so is built with the tests")
    try shell(
      file.path,
      """
      .load \(library)
      INSERT INTO "reminders" ("title", "remindersListID", "isFlagged")
      SELECT 'Shell zebra', "id", 1 FROM "remindersLists" ORDER BY "position" LIMIT 1;
      INSERT INTO "remindersTags" ("reminderID", "tagID")
      SELECT "id", 'someday' FROM "reminders" WHERE "title" = 'Shell zebra';
      """)
    let found = try database.read { try SearchRequest(text: "zebra #someday").fetch($0) }
    let reminder = try #require(found.results.first?.row.reminder)
    #expect(reminder.title == "Shell zebra")
    #expect(reminder.id.uuidString.lowercased().split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
    #expect(try database.read(countDifferences) == [])
    // The extension turns foreign keys on, as the app has them: a delete in the shell cascades to
    // the reminder's taggings, and the counts and the export stay right.
    try shell(
      file.path,
      """
      .load \(library)
      DELETE FROM "reminders" WHERE "title" = 'Shell zebra';
      """)
    #expect(try database.read(countDifferences) == [])
    let archive = try database.archive()
    #expect(throws: Never.self) { try archive.validate() }
  }

  /// The extension, built next to the test bundle.
  static var extensionLibrary: String? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<3 {
      let candidate = directory.appendingPathComponent("libRemindersSQLiteExtension.so").path
      if FileManager.default.fileExists(atPath: candidate) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }
}
