import Foundation
import SQLiteEngine
import SQLiteQueries
import Synchronization
import Testing

@DatabaseFunction
func concat(first: String = "", second: String = "") -> String {
  first + second
}

@DatabaseFunction("title_case", isDeterministic: true)
func titleCase(_ text: String) -> String {
  text.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
}

@DatabaseFunction
func daysBetween(_ start: Date, and end: Date?) -> Int? {
  guard let end else { return nil }
  return Int((end.timeIntervalSince(start) / 86_400).rounded(.down))
}

struct DivisionByZero: Error, CustomStringConvertible {
  var description: String { "Cannot divide by zero: give a divisor other than 0" }
}

@DatabaseFunction
func ratio(_ numerator: Int, _ denominator: Int) throws -> Double {
  guard denominator != 0 else { throw DivisionByZero() }
  return Double(numerator) / Double(denominator)
}

@DatabaseFunction
func priorityLabel(_ priority: Reminder.Priority?) -> String {
  switch priority {
  case .high: "!!!"
  case .medium: "!!"
  case .low: "!"
  case nil: ""
  }
}

/// Reminders completed through the status trigger, as the function saw them.
let completedByTrigger = Mutex<[UUID]>([])

@DatabaseFunction
func recordCompletion(_ id: UUID) {
  completedByTrigger.withLock { $0.append(id) }
}

@DatabaseFunction
func joinedTitles(_ titles: some Sequence<String>) -> String {
  titles.sorted().joined(separator: ", ")
}

@DatabaseFunction(as: ((Date.UnixTimeRepresentation) -> Int).self)
func unixYear(_ date: Date) -> Int {
  Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date).year!
}

@DatabaseFunction
func isLong(_ reminder: Reminder) -> Bool {
  reminder.title.count + reminder.notes.count > 10
}

enum Arithmetic {
  @DatabaseFunction
  static func double(_ value: Int) -> Int { value * 2 }

  @DatabaseFunction("mid_value")
  static func midValue(_ values: some Sequence<Int>) -> Int? {
    let sorted = values.sorted()
    return sorted.isEmpty ? nil : sorted[sorted.count / 2]
  }
}

@Suite("@DatabaseFunction: Swift functions called from SQL")
struct DatabaseFunctionTests {
  let database: DatabaseQueue

  init() throws {
    database = try seededRemindersDatabase()
    try database.write { db in
      try db.add(function: $concat)
      try db.add(function: $titleCase)
      try db.add(function: $daysBetween)
      try db.add(function: $ratio)
      try db.add(function: $priorityLabel)
      try db.add(function: $recordCompletion)
      try db.add(function: $joinedTitles)
      try db.add(function: $unixYear)
      try db.add(function: $isLong)
      try db.add(function: Arithmetic.$double)
      try db.add(function: Arithmetic.$midValue)
    }
  }

  @Test func callsRenderQuoted() {
    #expect($concat(first: "foo", second: "bar").queryFragment.debugDescription == #""concat"('foo', 'bar')"#)
    #expect($concat().queryFragment.debugDescription == #""concat"('', '')"#)
    #expect(
      Reminder.select { $titleCase($0.title) }.query.debugDescription == """
        SELECT "title_case"("reminders"."title")
        FROM "reminders"
        """)
    #expect(
      Reminder.group(by: \.remindersListID).select { $joinedTitles($0.title) }.query.debugDescription
        .hasPrefix(
          #"SELECT "joinedTitles"("reminders"."title")"#))
    #expect(Arithmetic.$double(21).queryFragment.debugDescription == #""double"(21)"#)
    #expect(
      $isLong(Reminder.columns).queryFragment.debugDescription
        == #""isLong"("reminders"."id", "reminders"."dueDate", "reminders"."isFlagged", "reminders"."notes", "#
        + #""reminders"."position", "reminders"."priority", "reminders"."remindersListID", "reminders"."status", "#
        + #""reminders"."title")"#)
    #expect($concat.name == "concat")
    #expect($concat.argumentCount == 2)
    #expect($titleCase.name == "title_case")
    #expect($titleCase.isDeterministic)
    #expect(!$concat.isDeterministic)
    #expect($isLong.argumentCount == 9)
    #expect($recordCompletion.argumentCount == 1)
  }

  @Test func scalarFunctionsInQueries() throws {
    try database.read { (db) throws in
      #expect(
        try Reminder.order(by: \.title).select { $concat(first: $0.title, second: "!") }.fetchAll(db)
          == ["Call accountant!", "Groceries!", "Haircut!"])
      #expect(try Values($concat()).fetchOne(db) == "")
      #expect(try Values($titleCase("call the accountant")).fetchOne(db) == "Call The Accountant")
      #expect(
        try Reminder.where { $priorityLabel($0.priority).eq("!!!") }.select(\.title).fetchAll(db) == [
          "Haircut"
        ])
      #expect(try Values(Arithmetic.$double(21)).fetchOne(db) == 42)
      #expect(
        try Reminder.where { $isLong($0) }.order(by: \.title).select(\.title).fetchAll(db) == [
          "Call accountant"
        ])
      let start = Date(timeIntervalSince1970: 0)
      #expect(
        try Values($daysBetween(start, and: Optional(Date(timeIntervalSince1970: 3 * 86_400 + 5)))).fetchOne(
          db) == 3)
      #expect(try Values($daysBetween(start, and: Date?.none)).fetchOne(db) == .some(nil))
      #expect(
        try Reminder.order(by: \.title).select { $daysBetween(start, and: $0.dueDate) }.fetchAll(db) == [
          nil, nil, 19675,
        ])
      #expect(try Values($ratio(1, 4)).fetchOne(db) == 0.25)
    }
  }

  @Test func representationsOfArgumentsAndResults() throws {
    try database.write { db in
      try #sql(
        #"CREATE TABLE "events" ("id" INTEGER PRIMARY KEY, "startsAt" TEXT NOT NULL, "endsAt" TEXT, "loggedAt" INTEGER NOT NULL)"#
      )
      .execute(db)
      try Event.insert {
        Event(id: 1, startsAt: Date(), endsAt: nil, loggedAt: Date(timeIntervalSince1970: 1_700_000_000))
      }
      .execute(db)
      #expect(
        Event.select { $unixYear($0.loggedAt) }.query.debugDescription.hasPrefix(
          #"SELECT "unixYear"("events"."loggedAt")"#))
      #expect(try Event.select { $unixYear($0.loggedAt) }.fetchOne(db) == 2023)
    }
  }

  @Test func aggregateFunctions() throws {
    try database.read { (db) throws in
      let titles = try RemindersList.join(Reminder.all) { $0.id.eq($1.remindersListID) }
        .group { list, _ in list.id }
        .order { list, _ in list.position }
        .select { ($0.title, $joinedTitles($1.title)) }
        .fetchAll(db)
      #expect(titles.map(\.0) == ["Personal", "Business"])
      #expect(titles.map(\.1) == ["Groceries, Haircut", "Call accountant"])
      #expect(try Reminder.select { Arithmetic.$midValue($0.position) }.fetchOne(db) == .some(0))
      #expect(
        try Reminder.where { $0.title.eq("none") }.select { Arithmetic.$midValue($0.position) }.fetchOne(db)
          == .some(nil))
      #expect(
        try Reminder.where { $0.title.eq("none") }.select { $joinedTitles($0.title) }.fetchOne(db) == "")
    }
  }

  @Test func errorsBecomeSQLErrors() throws {
    try database.read { db in
      let error = #expect(throws: DatabaseError.self) { try Values($ratio(1, 0)).fetchOne(db) }
      #expect(error?.message == "Cannot divide by zero: give a divisor other than 0")
      let null = #expect(throws: DatabaseError.self) {
        try Values($titleCase(#sql("NULL", as: String.self))).fetchOne(db)
      }
      #expect(null?.message.contains(#"Expected column 0 ("argument 1") to not be NULL"#) == true)
    }
  }

  @Test func voidFunctionInATrigger() throws {
    completedByTrigger.withLock { $0 = [] }
    try database.write { db in
      let trigger = Reminder.createTemporaryTrigger(
        "reminders_completing",
        after: .update { _, new in
          Values($recordCompletion(new.id))
        } when: { _, new in
          new.status.eq(Reminder.Status.completing)
        })
      #expect(
        trigger.query.debugDescription == """
          CREATE TEMPORARY TRIGGER
            "reminders_completing"
          AFTER UPDATE ON "reminders"
          FOR EACH ROW WHEN ("new"."status") = (2) BEGIN
            SELECT "recordCompletion"("new"."id");
          END
          """)
      try trigger.execute(db)
      try Reminder.find(reminderID(2)).update { $0.status = #bind(.completing) }.execute(db)
      try Reminder.find(reminderID(1)).update { $0.title = "Milk" }.execute(db)
    }
    #expect(completedByTrigger.withLock { $0 } == [reminderID(2)])
  }

  @Test func removedFunctionsAreGone() throws {
    try database.write { db in
      db.remove(function: $concat)
      db.remove(function: $joinedTitles)
      let scalar = #expect(throws: DatabaseError.self) { try Values($concat()).fetchOne(db) }
      #expect(scalar?.message == "no such function: concat")
      let aggregate = #expect(throws: DatabaseError.self) {
        try Reminder.select { $joinedTitles($0.title) }.fetchOne(db)
      }
      #expect(aggregate?.message == "no such function: joinedTitles")
    }
  }
}
