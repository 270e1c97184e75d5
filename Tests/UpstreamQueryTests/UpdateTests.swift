import Foundation
import SQLiteData
import Testing

/// Upstream's `UpdateTests`.
@Suite("Upstream: UPDATE")
struct UpdateTests {
  enum R: AliasName {}

  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func basics() throws {
    let toggle = Reminder.update { $0.isCompleted.toggle() }.returning {
      ($0.title, $0.priority, $0.isCompleted)
    }
    expectSQL(
      toggle,
      """
      UPDATE "reminders"
      SET "isCompleted" = NOT ("reminders"."isCompleted")
      RETURNING "title", "priority", "isCompleted"
      """)
    let toggled = try database.write { try toggle.fetchAll($0) }
    #expect(toggled.map(\.2) == [true, true, true, false, true, true, false, true, true, false])
    #expect(toggled[2].1 == .high)

    let complete = Reminder.where { $0.priority == nil }.update { $0.isCompleted = true }
      .returning { ($0.title, $0.priority, $0.isCompleted) }
    expectSQL(
      complete,
      """
      UPDATE "reminders"
      SET "isCompleted" = 1
      WHERE (("reminders"."priority") IS (NULL))
      RETURNING "title", "priority", "isCompleted"
      """)
    #expect(
      try database.write { try complete.fetchAll($0) }.map(\.0) == [
        "Groceries", "Haircut", "Take a walk", "Buy concert tickets", "Call accountant",
      ])
  }

  @Test func returningRepresentable() throws {
    let statement = Reminder.update { $0.isCompleted.toggle() }.returning(\.dueDate)
    expectSQL(
      statement,
      """
      UPDATE "reminders"
      SET "isCompleted" = NOT ("reminders"."isCompleted")
      RETURNING "dueDate"
      """)
    let dates = try database.write { try statement.fetchAll($0) }
    #expect(dates.count == 10)
    #expect(dates[0] == Date(timeIntervalSinceReferenceDate: 0))
    #expect(dates[4] == nil)
  }

  @Test func primaryKey() throws {
    var reminder = try #require(try database.read { try Reminder.all.fetchAll($0) }.first)
    reminder.isCompleted.toggle()
    let statement = Reminder.update(reminder).returning(\.self)
    expectSQL(
      statement,
      """
      UPDATE "reminders"
      SET "assignedUserID" = 1, "dueDate" = '2001-01-01 00:00:00.000', "isCompleted" = 1, "isFlagged" = 0, "notes" = 'Milk, Eggs, Apples', "priority" = NULL, "remindersListID" = 1, "title" = 'Groceries', "updatedAt" = '2040-02-14 23:31:30.000'
      WHERE (("reminders"."id") = (1))
      RETURNING "id", "assignedUserID", "dueDate", "isCompleted", "isFlagged", "notes", "priority", "remindersListID", "title", "updatedAt"
      """)
    #expect(try database.write { try statement.fetchAll($0) } == [reminder])
  }

  @Test func toggles() {
    let expected = """
      UPDATE "reminders"
      SET "isCompleted" = NOT ("reminders"."isCompleted")
      """
    expectSQL(Reminder.update { $0.isCompleted = !$0.isCompleted }, expected)
    expectSQL(Reminder.update { $0.isCompleted.toggle() }, expected)
  }

  @Test func multipleMutations() {
    expectSQL(
      Reminder.update {
        $0.title += "!"
        $0.title += "?"
      },
      """
      UPDATE "reminders"
      SET "title" = ("reminders"."title") || ('!'), "title" = ("reminders"."title") || ('?')
      """)
  }

  @Test func rawBind() throws {
    let statement = Reminder.update { $0.dueDate = #sql("CURRENT_TIMESTAMP") }.where { $0.id.eq(1) }
      .returning(\.title)
    expectSQL(
      statement,
      """
      UPDATE "reminders"
      SET "dueDate" = CURRENT_TIMESTAMP
      WHERE (("reminders"."id") = (1))
      RETURNING "title"
      """)
    #expect(try database.write { try statement.fetchAll($0) } == ["Groceries"])
  }

  @Test func updateWhereKeyPath() throws {
    let statement = Reminder.update { $0.isFlagged.toggle() }.where(\.isFlagged).returning(\.title)
    expectSQL(
      statement,
      """
      UPDATE "reminders"
      SET "isFlagged" = NOT ("reminders"."isFlagged")
      WHERE ("reminders"."isFlagged")
      RETURNING "title"
      """)
    #expect(try database.write { try statement.fetchAll($0) } == ["Haircut", "Pick up kids from school"])
  }

  @Test func aliasName() throws {
    let statement = Reminder.as(R.self).where { $0.id.eq(1) }.update { $0.title += " 2" }.returning(\.self)
    expectSQL(
      statement,
      """
      UPDATE "reminders" AS "rs"
      SET "title" = ("rs"."title") || (' 2')
      WHERE (("rs"."id") = (1))
      RETURNING "id", "assignedUserID", "dueDate", "isCompleted", "isFlagged", "notes", "priority", "remindersListID", "title", "updatedAt"
      """)
    #expect(try database.write { try statement.fetchAll($0) }.map(\.title) == ["Groceries 2"])
  }

  @Test func noPrimaryKeyAndEmpty() {
    expectSQL(
      Item.update { $0.title = "Dog" },
      """
      UPDATE "items"
      SET "title" = 'Dog'
      """)
    expectSQL(Item.update { _ in }, "")
    expectSQL(Reminder.none.update { $0.isCompleted.toggle() }, "")
  }

  @Test func overwriteRow() throws {
    var reminder = Reminder(id: 100, remindersListID: 1, title: "Buy iPhone")
    try database.write { db in
      try Reminder.insert { reminder }.execute(db)
      try Reminder.find(100).update { $0.title += " Pro" }.execute(db)
    }
    reminder.isCompleted = true
    let statement = Reminder.update(reminder)
    expectSQL(
      statement,
      """
      UPDATE "reminders"
      SET "assignedUserID" = NULL, "dueDate" = NULL, "isCompleted" = 1, "isFlagged" = 0, "notes" = '', "priority" = NULL, "remindersListID" = 1, "title" = 'Buy iPhone', "updatedAt" = '2040-02-14 23:31:30.000'
      WHERE (("reminders"."id") = (100))
      """)
    try database.write { try statement.execute($0) }
    #expect(try database.read { try Reminder.find(100).select(\.title).fetchOne($0) } == "Buy iPhone")
  }

  @Test func complexMutation() throws {
    let statement = Reminder.find(1)
      .update { $0.dueDate = Case().when($0.dueDate == nil, then: #sql("'2018-01-29 00:08:00.000'")) }
      .returning(\.dueDate)
    expectSQL(
      statement,
      """
      UPDATE "reminders"
      SET "dueDate" = CASE WHEN ("reminders"."dueDate") IS (NULL) THEN '2018-01-29 00:08:00.000' END
      WHERE (("reminders"."id") IN ((1)))
      RETURNING "dueDate"
      """)
    #expect(try database.write { try statement.fetchAll($0) } == [nil])
  }
}

@Table private struct Item {
  var title = ""
  var quantity = 0
}

@Table
private struct Root {
  @Columns var fields: NestedFields
}

@Selection
private struct NestedFields {
  var honestCount: Int = 0
  var optionalCount: Int?
}

/// Upstream's `SelectionUpdateTests`: a `@Selection` group embedded in a table with `@Columns`,
/// assigned whole or one column at a time (`$0.fields.honestCount = …`).
@Suite("Upstream: UPDATE of a column group")
struct SelectionUpdateTests {
  @Test func setSelectionValue() {
    expectSQL(
      Root.update {
        $0.fields = NestedFields(honestCount: 1, optionalCount: 1)
      },
      """
      UPDATE "roots"
      SET "honestCount" = 1, "optionalCount" = 1
      """)
  }

  @Test func setSelectionFields() {
    let honestValue: Int = 1
    expectSQL(
      Root.update {
        $0.fields.honestCount = honestValue
        $0.fields.optionalCount = #bind(honestValue)
      },
      """
      UPDATE "roots"
      SET "honestCount" = 1, "optionalCount" = 1
      """)
  }

  @Test func readSelectionFields() {
    expectSQL(
      Root.update {
        $0.fields.optionalCount = $0.fields.optionalCount
        $0.fields.honestCount = $0.fields.honestCount
      },
      """
      UPDATE "roots"
      SET "optionalCount" = "roots"."optionalCount", "honestCount" = "roots"."honestCount"
      """)
  }
}
