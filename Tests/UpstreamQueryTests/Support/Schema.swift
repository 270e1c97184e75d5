import Foundation
import SQLiteData

// The schema upstream's query-builder tests run on: lists, reminders, users, tags and their join
// table, milestones, and a full-text table. The expected SQL of the ported cases depends on these
// declarations (column order, names, defaults), so they follow upstream's exactly.

@Table
struct RemindersList: Codable, Equatable, Identifiable {
  static let withReminderCount = group(by: \.id)
    .join(Reminder.all) { $0.id.eq($1.remindersListID) }
    .select { $1.id.count() }

  let id: Int
  var color = 0x4a99ef
  var title = ""
  var position = 0
}

@Table
struct Reminder: Codable, Equatable, Identifiable {
  static let incomplete = Self.where { !$0.isCompleted }

  let id: Int
  var assignedUserID: User.ID?
  var dueDate: Date?
  var isCompleted = false
  var isFlagged = false
  var notes = ""
  var priority: Priority?
  var remindersListID: Int
  var title = ""
  var updatedAt: Date = Date(timeIntervalSinceReferenceDate: 1_234_567_890)

  static func searching(_ text: String) -> Where<Reminder> {
    Self.where {
      $0.title.collate(.nocase).contains(text)
        || $0.notes.collate(.nocase).contains(text)
    }
  }
}

@Table
struct User: Codable, Equatable, Identifiable {
  let id: Int
  var name = ""
}

enum Priority: Int, Codable, QueryBindable {
  case low = 1
  case medium
  case high
}

extension Reminder.TableColumns {
  var isPastDue: some QueryExpression<Bool> {
    !isCompleted && #sql("coalesce(\(dueDate), date('now')) < date('now')")
  }
  var isHighPriority: some QueryExpression<Bool> {
    priority == Priority.high
  }
}

@Table
struct Tag: Codable, Equatable, Identifiable {
  let id: Int
  var title = ""
}

@Table("remindersTags")
struct ReminderTag: Equatable {
  let reminderID: Int
  let tagID: Int
}

@Table
struct Milestone: Codable, Equatable {
  let id: Int
  var remindersListID: RemindersList.ID
  var title = ""
}

/// A database with upstream's schema and rows: three users, three lists, ten reminders, four tags
/// and three milestones. Each test gets its own, in memory.
func upstreamDatabase() throws -> DatabaseQueue {
  let database = try DatabaseQueue()
  try database.write { db in
    try createUpstreamSchema(db)
    try seedUpstreamRows(db)
  }
  return database
}

private func createUpstreamSchema(_ db: Database) throws {
  try #sql(
    """
    CREATE TABLE "remindersLists" (
      "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
      "color" INTEGER NOT NULL DEFAULT 4889071,
      "title" TEXT NOT NULL DEFAULT '',
      "position" INTEGER NOT NULL DEFAULT 0
    )
    """
  ).execute(db)
  try #sql(#"CREATE UNIQUE INDEX "remindersLists_title" ON "remindersLists"("title")"#).execute(db)
  // Upstream's default for "updatedAt" is datetime('subsec'), which needs SQLite 3.42; the
  // system's is older, and the same text comes from strftime.
  try #sql(
    """
    CREATE TABLE "reminders" (
      "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
      "assignedUserID" INTEGER,
      "dueDate" DATE,
      "isCompleted" BOOLEAN NOT NULL DEFAULT 0,
      "isFlagged" BOOLEAN NOT NULL DEFAULT 0,
      "remindersListID" INTEGER NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE,
      "notes" TEXT NOT NULL DEFAULT '',
      "priority" INTEGER,
      "title" TEXT NOT NULL DEFAULT '',
      "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))
    )
    """
  ).execute(db)
  try #sql(
    """
    CREATE TABLE "users" (
      "id" INTEGER PRIMARY KEY AUTOINCREMENT,
      "name" TEXT NOT NULL DEFAULT ''
    )
    """
  ).execute(db)
  try #sql(
    #"CREATE INDEX "index_reminders_on_remindersListID" ON "reminders"("remindersListID")"#
  ).execute(db)
  try #sql(
    """
    CREATE TABLE "tags" (
      "id" INTEGER PRIMARY KEY AUTOINCREMENT,
      "title" TEXT NOT NULL UNIQUE COLLATE NOCASE
    )
    """
  ).execute(db)
  try #sql(
    """
    CREATE TABLE "remindersTags" (
      "reminderID" INTEGER NOT NULL REFERENCES "reminders"("id") ON DELETE CASCADE,
      "tagID" INTEGER NOT NULL REFERENCES "tags"("id") ON DELETE CASCADE,
      UNIQUE("reminderID", "tagID")
    )
    """
  ).execute(db)
  try #sql(
    """
    CREATE TABLE "milestones" (
      "id" INTEGER PRIMARY KEY AUTOINCREMENT,
      "remindersListID" INTEGER NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE,
      "title" TEXT NOT NULL DEFAULT ''
    )
    """
  ).execute(db)
}

private func seedUpstreamRows(_ db: Database) throws {
  let now = Date(timeIntervalSinceReferenceDate: 0)
  let day: TimeInterval = 60 * 60 * 24
  try db.seed {
    User(id: 1, name: "Blob")
    User(id: 2, name: "Blob Jr")
    User(id: 3, name: "Blob Sr")
    RemindersList(id: 1, color: 0x4a99ef, title: "Personal")
    RemindersList(id: 2, color: 0xed8935, title: "Family")
    RemindersList(id: 3, color: 0xb25dd3, title: "Business")
    Reminder(
      id: 1, assignedUserID: 1, dueDate: now, notes: "Milk, Eggs, Apples", remindersListID: 1,
      title: "Groceries")
    Reminder(id: 2, dueDate: now - 2 * day, isFlagged: true, remindersListID: 1, title: "Haircut")
    Reminder(
      id: 3, dueDate: now, notes: "Ask about diet", priority: .high, remindersListID: 1,
      title: "Doctor appointment")
    Reminder(id: 4, dueDate: now - 190 * day, isCompleted: true, remindersListID: 1, title: "Take a walk")
    Reminder(id: 5, remindersListID: 1, title: "Buy concert tickets")
    Reminder(
      id: 6, dueDate: now + 2 * day, isFlagged: true, priority: .high, remindersListID: 2,
      title: "Pick up kids from school")
    Reminder(
      id: 7, dueDate: now - 2 * day, isCompleted: true, priority: .low, remindersListID: 2,
      title: "Get laundry")
    Reminder(
      id: 8, dueDate: now + 4 * day, isCompleted: false, priority: .high, remindersListID: 2,
      title: "Take out trash")
    Reminder(
      id: 9, dueDate: now + 2 * day,
      notes: "Status of tax return\nExpenses for next year\nChanging payroll company", remindersListID: 3,
      title: "Call accountant")
    Reminder(
      id: 10, dueDate: now - 2 * day, isCompleted: true, priority: .medium, remindersListID: 3,
      title: "Send weekly emails")
    Tag(id: 1, title: "car")
    Tag(id: 2, title: "kids")
    Tag(id: 3, title: "someday")
    Tag(id: 4, title: "optional")
    ReminderTag(reminderID: 1, tagID: 3)
    ReminderTag(reminderID: 1, tagID: 4)
    ReminderTag(reminderID: 2, tagID: 3)
    ReminderTag(reminderID: 2, tagID: 4)
    ReminderTag(reminderID: 4, tagID: 1)
    ReminderTag(reminderID: 4, tagID: 2)
    Milestone.Draft(remindersListID: 1, title: "Phase 1")
    Milestone.Draft(remindersListID: 1, title: "Phase 2")
    Milestone.Draft(remindersListID: 1, title: "Phase 3")
  }
}
