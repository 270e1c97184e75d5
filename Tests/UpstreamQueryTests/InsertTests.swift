import Foundation
import SQLiteData
import Testing

/// Upstream's `InsertTests`. Left out: a whole row as the chosen columns (`insert { $0 } values:`),
/// `select:` followed by `onConflict:doUpdate:`, rows and drafts mixed in one builder, a row of
/// `#sql` values among rows of values, a
/// `[String].JSONRepresentation` column, and `#sql` inserts upstream expects to fail.
@Suite("Upstream: INSERT")
struct InsertTests {
  enum R: AliasName {}

  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  static let allColumns =
    #"("id", "assignedUserID", "dueDate", "isCompleted", "isFlagged", "notes", "priority", "remindersListID", "title", "updatedAt")"#

  @Test func basics() throws {
    let statement = Reminder.insert {
      ($0.remindersListID, $0.title, $0.isCompleted, $0.dueDate, $0.priority)
    } values: {
      (1, "Groceries", true, Date(timeIntervalSinceReferenceDate: 0), .high)
      (2, "Haircut", false, Date(timeIntervalSince1970: 0), .low)
    } onConflictDoUpdate: {
      $0.title += " Copy"
    }
    .returning(\.id)
    expectSQL(
      statement,
      """
      INSERT INTO "reminders"
      ("remindersListID", "title", "isCompleted", "dueDate", "priority")
      VALUES
      (1, 'Groceries', 1, '2001-01-01 00:00:00.000', 3), (2, 'Haircut', 0, '1970-01-01 00:00:00.000', 1)
      ON CONFLICT DO UPDATE SET "title" = ("reminders"."title") || (' Copy')
      RETURNING "id"
      """)
    #expect(try database.write { try statement.fetchAll($0) } == [11, 12])
  }

  @Test func singleColumn() throws {
    let statement = Reminder.insert(\.remindersListID) { 1 }.returning(\.id)
    expectSQL(
      statement,
      """
      INSERT INTO "reminders"
      ("remindersListID")
      VALUES
      (1)
      RETURNING "id"
      """)
    #expect(try database.write { try statement.fetchAll($0) } == [11])
  }

  @Test func emptyValues() {
    expectSQL(Reminder.insert { [] }, "")
    expectSQL(Reminder.insert(\.id) { return [] }, "")
  }

  @Test func records() throws {
    let two = Reminder.insert {
      Reminder(id: 102, remindersListID: 1, title: "Check mailbox")
      Reminder(id: 103, remindersListID: 1, title: "Check Slack")
    }
    .returning(\.id)
    expectSQL(
      two,
      """
      INSERT INTO "reminders"
      \(Self.allColumns)
      VALUES
      (102, NULL, NULL, 0, 0, '', NULL, 1, 'Check mailbox', '2040-02-14 23:31:30.000'), (103, NULL, NULL, 0, 0, '', NULL, 1, 'Check Slack', '2040-02-14 23:31:30.000')
      RETURNING "id"
      """)
    #expect(try database.write { try two.fetchAll($0) } == [102, 103])
  }

  @Test func select() throws {
    let lists = Tag.insert {
      $0.title
    } select: {
      RemindersList.select { $0.title.lower() }
    }.returning(\.self)
    expectSQL(
      lists,
      """
      INSERT INTO "tags"
      ("title")
      SELECT lower("remindersLists"."title")
      FROM "remindersLists"
      RETURNING "id", "title"
      """)
    #expect(try database.write { try lists.fetchAll($0) }.map(\.title) == ["business", "family", "personal"])

    let value = Tag.insert {
      $0.title
    } select: {
      Values("vacation")
    }.returning(\.self)
    expectSQL(
      value,
      """
      INSERT INTO "tags"
      ("title")
      SELECT 'vacation'
      RETURNING "id", "title"
      """)
    #expect(try database.write { try value.fetchAll($0) } == [Tag(id: 8, title: "vacation")])

  }

  @Test func draft() throws {
    let one = Reminder.insert { Reminder.Draft(remindersListID: 1, title: "Check email") }.returning(\.id)
    expectSQL(
      one,
      """
      INSERT INTO "reminders"
      \(Self.allColumns)
      VALUES
      (NULL, NULL, NULL, 0, 0, '', NULL, 1, 'Check email', '2040-02-14 23:31:30.000')
      RETURNING "id"
      """)
    #expect(try database.write { try one.fetchAll($0) } == [11])
  }

  @Test func upserts() throws {
    let withID = Reminder.upsert { Reminder.Draft(id: 1, remindersListID: 1, title: "Cash check") }
      .returning(\.self)
    expectSQL(
      withID,
      """
      INSERT INTO "reminders"
      \(Self.allColumns)
      VALUES
      (1, NULL, NULL, 0, 0, '', NULL, 1, 'Cash check', '2040-02-14 23:31:30.000')
      ON CONFLICT ("id")
      DO UPDATE SET "assignedUserID" = "excluded"."assignedUserID", "dueDate" = "excluded"."dueDate", "isCompleted" = "excluded"."isCompleted", "isFlagged" = "excluded"."isFlagged", "notes" = "excluded"."notes", "priority" = "excluded"."priority", "remindersListID" = "excluded"."remindersListID", "title" = "excluded"."title", "updatedAt" = "excluded"."updatedAt"
      RETURNING "id", "assignedUserID", "dueDate", "isCompleted", "isFlagged", "notes", "priority", "remindersListID", "title", "updatedAt"
      """)
    let replaced = try database.write { try withID.fetchAll($0) }
    #expect(replaced.map(\.title) == ["Cash check"] && replaced.first?.assignedUserID == nil)

    let withoutID = Reminder.upsert { Reminder.Draft(remindersListID: 1) }.returning(\.self)
    #expect(try database.write { try withoutID.fetchAll($0) }.map(\.id) == [11])

    let conflicting = RemindersList.upsert { RemindersList.Draft(title: "Personal") }.returning(\.self)
    #expect(throws: DatabaseError.self) { try database.write { try conflicting.fetchAll($0) } }

    let onTitle = RemindersList.insert {
      RemindersList.Draft(title: "Personal")
    } onConflict: {
      $0.title
    } doUpdate: {
      $0.color = 0x00ff00
    }
    .returning(\.self)
    expectSQL(
      onTitle,
      """
      INSERT INTO "remindersLists"
      ("id", "color", "title", "position")
      VALUES
      (NULL, 4889071, 'Personal', 0)
      ON CONFLICT ("title")
      DO UPDATE SET "color" = 65280
      RETURNING "id", "color", "title", "position"
      """)
    #expect(
      try database.write { try onTitle.fetchAll($0) } == [
        RemindersList(id: 1, color: 0x00ff00, title: "Personal")
      ])

    let nothing = ReminderTag.insert {
      ReminderTag(reminderID: 1, tagID: 3)
    } onConflict: {
      ($0.reminderID, $0.tagID)
    }
    .returning(\.self)
    expectSQL(
      nothing,
      """
      INSERT INTO "remindersTags"
      ("reminderID", "tagID")
      VALUES
      (1, 3)
      ON CONFLICT ("reminderID", "tagID")
      DO NOTHING
      RETURNING "reminderID", "tagID"
      """)
    #expect(try database.write { try nothing.fetchAll($0) }.isEmpty)
  }

  @Test func aliasName() throws {
    let statement = RemindersList.as(R.self).insert {
      $0.title
    } values: {
      "cruise"
    }.returning(\.self)
    expectSQL(
      statement,
      """
      INSERT INTO "remindersLists" AS "rs"
      ("title")
      VALUES
      ('cruise')
      RETURNING "id", "color", "title", "position"
      """)
    #expect(try database.write { try statement.fetchAll($0) }.map(\.title) == ["cruise"])
  }

  @Test func onConflictWhereDoUpdateWhere() {
    expectSQL(
      Reminder.insert {
        Reminder.Draft(remindersListID: 1)
      } onConflict: {
        $0.id
      } where: {
        !$0.isCompleted
      } doUpdate: {
        $0.isCompleted = $1.isCompleted
      } where: {
        $0.isFlagged
      },
      """
      INSERT INTO "reminders"
      \(Self.allColumns)
      VALUES
      (NULL, NULL, NULL, 0, 0, '', NULL, 1, '', '2040-02-14 23:31:30.000')
      ON CONFLICT ("id")
      WHERE NOT ("reminders"."isCompleted")
      DO UPDATE SET "isCompleted" = "excluded"."isCompleted"
      WHERE "reminders"."isFlagged"
      """)
  }

  @Test func insertSelectSQL() throws {
    let statement = RemindersList.insert {
      $0.title
    } select: {
      Values(#sql("'Groceries'"))
    }.returning(\.id)
    expectSQL(
      statement,
      """
      INSERT INTO "remindersLists"
      ("title")
      SELECT 'Groceries'
      RETURNING "id"
      """)
    #expect(try database.write { try statement.fetchAll($0) } == [4])
  }
}
