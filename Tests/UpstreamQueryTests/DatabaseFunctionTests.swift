import Foundation
import SQLiteData
import Testing

/// Upstream's `DatabaseFunctionTests`. Upstream declares its functions as methods of the suite;
/// here a `@DatabaseFunction` is a global or static function, so they are declared at file
/// scope, and a function is added to the connection with `add(function:)` where upstream calls
/// `install(_:)` on SQLite's handle.
///
/// An outer-joined table's array filters on its `rowid`, as upstream's latest JSON tests write it.
///
/// A `JSONRepresentation` binds compact JSON; the display form the SQL is checked in shows it
/// indented, as upstream's debug builds do.
///
/// Compiled out under `UPSTREAM_GAPS`, for want of the API:
/// - `voidState`: `@DatabaseFunction` on an instance method (`logger.$log`).
@Suite("Upstream: database functions")
struct DatabaseFunctionTests {
  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  private func install(_ function: some ScalarDatabaseFunction) throws {
    try database.write { try $0.add(function: function) }
  }

  @Test func customIsEnabled() throws {
    try install($isEnabled)
    let statement = Values($isEnabled())
    expectSQL(
      statement,
      """
      SELECT "isEnabled"()
      """)
    #expect(try database.read { try statement.fetchOne($0) } == true)
  }

  @Test func customDateTime() throws {
    try install($dateTime)
    let statement = Values($dateTime())
    expectSQL(
      statement,
      """
      SELECT "dateTime"(NULL)
      """)
    #expect(try database.read { try statement.fetchOne($0) } == Date(timeIntervalSince1970: 0))
  }

  @Test func customConcat() throws {
    try install($concat)
    let statement = Values($concat(first: "foo", second: "bar"))
    expectSQL(
      statement,
      """
      SELECT "concat"('foo', 'bar')
      """)
    #expect(try database.read { try statement.fetchOne($0) } == "foobar")
  }

  @Test func erasedConcat() throws {
    try install($concat)
    let statement = Values($concat("foo", "bar"))
    expectSQL(
      statement,
      """
      SELECT "concat"('foo', 'bar')
      """)
    #expect(try database.read { try statement.fetchOne($0) } == "foobar")
  }

  @Test func keywordName() throws {
    try install($default)
    let statement = Values($default())
    expectSQL(statement, #"SELECT "default"()"#)
    #expect(try database.read { try statement.fetchOne($0) } == 42)
  }

  @Test func customThrowing() throws {
    try install($throwing)
    let statement = Values($throwing())
    expectSQL(
      statement,
      """
      SELECT "throwing"()
      """)
    let error = #expect(throws: DatabaseError.self) { try database.read { try statement.fetchOne($0) } }
    #expect(error?.message == "Oops!")
  }

  @Test func customToggle() throws {
    try install($toggle)
    let statement = Values($toggle(Completion.incomplete))
    expectSQL(
      statement,
      """
      SELECT "toggle"(0)
      """)
    #expect(try database.read { try statement.fetchOne($0) } == .completing)
  }

  @Test func customRepresentation() throws {
    try install($jsonCapitalize)
    let statement = Values($jsonCapitalize(#bind(["hello", "world"])))
    expectSQL(
      statement,
      """
      SELECT "jsonCapitalize"('[
        "hello",
        "world"
      ]')
      """)
    #expect(try database.read { try statement.fetchOne($0) } == ["Hello", "World"])
  }

  @Test func customMixedRepresentation() throws {
    try install($jsonDropFirst)
    let statement = Values($jsonDropFirst(#bind(["hello", "world", "goodnight", "moon"]), 2))
    expectSQL(
      statement,
      """
      SELECT "jsonDropFirst"('[
        "hello",
        "world",
        "goodnight",
        "moon"
      ]', 2)
      """)
    #expect(try database.read { try statement.fetchOne($0) } == ["goodnight", "moon"])
  }

  @Test func customNilRepresentation() throws {
    try install($jsonCount)
    let four = Values($jsonCount(#bind(["hello", "world", "goodnight", "moon"])))
    expectSQL(
      four,
      """
      SELECT "jsonCount"('[
        "hello",
        "world",
        "goodnight",
        "moon"
      ]')
      """)
    #expect(try database.read { try four.fetchOne($0) } == 4)

    let none = Values($jsonCount(#bind(nil)))
    expectSQL(
      none,
      """
      SELECT "jsonCount"(NULL)
      """)
    #expect(try database.read { try none.fetchOne($0) } == -1)
  }

  #if UPSTREAM_GAPS
    final class Logger {
      var messages: [String] = []

      @DatabaseFunction
      func log(_ message: String) {
        messages.append(message)
      }
    }

    @Test func voidState() throws {
      let logger = Logger()
      try install(logger.$log)
      let statement = Values(logger.$log("Hello, world!"))
      expectSQL(
        statement,
        """
        SELECT "log"('Hello, world!')
        """)
      try database.read { try statement.execute($0) }
      #expect(logger.messages == ["Hello, world!"])
    }
  #endif

  @Test func jsonArray() throws {
    try install($joinTags)
    let statement =
      Reminder
      .group(by: \.id)
      .leftJoin(ReminderTag.all) { $0.id.eq($1.reminderID) }
      .leftJoin(Tag.all) { $1.tagID.eq($2.id) }
      .select { $joinTags($2.jsonGroupArray()) }
    expectSQL(
      statement,
      """
      SELECT "joinTags"(json_group_array(CASE WHEN ("tags"."rowid") IS NOT (NULL) THEN json_object('id', json_quote("tags"."id"), 'title', json_quote("tags"."title")) END) FILTER (WHERE ("tags"."rowid") IS NOT (NULL)))
      FROM "reminders"
      LEFT JOIN "remindersTags" ON ("reminders"."id") = ("remindersTags"."reminderID")
      LEFT JOIN "tags" ON ("remindersTags"."tagID") = ("tags"."id")
      GROUP BY "reminders"."id"
      """)
    #expect(
      try database.read { try statement.fetchAll($0) } == [
        "someday, optional", "someday, optional", "", "car, kids", "", "", "", "", "", "",
      ])
  }

  @Test func jsonObject() throws {
    try install($isJSONValid)
    let statement = Reminder.select { $isJSONValid($0.jsonObject(), true) }.limit(1)
    expectSQL(
      statement,
      """
      SELECT "isJSONValid"(json_object('id', json_quote("reminders"."id"), 'assignedUserID', json_quote("reminders"."assignedUserID"), 'dueDate', json_quote("reminders"."dueDate"), 'isCompleted', json(CASE "reminders"."isCompleted" WHEN 0 THEN 'false' WHEN 1 THEN 'true' END), 'isFlagged', json(CASE "reminders"."isFlagged" WHEN 0 THEN 'false' WHEN 1 THEN 'true' END), 'notes', json_quote("reminders"."notes"), 'priority', json_quote("reminders"."priority"), 'remindersListID', json_quote("reminders"."remindersListID"), 'title', json_quote("reminders"."title"), 'updatedAt', json_quote("reminders"."updatedAt")), 1)
      FROM "reminders"
      LIMIT 1
      """)
    #expect(try database.read { try statement.fetchOne($0) } == true)
  }

  @Test func table() throws {
    try install($isValid)
    let columns = Reminder.select { $isValid($0, true) }.limit(1)
    expectSQL(
      columns,
      """
      SELECT "isValid"("reminders"."id", "reminders"."assignedUserID", "reminders"."dueDate", "reminders"."isCompleted", "reminders"."isFlagged", "reminders"."notes", "reminders"."priority", "reminders"."remindersListID", "reminders"."title", "reminders"."updatedAt", 1)
      FROM "reminders"
      LIMIT 1
      """)
    #expect(try database.read { try columns.fetchOne($0) } == true)

    let values =
      Reminder
      .select { _ in
        $isValid(Reminder.Columns(id: 1, remindersListID: 1), true)
      }
      .limit(1)
    expectSQL(
      values,
      """
      SELECT "isValid"(1, NULL, NULL, 0, 0, '', NULL, 1, '', '2040-02-14 23:31:30.000', 1)
      FROM "reminders"
      LIMIT 1
      """)
    #expect(try database.read { try values.fetchOne($0) } == true)
  }

  @Test func optionalTable() throws {
    try install($isNotNull)
    let statement = Tag?.select { $isNotNull($0) }.limit(1)
    expectSQL(
      statement,
      """
      SELECT "isNotNull"("tags"."id", "tags"."title")
      FROM "tags"
      LIMIT 1
      """)
    #expect(try database.read { try statement.fetchOne($0) } == true)
  }

  @Test func tableAlias() throws {
    try install($isValidAlias)
    let statement = Tag.as(T.self).select { $isValidAlias($0) }.limit(1)
    expectSQL(
      statement,
      """
      SELECT "isValidAlias"("ts"."id", "ts"."title")
      FROM "tags" AS "ts"
      LIMIT 1
      """)
    #expect(try database.read { try statement.fetchOne($0) } == true)
  }

  @Test func tableDraft() throws {
    try install($isValidDraft)
    let statement = Tag.Draft.select { $isValidDraft($0) }.limit(1)
    expectSQL(
      statement,
      """
      SELECT "isValidDraft"("tags"."id", "tags"."title")
      FROM "tags"
      LIMIT 1
      """)
    #expect(try database.read { try statement.fetchOne($0) } == true)
  }
}

// MARK: - The functions the cases call

@DatabaseFunction
fileprivate func isEnabled() -> Bool {
  true
}

@DatabaseFunction
fileprivate func dateTime(_ format: String? = nil) -> Date? {
  Date(timeIntervalSince1970: 0)
}

@DatabaseFunction
fileprivate func concat(first: String = "", second: String = "") -> String {
  first + second
}

@DatabaseFunction
fileprivate func throwing() throws -> String {
  struct Failure: LocalizedError {
    var errorDescription: String? {
      "Oops!"
    }
  }
  throw Failure()
}

@DatabaseFunction(isDeterministic: true)
fileprivate func `default`() -> Int {
  42
}

fileprivate enum Completion: Int, QueryBindable {
  case incomplete, complete, completing
}

@DatabaseFunction
fileprivate func toggle(_ completion: Completion) -> Completion {
  completion == .incomplete ? .completing : .incomplete
}

@DatabaseFunction(as: (([String].JSONRepresentation) -> [String].JSONRepresentation).self)
fileprivate func jsonCapitalize(_ strings: [String]) -> [String] {
  strings.map(\.capitalized)
}

@DatabaseFunction(as: (([String].JSONRepresentation, Int) -> [String].JSONRepresentation).self)
fileprivate func jsonDropFirst(_ strings: [String], _ k: Int = 1) -> [String] {
  Array(strings.dropFirst(k))
}

@DatabaseFunction(as: (([String]?.JSONRepresentation) -> Int).self)
fileprivate func jsonCount(_ strings: [String]?) -> Int {
  strings?.count ?? -1
}

@DatabaseFunction(as: (([Tag].JSONRepresentation) -> String).self)
fileprivate func joinTags(_ tags: [Tag]) -> String {
  tags.map(\.title).joined(separator: ", ")
}

@DatabaseFunction(as: ((Reminder.JSONRepresentation, Bool) -> Bool).self)
fileprivate func isJSONValid(_ reminder: Reminder, _ override: Bool = false) -> Bool {
  !reminder.title.isEmpty || override
}

@DatabaseFunction
fileprivate func isValid(_ reminder: Reminder, _ override: Bool = false) -> Bool {
  !reminder.title.isEmpty || override
}

@DatabaseFunction
fileprivate func isNotNull(_ tag: Tag?) -> Bool {
  tag != nil
}

fileprivate enum T: AliasName {}

@DatabaseFunction(as: ((TableAlias<Tag, T>) -> Bool).self)
fileprivate func isValidAlias(_ tag: Tag) -> Bool {
  !tag.title.isEmpty
}

@DatabaseFunction
fileprivate func isValidDraft(_ tag: Tag.Draft) -> Bool {
  !tag.title.isEmpty
}
