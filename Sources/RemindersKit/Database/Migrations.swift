import SQLiteData

/// The schema, as named migrations. Each one can run over tables that already exist (a file made
/// by the seeds' Reminders example has the same tables), so it only adds what is missing.
enum Migrations {
  /// Every migration of this app starts with this, so that migrations recorded by another program
  /// sharing the file (the seeds' example records its own) can be told from a newer version of
  /// this one.
  static let prefix = "Reminders "

  static let createTables = prefix + "1: create lists, reminders and tags"
  static let createSearchIndex = prefix + "2: create the search index"
  static let createIndexes = prefix + "3: create indexes for foreign keys and live counts"
  static let createScreenSettings = prefix + "4: create per-screen settings"
  static let createLiveCounts = prefix + "5: keep counts per list and per tag with triggers"
  static let indexOrders = prefix + "6: index the screens' orders"
  static let indexDueDays = prefix + "7: index due dates for one day's reminders"
  static let coverDueDays = prefix + "8: index one day's reminders with their status"
  static let persistentSearchIndex = prefix + "9: keep the search index with persistent triggers"
  static let recordCompletionDates = prefix + "10: record when reminders are completed"
  static let indexFlaggedOrder = prefix + "11: index the flagged reminders in the screens' order"

  /// The migrator for the app's database. `foreignIdentifiers` are migrations recorded in the file
  /// by another program: they are registered (as already applied) so that the file opens.
  static func migrator(foreignIdentifiers: [String] = []) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    for identifier in foreignIdentifiers { migrator.registerMigration(identifier) { _ in } }
    migrator.registerMigration(createTables) { db in
      try #sql(
        """
        CREATE TABLE IF NOT EXISTS "remindersLists" (
          "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
          "color" INTEGER NOT NULL ON CONFLICT REPLACE DEFAULT \(raw: RemindersList.defaultColor),
          "position" INTEGER NOT NULL ON CONFLICT REPLACE DEFAULT 0,
          "title" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT ''
        ) STRICT
        """
      )
      .execute(db)
      try #sql(
        """
        CREATE TABLE IF NOT EXISTS "remindersListAssets" (
          "remindersListID" TEXT PRIMARY KEY NOT NULL
            REFERENCES "remindersLists"("id") ON DELETE CASCADE,
          "coverImage" BLOB
        ) STRICT
        """
      )
      .execute(db)
      try #sql(
        """
        CREATE TABLE IF NOT EXISTS "reminders" (
          "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
          "dueDate" TEXT,
          "isFlagged" INTEGER NOT NULL ON CONFLICT REPLACE DEFAULT 0,
          "notes" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT '',
          "position" INTEGER NOT NULL ON CONFLICT REPLACE DEFAULT 0,
          "priority" INTEGER,
          "remindersListID" TEXT NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE,
          "status" INTEGER NOT NULL DEFAULT 0,
          "title" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT ''
        ) STRICT
        """
      )
      .execute(db)
      try #sql(
        """
        CREATE TABLE IF NOT EXISTS "tags" (
          "title" TEXT NOT NULL PRIMARY KEY COLLATE NOCASE
        ) STRICT
        """
      )
      .execute(db)
      try #sql(
        """
        CREATE TABLE IF NOT EXISTS "remindersTags" (
          "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
          "reminderID" TEXT NOT NULL REFERENCES "reminders"("id") ON DELETE CASCADE,
          "tagID" TEXT NOT NULL REFERENCES "tags"("title") ON DELETE CASCADE ON UPDATE CASCADE
        ) STRICT
        """
      )
      .execute(db)
    }
    migrator.registerMigration(createSearchIndex) { db in
      try #sql(
        """
        CREATE VIRTUAL TABLE IF NOT EXISTS "reminderTexts" USING fts5(
          "title", "notes", "tags", tokenize = 'trigram'
        )
        """
      )
      .execute(db)
      // A file made without the index gets it built from the reminders already there.
      try SearchIndex.rebuild(db)
    }
    migrator.registerMigration(createIndexes) { db in
      // Foreign keys: the cascades look rows up by them. The list's index also counts its
      // incomplete reminders without reading the table.
      try #sql(
        """
        CREATE INDEX IF NOT EXISTS "reminders_remindersListID_status"
        ON "reminders" ("remindersListID", "status")
        """
      )
      .execute(db)
      try #sql(
        """
        CREATE INDEX IF NOT EXISTS "remindersTags_reminderID_tagID"
        ON "remindersTags" ("reminderID", "tagID")
        """
      )
      .execute(db)
      try #sql(#"CREATE INDEX IF NOT EXISTS "remindersTags_tagID" ON "remindersTags" ("tagID")"#).execute(db)
      // Today, scheduled, past due and all: ranges of (status, dueDate).
      try #sql(
        #"CREATE INDEX IF NOT EXISTS "reminders_status_dueDate" ON "reminders" ("status", "dueDate")"#
      )
      .execute(db)
      // Flagged: the few flagged reminders, by status (with the flag, so counting reads only
      // the index).
      try #sql(
        """
        CREATE INDEX IF NOT EXISTS "reminders_flagged_status"
        ON "reminders" ("status", "isFlagged") WHERE "isFlagged"
        """
      )
      .execute(db)
      // New reminders go after the last: max(position) is read on every insert.
      try #sql(#"CREATE INDEX IF NOT EXISTS "reminders_position" ON "reminders" ("position")"#).execute(db)
    }
    migrator.registerMigration(createScreenSettings) { db in
      try #sql(
        """
        CREATE TABLE IF NOT EXISTS "screenSettings" (
          "screen" TEXT PRIMARY KEY NOT NULL,
          "ordering" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT 'dueDate',
          "showCompleted" INTEGER NOT NULL ON CONFLICT REPLACE DEFAULT 0
        ) STRICT
        """
      )
      .execute(db)
    }
    migrator.registerMigration(createLiveCounts) { db in
      // The sidebar's counts, kept by persistent triggers instead of counted over every reminder.
      try LiveCounts.create(db)
    }
    migrator.registerMigration(indexOrders) { db in
      // The screens' rows in their order, completed last (`ReminderRow.ordered`), so that a
      // window of the first rows reads those rows alone: "All" and the smart lists by due date,
      // a list by due date and in its own (manual) order. The expressions are those the ORDER BY
      // renders, which SQLite matches exactly.
      try db.execute(
        sql: """
          CREATE INDEX IF NOT EXISTS "reminders_completedLast_dueDate"
          ON "reminders" ("status" = 1, "dueDate" IS NULL, "dueDate", "position");
          CREATE INDEX IF NOT EXISTS "reminders_remindersListID_completedLast_dueDate"
          ON "reminders" ("remindersListID", "status" = 1, "dueDate" IS NULL, "dueDate", "position");
          CREATE INDEX IF NOT EXISTS "reminders_remindersListID_completedLast_position"
          ON "reminders" ("remindersListID", "status" = 1, "position");
          """)
    }
    migrator.registerMigration(indexDueDays) { db in
      // Today's screen and its counts ask for one day's reminders whatever their status; the
      // (status, dueDate) index cannot serve a range without an equal status, and a million rows
      // were scanned to find a few hundred.
      try db.execute(
        sql: """
          CREATE INDEX IF NOT EXISTS "reminders_dueDate" ON "reminders" ("dueDate") WHERE "dueDate" IS NOT NULL
          """)
    }
    migrator.registerMigration(coverDueDays) { db in
      // Today's counts (incomplete, completed) read the status of each of the day's reminders:
      // with it in the index they read no row, and a commit by another program, which empties
      // every connection's page cache, costs a few index pages instead of a page per reminder.
      try db.execute(
        sql: """
          DROP INDEX IF EXISTS "reminders_dueDate";
          CREATE INDEX IF NOT EXISTS "reminders_dueDate_status" ON "reminders" ("dueDate", "status")
          WHERE "dueDate" IS NOT NULL
          """)
    }
    migrator.registerMigration(persistentSearchIndex) { db in
      // The index was kept by temporary triggers on the app's own connections, so rows written
      // by other programs were missing from it: from now on the schema keeps it, and it is built
      // once more from the reminders.
      try SearchIndex.createTriggers(db)
      try SearchIndex.rebuild(db)
    }
    migrator.registerMigration(recordCompletionDates) { db in
      // Stored in the file, so that a completion by any program is dated. A completion that
      // brings its date (an import, a change from another device, an undo restoring one) keeps
      // it, and so does an update that sets the date itself.
      try db.execute(
        sql: """
          ALTER TABLE "reminders" ADD COLUMN "completedAt" TEXT;
          CREATE INDEX "reminders_completedAt" ON "reminders" ("completedAt") WHERE "completedAt" IS NOT NULL;
          CREATE TRIGGER "reminders_completedAt_after_status_update"
          AFTER UPDATE OF "status" ON "reminders"
          WHEN ("old"."status" = 0 AND "new"."status" <> 0 AND "new"."completedAt" IS NULL)
            OR ("old"."status" <> 0 AND "new"."status" = 0 AND "new"."completedAt" IS NOT NULL
              AND "new"."completedAt" IS "old"."completedAt")
          BEGIN
            UPDATE "reminders"
            SET "completedAt" = CASE WHEN "new"."status" = 0 THEN NULL
              ELSE strftime('%Y-%m-%d %H:%M:%f', 'now') END
            WHERE "rowid" = "new"."rowid";
          END;
          """)
    }
    migrator.registerMigration(indexFlaggedOrder) { db in
      // Flagged by due date walked the order index of every reminder and kept the flagged ones:
      // a window read the unflagged reminders in between as well, and listing them all
      // (`reminders ls --flagged`) read every reminder, 1.6 s at a million. The flagged ones
      // alone, in the same order: SQLite uses a partial index when the query's conditions include
      // its own.
      try db.execute(
        sql: """
          CREATE INDEX IF NOT EXISTS "reminders_flagged_completedLast_dueDate"
          ON "reminders" ("status" = 1, "dueDate" IS NULL, "dueDate", "position") WHERE "isFlagged"
          """)
    }
    return migrator
  }

  /// Checks that a database the app cannot write needs no migration.
  static func requireCurrent(_ reader: any DatabaseReader) throws {
    let recorded = try reader.read { db in try migrator().appliedIdentifiers(db) }
    guard migrator().migrationIdentifiers.allSatisfy(recorded.contains) else {
      throw DatabaseFileError(path: reader.path, problem: .readOnlyNeedsUpgrade)
    }
  }

  /// Applies the app's pending migrations. Migrations that another program recorded in the file
  /// are left alone; one of this app's that this version does not know means a newer version
  /// wrote the file, and the migrator refuses it with an error that says so.
  static func migrate(_ writer: any DatabaseWriter) throws {
    let appMigrator = migrator()
    let known = Set(appMigrator.migrationIdentifiers)
    let (recorded, stamped) = try writer.readOnWriter { db in
      (try appMigrator.appliedIdentifiers(db), try isStamped(db))
    }
    // Up to date, with no migration of a newer version of the app: nothing to write, and no
    // write lock taken (the common case, on every launch).
    if stamped, known.isSubset(of: recorded),
      !recorded.contains(where: { $0.hasPrefix(prefix) && !known.contains($0) })
    {
      return
    }
    let foreign = recorded.filter { !$0.hasPrefix(prefix) && !known.contains($0) }.sorted()
    try migrator(foreignIdentifiers: foreign).migrate(writer)
    if try !writer.read(isStamped) { try writer.write(DatabaseFile.stamp) }
  }

  /// Whether the file carries the app's id and its schema version.
  private static func isStamped(_ db: Database) throws -> Bool {
    try Int32.fetchOne(db, sql: "PRAGMA application_id") == DatabaseFile.applicationID
      && Int.fetchOne(db, sql: "PRAGMA user_version") == DatabaseFile.schemaVersion
  }
}
