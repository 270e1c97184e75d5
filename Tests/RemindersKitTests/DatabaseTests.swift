import Foundation
import RemindersKit
import SQLiteData
import Testing

/// A database file in a fresh temporary folder, removed afterwards.
struct TemporaryFile {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reminders-\(UUID().uuidString)")
  var path: String { folder.appendingPathComponent("reminders.sqlite").path }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}

@Suite("Opening, migrating and preparing the database", .fixedClock)
struct DatabaseTests {
  @Test func migrationsAreNamedRecordedAndIdempotent() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let first = try AppDatabase.open(path: file.path, scheduler: ManualCompletionScheduler())
    try first.loadSampleData()
    // Preparing the same writer again changes nothing and breaks nothing.
    try AppDatabase.prepare(first, scheduler: ManualCompletionScheduler())
    first.close()
    let second = try AppDatabase.open(path: file.path, scheduler: ManualCompletionScheduler())
    defer { second.close() }
    let recorded = try second.read {
      try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
    }
    #expect(recorded == AppDatabase.migrationIdentifiers)
    #expect(recorded.count == 8)
    #expect(try second.read { try Reminder.fetchCount($0) } == 11)
    try second.saveReminder(
      Reminder.Draft(
        remindersListID: try second.read { try RemindersList.fetchOne($0) }!.id, title: "After reopening"))
    #expect(try second.read { try Reminder.fetchCount($0) } == 12)
    #expect(try second.read { try ReminderText.where { $0.match("reopening") }.fetchCount($0) } == 1)
  }

  @Test func theSchemaIsAsSpecified() throws {
    let database = try AppDatabase.inMemory()
    let sql = try database.read { db in
      try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL").reduce(
        into: [String: String]()
      ) { result, row in
        if case .text(let name) = row[0], case .text(let sql) = row[1] { result[name] = sql }
      }
    }
    for table in [
      "remindersLists", "remindersListAssets", "reminders", "tags", "remindersTags", "screenSettings",
      "remindersListCounts", "tagCounts",
    ] {
      #expect(sql[table]?.hasSuffix("STRICT") == true, "\(table)")
    }
    #expect(
      sql["remindersLists"]?.contains(#""id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid())"#)
        == true)
    #expect(sql["reminders"]?.contains(#"REFERENCES "remindersLists"("id") ON DELETE CASCADE"#) == true)
    #expect(sql["tags"]?.contains("COLLATE NOCASE") == true)
    #expect(sql["remindersTags"]?.contains("ON DELETE CASCADE ON UPDATE CASCADE") == true)
    #expect(sql["reminderTexts"]?.contains("tokenize = 'trigram'") == true)
    for index in [
      "reminders_remindersListID_status", "remindersTags_reminderID_tagID", "remindersTags_tagID",
      "reminders_status_dueDate", "reminders_flagged_status", "reminders_position",
    ] {
      #expect(sql[index] != nil, "\(index)")
    }
    // A NULL bound to a column with a default takes the default.
    try database.write { db in
      try db.execute(sql: #"INSERT INTO "remindersLists" ("id", "color", "title") VALUES (NULL, NULL, NULL)"#)
    }
    let list = try #require(try database.read { try RemindersList.fetchOne($0) })
    #expect(list.color == RemindersList.defaultColor)
    #expect(list.title == "")
    #expect(list.id.uuidString.count == 36)
  }

  /// A file as the seeds' example leaves it: its own tables and migration, no search index.
  @Test func aFileMadeByTheSeedsExampleOpens() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    try FileManager.default.createDirectory(at: file.folder, withIntermediateDirectories: true)
    do {
      let seeds = try DatabaseQueue(path: file.path)
      try seeds.write { db in
        try db.execute(
          sql: """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('Create initial tables');
            CREATE TABLE "remindersLists" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "color" INTEGER NOT NULL DEFAULT 1251602431,
              "position" INTEGER NOT NULL DEFAULT 0,
              "title" TEXT NOT NULL DEFAULT ''
            ) STRICT;
            CREATE TABLE "remindersListAssets" (
              "remindersListID" TEXT PRIMARY KEY NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE,
              "coverImage" BLOB
            ) STRICT;
            CREATE TABLE "reminders" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "dueDate" TEXT,
              "isFlagged" INTEGER NOT NULL DEFAULT 0,
              "notes" TEXT NOT NULL DEFAULT '',
              "position" INTEGER NOT NULL DEFAULT 0,
              "priority" INTEGER,
              "remindersListID" TEXT NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE,
              "status" INTEGER NOT NULL DEFAULT 0,
              "title" TEXT NOT NULL DEFAULT ''
            ) STRICT;
            CREATE TABLE "tags" ("title" TEXT NOT NULL PRIMARY KEY COLLATE NOCASE) STRICT;
            CREATE TABLE "remindersTags" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "reminderID" TEXT NOT NULL REFERENCES "reminders"("id") ON DELETE CASCADE,
              "tagID" TEXT NOT NULL REFERENCES "tags"("title") ON DELETE CASCADE ON UPDATE CASCADE
            ) STRICT;
            INSERT INTO "remindersLists" ("id", "title", "position")
            VALUES ('aaaaaaaa-0000-0000-0000-000000000001', 'Errands', 0);
            INSERT INTO "reminders" ("id", "title", "notes", "remindersListID", "dueDate", "position")
            VALUES ('bbbbbbbb-0000-0000-0000-000000000001', 'Post office', 'Stamps
            Envelopes', 'aaaaaaaa-0000-0000-0000-000000000001', '2026-03-10 15:00:00.000', 0);
            INSERT INTO "tags" VALUES ('town');
            INSERT INTO "remindersTags" ("reminderID", "tagID")
            VALUES ('bbbbbbbb-0000-0000-0000-000000000001', 'town');
            """)
      }
      seeds.close()
    }
    let database = try AppDatabase.open(path: file.path, scheduler: ManualCompletionScheduler())
    defer { database.close() }
    let recorded = try database.read {
      try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
    }
    #expect(recorded == ["Create initial tables"] + AppDatabase.migrationIdentifiers)
    #expect(try database.read { try Stats.query.fetchOne($0) }?.todayCount == 1)
    let found = try database.read { try SearchRequest(text: "envelopes #town").fetch($0) }
    #expect(found.results.map(\.row.reminder.title) == ["Post office"])
    #expect(found.results.first?.row.tags == "#town")
    let list = try #require(try database.read { try RemindersList.fetchOne($0) })
    let added = try database.saveReminder(Reminder.Draft(remindersListID: list.id, title: "Bank"))
    #expect(added.position == 1)
  }

  @Test func aFileFromANewerVersionIsRefused() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    do {
      let database = try AppDatabase.open(path: file.path, scheduler: ManualCompletionScheduler())
      try database.write { db in
        try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('Reminders 99: something new')")
      }
      database.close()
    }
    let error = #expect(throws: MigrationError.self) {
      try AppDatabase.open(path: file.path, scheduler: ManualCompletionScheduler())
    }
    #expect(error?.description.contains("newer version") == true)
  }

  @Test func aFolderIsNotADatabase() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    try FileManager.default.createDirectory(at: file.folder, withIntermediateDirectories: true)
    let error = #expect(throws: DatabaseError.self) {
      try AppDatabase.open(path: file.folder.path, scheduler: ManualCompletionScheduler())
    }
    #expect(error?.description.contains("directory") == true)
  }
}
