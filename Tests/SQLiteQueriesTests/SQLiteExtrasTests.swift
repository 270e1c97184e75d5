import Foundation
import SQLiteEngine
import SQLiteQueries
import Testing

@Table
struct ReminderText: FTS5 {
  let rowid: Int
  let title: String
  let notes: String
  let tags: String
}

@Table
struct Item: Identifiable {
  let id: Int
  var title = ""
  var position = 0
  @Column(as: Date.UnixTimeRepresentation.self)
  var createdAt = Date(timeIntervalSince1970: 0)
  @Column("labels", as: [String].JSONRepresentation.self)
  var tags: [String] = []
  @Column(as: UUID.BytesRepresentation?.self)
  var token: UUID?
}

@Suite("FTS5, triggers, seeding and representations")
struct SQLiteExtrasTests {
  let database: DatabaseQueue

  init() throws {
    database = try remindersDatabase()
    try database.write { db in
      try #sql(
        """
        CREATE VIRTUAL TABLE "reminderTexts" USING fts5("title", "notes", "tags", tokenize = 'trigram')
        """
      )
      .execute(db)
      try #sql(
        """
        CREATE TABLE "items" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "title" TEXT NOT NULL DEFAULT '',
          "position" INTEGER NOT NULL DEFAULT 0,
          "createdAt" INTEGER NOT NULL,
          "labels" TEXT NOT NULL DEFAULT '[]',
          "token" BLOB
        ) STRICT
        """
      )
      .execute(db)
    }
  }

  /// The seeds' triggers, as written there.
  func createTriggers(_ db: Database) throws {
    try Item.createTemporaryTrigger(
      after: .insert { new in
        Item
          .find(new.id)
          .update { $0.position = Item.select { ($0.position.max() ?? -1) + 1 } }
      }
    )
    .execute(db)
    try Reminder.createTemporaryTrigger(
      after: .insert { new in
        ReminderText.insert {
          ReminderText.Columns(
            rowid: new.rowid,
            title: new.title,
            notes: new.notes.replace("\n", " "),
            tags: ""
          )
        }
      }
    )
    .execute(db)
    try Reminder.createTemporaryTrigger(
      after: .update {
        ($0.title, $0.notes)
      } forEachRow: { _, new in
        ReminderText
          .where { $0.rowid.eq(new.rowid) }
          .update {
            $0.title = new.title
            $0.notes = new.notes.replace("\n", " ")
          }
      }
    )
    .execute(db)
    try Reminder.createTemporaryTrigger(
      after: .delete { old in
        ReminderText
          .where { $0.rowid.eq(old.rowid) }
          .delete()
      }
    )
    .execute(db)
  }

  @Test func triggerRendering() {
    let trigger = Reminder.createTemporaryTrigger(
      "reminders_after_delete",
      after: .delete { old in ReminderText.where { $0.rowid.eq(old.rowid) }.delete() })
    #expect(
      trigger.query.debugDescription == """
        CREATE TEMPORARY TRIGGER
          "reminders_after_delete"
        AFTER DELETE ON "reminders"
        FOR EACH ROW BEGIN
          DELETE FROM "reminderTexts"
          WHERE (("reminderTexts"."rowid") = ("old"."rowid"));
        END
        """)
    #expect(trigger.drop().queryFragment.debugDescription == #"DROP TRIGGER "reminders_after_delete""#)
    let unnamed = Item.createTemporaryTrigger(
      after: .insert { new in Item.find(new.id).update { $0.position = 1 } })
    #expect(unnamed.name.hasPrefix("after_insert_on_items@SQLiteQueriesTests/SQLiteExtrasTests.swift:"))
  }

  @Test func triggersKeepTheSearchIndexAndPositions() throws {
    try database.write { db in
      try createTriggers(db)
      try db.seed {
        RemindersList(id: personalID, title: "Personal")
        Reminder.Draft(
          id: reminderID(1), notes: "Milk\nEggs", remindersListID: personalID, title: "Groceries")
        Reminder.Draft(id: reminderID(2), remindersListID: personalID, title: "Take a walk")
        Item.Draft(title: "First")
        Item.Draft(title: "Second")
      }
      // Each new item goes after the last: the new row is already there when the trigger runs.
      #expect(try Item.order(by: \.id).select(\.position).fetchAll(db) == [1, 2])

      let found = try ReminderText.where { $0.match("walk") }.select(\.title).fetchAll(db)
      #expect(found == ["Take a walk"])
      #expect(try ReminderText.where { $0.notes.match("Eggs") }.select(\.title).fetchAll(db) == ["Groceries"])

      try Reminder.find(reminderID(2)).update { $0.title = "Take a run" }.execute(db)
      #expect(try ReminderText.where { $0.match("walk") }.fetchCount(db) == 0)
      let highlighted = try ReminderText.where { $0.match("run") }
        .select { $0.title.highlight("**", "**") }.fetchAll(db)
      #expect(highlighted == ["Take a **run**"])
      let ranked = try ReminderText.where { $0.match("oce OR run") }.order { $0.rank }.select(\.title)
        .fetchAll(db)
      #expect(Set(ranked) == ["Groceries", "Take a run"])

      // Under an alias, MATCH and the FTS5 functions name the table, which SQLite needs.
      let aliased = ReminderText.as(Found.self).where { $0.match("run") }
        .select { $0.title.highlight("[", "]") }
      #expect(aliased.query.debugDescription.contains(#"WHERE ("reminderTexts" MATCH 'run')"#))
      #expect(try aliased.fetchAll(db) == ["Take a [run]"])
      #expect(try ReminderText.as(Found.self).where { $0.notes.match("Eggs") }.fetchCount(db) == 1)

      try Reminder.find(reminderID(1)).delete().execute(db)
      #expect(try ReminderText.fetchCount(db) == 1)
    }
  }

  @Test func ftsRendering() {
    #expect(
      ReminderText.where { $0.match("take OR apple") }.select(\.rowid).query.debugDescription.hasSuffix(
        #"WHERE ("reminderTexts" MATCH 'take OR apple')"#))
    #expect(
      ReminderText.where { $0.title.match("take") }.select(\.rowid).query.debugDescription.hasSuffix(
        #"WHERE ("reminderTexts" MATCH 'title:"take"')"#))
    #expect(
      ReminderText.all.select { $0.title.highlight("**", "**") }.query.debugDescription.hasPrefix(
        """
        SELECT highlight("reminderTexts", (SELECT "cid" FROM pragma_table_info('reminderTexts') WHERE "name" = 'title'),
        '**', '**')
        """))
  }

  @Test func representations() throws {
    let token = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    try database.write { db in
      try Item.insert {
        Item.Draft(
          title: "A", createdAt: Date(timeIntervalSince1970: 1_700_000_000), tags: ["x", "it's"], token: token
        )
      }
      .execute(db)
      let row = try #require(try Item.all.fetchOne(db))
      #expect(row.createdAt == Date(timeIntervalSince1970: 1_700_000_000))
      #expect(row.tags == ["x", "it's"])
      #expect(row.token == token)
      let stored = try #sql(
        "SELECT typeof(createdAt), createdAt, labels, typeof(token) FROM items", as: Raw.self
      )
      .fetchOne(db)
      #expect(stored?.createdAtType == "integer")
      #expect(stored?.createdAt == 1_700_000_000)
      #expect(stored?.labels == #"["x","it's"]"#)
      #expect(stored?.tokenType == "blob")
    }
  }

  @Test func jsonIsBoundCompactAndShownIndented() throws {
    let dictionary: [String: [String]] = ["b": ["1", "2"], "a": [], "c": [#"x, "y": {z}"#]]
    let value = Values(#bind(dictionary))
    #expect(
      value.query.debugDescription == #"""
        SELECT '{
          "a" : [

          ],
          "b" : [
            "1",
            "2"
          ],
          "c" : [
            "x, \"y\": {z}"
          ]
        }'
        """#)
    let stored = try database.read { db in
      try #sql("SELECT \(#bind(dictionary))", as: String.self).fetchOne(db)
    }
    #expect(stored == #"{"a":[],"b":["1","2"],"c":["x, \"y\": {z}"]}"#)
  }

  @Test func rawRepresentationRefusesAnUnknownRawValue() throws {
    enum Size: String { case small, large }
    let value = Values(#bind(Size.large, as: Size.RawRepresentation.self))
    #expect(value.query.debugDescription == "SELECT 'large'")
    try database.read { db in
      let size = try value.fetchOne(db)
      #expect(size == .large)
      let error = #expect(throws: QueryDecodingError.self) {
        try #sql("SELECT 'medium'", as: Size.RawRepresentation.self).fetchOne(db)
      }
      #expect(error?.message == "Expected column 0 to hold a Size, but found the raw value medium")
    }
  }

  @Test func seedingMixesTablesAndDrafts() throws {
    try database.write { db in
      try db.seed {
        RemindersList(id: personalID, title: "Personal")
        RemindersList(id: businessID, title: "Business")
        Reminder.Draft(remindersListID: personalID, title: "One")
        Tag(title: "someday")
        Reminder.Draft(remindersListID: businessID, title: "Two")
      }
      #expect(try RemindersList.fetchCount(db) == 2)
      #expect(try Reminder.order(by: \.title).select(\.title).fetchAll(db) == ["One", "Two"])
      #expect(try Tag.fetchCount(db) == 1)
    }
  }
}

@Selection
struct Raw {
  var createdAtType: String
  var createdAt: Int
  var labels: String
  var tokenType: String
}

private enum Found: AliasName {}
