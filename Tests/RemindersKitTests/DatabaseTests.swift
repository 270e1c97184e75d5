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

/// A database file with the sample data, opened as the app opens it, its completions on a clock
/// the test moves. `close()` closes it and removes the file.
struct SampleFile {
  let file = TemporaryFile()
  let scheduler = ManualCompletionScheduler()
  let database: DatabasePool

  init() throws {
    database = try AppDatabase.open(path: file.path, scheduler: scheduler)
    try database.writeAction { try $0.loadSampleData() }
  }

  var path: String { file.path }

  func close() {
    database.close()
    file.remove()
  }
}

@Suite("Opening, migrating and preparing the database", .fixedClock)
struct DatabaseTests {
  @Test func migrationsAreNamedRecordedAndIdempotent() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let first = try AppDatabase.open(path: file.path, scheduler: ManualCompletionScheduler())
    try first.writeAction { try $0.loadSampleData() }
    // Preparing the same writer again changes nothing and breaks nothing.
    try AppDatabase.prepare(first, scheduler: ManualCompletionScheduler())
    first.close()
    let second = try AppDatabase.open(path: file.path, scheduler: ManualCompletionScheduler())
    defer { second.close() }
    let recorded = try second.read {
      try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
    }
    #expect(recorded == AppDatabase.migrationIdentifiers)
    #expect(recorded.count == 11)
    #expect(try second.read { try Reminder.fetchCount($0) } == 11)
    try second.writeAction { db in
      try db.saveReminder(
        Reminder.Draft(remindersListID: try RemindersList.fetchOne(db)!.id, title: "After reopening"))
    }
    #expect(try second.read { try Reminder.fetchCount($0) } == 12)
    #expect(try second.read { try ReminderText.where { $0.match("reopening") }.fetchCount($0) } == 1)
  }

  @Test func theWriterIsPreparedForWritesAtItsFirstWrite() throws {
    let sample = try SampleFile()
    sample.database.close()
    let database = try AppDatabase.open(path: sample.path, scheduler: sample.scheduler)
    defer {
      database.close()
      sample.file.remove()
    }
    func temporaryObjects() -> Int {
      var count = -1
      database.withWriterConnection { db in
        count = (try? Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_temp_master")) ?? -1
      }
      return count
    }
    // Opening and reading make none of the writer's temporary triggers and tables.
    #expect(try database.read { try Reminder.fetchCount($0) } == 11)
    #expect(temporaryObjects() == 0)
    // The first action finds them in place: a new reminder goes last, and the action undoes.
    let list = try database.read { try RemindersList.fetchOne($0)! }
    try database.writeAction { db in
      try db.saveReminder(Reminder.Draft(remindersListID: list.id, title: "First of the session"))
    }
    #expect(temporaryObjects() > 0)
    let positions = try database.read { db in
      try Reminder.where { $0.remindersListID.eq(list.id) }.order(by: \.position).fetchAll(db)
    }
    #expect(positions.last?.title == "First of the session")
    #expect(Set(positions.map(\.position)).count == positions.count)
    _ = try database.writeWithoutTransaction { try $0.undo() }
    #expect(try database.read { try Reminder.fetchCount($0) } == 11)
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
    let added = try database.writeAction {
      try $0.saveReminder(Reminder.Draft(remindersListID: list.id, title: "Bank"))
    }
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
    let error = #expect(throws: DatabaseFileError.self) {
      try AppDatabase.open(path: file.folder.path, scheduler: ManualCompletionScheduler())
    }
    #expect(error?.problem == .folder)
    #expect(error?.description.contains("is a folder") == true)
  }
}

/// Another program's file is never changed: whatever is at the path, the app opens it only when
/// it recognises it as its own, and otherwise says what it found and leaves every byte alone.
@Suite("Files that are not the app's")
struct ForeignFileTests {
  /// Makes a file with the sqlite3 shell's equivalent, opens it with the app, and returns the
  /// error, after checking that the folder holds exactly the same bytes as before.
  private func refusal(_ make: (String) throws -> Void) throws -> DatabaseFileError? {
    let file = TemporaryFile()
    defer { file.remove() }
    try FileManager.default.createDirectory(at: file.folder, withIntermediateDirectories: true)
    try make(file.path)
    let before = try snapshot(of: file.folder)
    let error = #expect(throws: DatabaseFileError.self) {
      try AppDatabase.open(path: file.path, scheduler: ManualCompletionScheduler())
    }
    #expect(try snapshot(of: file.folder) == before)
    #expect(error?.description.contains(file.path) == true)
    return error
  }

  /// Every file in a folder with its bytes.
  private func snapshot(of folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return files
  }

  private func sqlite(_ path: String, _ sql: String) throws {
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
    queue.close()
  }

  @Test func anotherProgramsDatabase() throws {
    let error = try refusal { path in
      try sqlite(
        path,
        "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices VALUES (1, 9.5)")
    }
    #expect(error?.problem == .foreignTables(["invoices"]))
    #expect(error?.description.contains("another program's database") == true)
  }

  @Test func anotherProgramsDatabaseThatSharesTableNames() throws {
    let error = try refusal { path in
      try sqlite(path, "CREATE TABLE reminders (id, title); CREATE TABLE accounts (id)")
    }
    #expect(error?.problem == .foreignTables(["accounts"]))
  }

  /// Tables named as the app's are not enough: their columns must be the app's too.
  @Test func anotherProgramsDatabaseWithTheAppsTableNames() throws {
    let reminders = try refusal { path in
      try sqlite(
        path,
        "CREATE TABLE reminders (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO reminders (body) VALUES ('keep me')"
      )
    }
    #expect(reminders?.problem == .foreignColumns(["reminders"]))
    #expect(reminders?.description.contains("another program's database") == true)
    let lists = try refusal { path in
      try sqlite(
        path,
        "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY); INSERT INTO grdb_migrations VALUES ('v1'); "
          + "CREATE TABLE remindersLists (id TEXT PRIMARY KEY, title TEXT)")
    }
    #expect(lists?.problem == .foreignColumns(["remindersLists"]))
    let extra = try refusal { path in
      try sqlite(path, "CREATE TABLE tags (title TEXT NOT NULL PRIMARY KEY, owner TEXT)")
    }
    #expect(extra?.problem == .foreignColumns(["tags"]))
  }

  @Test func anotherApplicationsMark() throws {
    let error = try refusal { path in
      try sqlite(path, "PRAGMA application_id = 1234; CREATE TABLE reminders (id, title)")
    }
    #expect(error?.problem == .otherApplication(1234))
  }

  @Test func anEmptyFileAndAnEmptyDatabase() throws {
    let empty = try refusal { path in
      #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    }
    #expect(empty?.problem == .emptyFile)
    let blank = try refusal { path in try sqlite(path, "PRAGMA page_size = 4096; VACUUM") }
    #expect(blank?.problem == .emptyDatabase)
  }

  @Test func aFileThatIsNotSQLite() throws {
    let error = try refusal { path in
      try Data("name,total\nrent,900\n".utf8).write(to: URL(fileURLWithPath: path))
    }
    #expect(error?.problem == .notSQLite)
  }

  @Test func aSchemaVersionFromTheFuture() throws {
    let error = try refusal { path in
      try AppDatabase.open(path: path, scheduler: ManualCompletionScheduler()).close()
      try sqlite(path, "PRAGMA user_version = 1000")
    }
    #expect(error?.problem == .newerSchema(version: 1000, known: AppDatabase.migrationIdentifiers.count))
    let negative = try refusal { path in
      try AppDatabase.open(path: path, scheduler: ManualCompletionScheduler()).close()
      try sqlite(path, "PRAGMA user_version = -5")
    }
    #expect(negative?.problem == .newerSchema(version: -5, known: AppDatabase.migrationIdentifiers.count))
  }

  @Test func aNewDatabaseIsMarkedAndLeavesNothingBeside() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let database = try AppDatabase.open(path: file.path, scheduler: ManualCompletionScheduler())
    let header = try database.read { db in
      (try Int.fetchOne(db, sql: "PRAGMA application_id"), try Int.fetchOne(db, sql: "PRAGMA user_version"))
    }
    #expect(header.0 == 0x524D_4E44)
    #expect(header.1 == AppDatabase.migrationIdentifiers.count)
    database.close()
    #expect(try FileManager.default.contentsOfDirectory(atPath: file.folder.path) == ["reminders.sqlite"])
    // Opened again, it is recognised by its mark.
    try AppDatabase.open(path: file.path, scheduler: ManualCompletionScheduler()).close()
  }
}
