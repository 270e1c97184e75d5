import Foundation
import SQLiteData

// The schema of the sync behaviours: lists and reminders, a private per-list table, and a child
// whose parent's deletion sets its foreign key to NULL.

@Table struct RemindersList: Equatable {
  let id: String
  var title = ""
}

@Table struct Reminder: Equatable {
  let id: String
  var title = ""
  var isCompleted = false
  var remindersListID: String
}

@Table struct RemindersListPrivate: Equatable {
  @Column(primaryKey: true) let remindersListID: String
  var position = 0
}

@Table struct Parent: Equatable {
  let id: String
}

@Table struct ChildWithOnDeleteSetNull: Equatable {
  let id: String
  var parentID: String?
}

func migrateSyncSchema(_ db: Database) throws {
  try db.execute(
    sql: """
      CREATE TABLE "remindersLists" (
        "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
        "title" TEXT NOT NULL DEFAULT ''
      ) STRICT;
      CREATE TABLE "reminders" (
        "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
        "title" TEXT NOT NULL DEFAULT '',
        "isCompleted" INTEGER NOT NULL DEFAULT 0,
        "remindersListID" TEXT NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE
      ) STRICT;
      CREATE TABLE "remindersListPrivates" (
        "remindersListID" TEXT PRIMARY KEY NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE,
        "position" INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE TABLE "parents" ("id" TEXT PRIMARY KEY NOT NULL) STRICT;
      CREATE TABLE "childWithOnDeleteSetNulls" (
        "id" TEXT PRIMARY KEY NOT NULL,
        "parentID" TEXT REFERENCES "parents"("id") ON DELETE SET NULL
      ) STRICT;
      CREATE TABLE "notes" ("id" INTEGER PRIMARY KEY, "body" TEXT NOT NULL) STRICT;
      """)
}
