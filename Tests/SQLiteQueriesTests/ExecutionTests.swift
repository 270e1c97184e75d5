import Foundation
import SQLiteEngine
import SQLiteQueries
import Testing

@Selection
struct NonOptional {
  var id: Int
  var optionalDate: Date
}

@Suite("Statements run against a real database")
struct ExecutionTests {
  let database: DatabaseQueue

  init() throws {
    database = try remindersDatabase()
    try database.write { db in
      try RemindersList.insert {
        RemindersList(id: personalID, color: 0x4a99_ef00, position: 0, title: "Personal")
        RemindersList(id: businessID, color: 0xb25d_d300, position: 1, title: "Business")
      }
      .execute(db)
      try Reminder.insert {
        Reminder.Draft(id: reminderID(1), remindersListID: personalID, title: "Groceries")
        Reminder.Draft(
          id: reminderID(2), dueDate: Date(timeIntervalSince1970: 1_699_999_000), isFlagged: true,
          priority: .high, remindersListID: personalID, title: "Haircut")
        Reminder.Draft(
          id: reminderID(3), remindersListID: businessID, status: .completed, title: "Call accountant")
      }
      .execute(db)
      try Tag.insert {
        Tag(title: "someday"); Tag(title: "optional")
      }.execute(db)
      try ReminderTag.insert {
        ReminderTag(id: UUID(), reminderID: reminderID(1), tagID: "someday")
        ReminderTag(id: UUID(), reminderID: reminderID(1), tagID: "optional")
        ReminderTag(id: UUID(), reminderID: reminderID(2), tagID: "someday")
      }
      .execute(db)
    }
  }

  @Test func fetchTablesAndColumns() throws {
    try database.read { db in
      let reminders = try Reminder.order(by: \.title).fetchAll(db)
      #expect(reminders.map(\.title) == ["Call accountant", "Groceries", "Haircut"])
      #expect(reminders[2].priority == .high)
      #expect(reminders[2].dueDate == Date(timeIntervalSince1970: 1_699_999_000))
      #expect(reminders[0].status == .completed)
      #expect(
        try Reminder.where { !$0.isCompleted }.order { $0.title.desc() }.select(\.title).fetchAll(db)
          == ["Haircut", "Groceries"])
      #expect(try Reminder.where(\.isFlagged).fetchCount(db) == 1)
      #expect(try Reminder.fetchCount(db) == 3)
      #expect(try Reminder.find(reminderID(2)).fetchOne(db)?.title == "Haircut")
      #expect(try Reminder.find([reminderID(1), reminderID(3)]).fetchCount(db) == 2)
      let pairs = try Reminder.order(by: \.title).select { ($0.title, $0.isFlagged) }.fetchAll(db)
      #expect(pairs.map(\.0) == ["Call accountant", "Groceries", "Haircut"])
      #expect(pairs.map(\.1) == [false, false, true])
      #expect(try Reminder.none.fetchAll(db).isEmpty)
    }
  }

  @Test func draftsGetTheirKeysFromTheDatabase() throws {
    try database.write { db in
      try Reminder.insert { Reminder.Draft(remindersListID: personalID, title: "Drafted") }.execute(db)
      let drafted = try #require(try Reminder.where { $0.title.eq("Drafted") }.fetchOne(db))
      #expect(drafted.id.uuidString.count == 36)
      #expect(drafted.status == .incomplete)
    }
  }

  @Test func statsInOneQuery() throws {
    let stats = try database.read { db in
      try Reminder.select {
        Stats.Columns(
          allCount: $0.count(filter: !$0.isCompleted),
          flaggedCount: $0.count(filter: $0.isFlagged && !$0.isCompleted),
          scheduledCount: $0.count(filter: $0.isScheduled),
          todayCount: $0.count(filter: $0.isToday)
        )
      }
      .fetchOne(db)
    }
    let value = try #require(stats)
    #expect(value.allCount == 2)
    #expect(value.flaggedCount == 1)
    #expect(value.scheduledCount == 1)
    #expect(value.todayCount == 1)
  }

  @Test func listsWithIncompleteCounts() throws {
    let summaries = try database.read { db in
      try RemindersList
        .group(by: \.id)
        .order(by: \.position)
        .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) && !$1.isCompleted }
        .select { ListSummary.Columns(list: $0, incompleteCount: $1.id.count()) }
        .fetchAll(db)
    }
    #expect(summaries.map(\.list.title) == ["Personal", "Business"])
    #expect(summaries.map(\.incompleteCount) == [2, 0])
  }

  @Test func leftJoinsDecodeMissingRowsAsNil() throws {
    let rows = try database.read { db in
      try Reminder.withTags.order { ($0.title, $2.title) }.fetchAll(db)
    }
    #expect(rows.map(\.0.title) == ["Call accountant", "Groceries", "Haircut"])
    #expect(rows[0].1 == nil)
    #expect(rows[0].2 == nil)
    #expect(rows[2].2?.title == "someday")
    let tagged = try database.read { db in
      try Reminder.group(by: \.id)
        .join(ReminderTag.all) { $0.id.eq($1.reminderID) }
        .join(Tag.all) { $1.tagID.eq($2.primaryKey) }
        .order { reminder, _, _ in reminder.title }
        .select { ($0.title, $2.title.groupConcat(", ")) }
        .fetchAll(db)
    }
    #expect(tagged.map(\.0) == ["Groceries", "Haircut"])
    #expect(tagged[1].1 == "someday")
  }

  @Test func updatesAndDeletes() throws {
    try database.write { db in
      try Reminder.find(reminderID(1)).update { $0.isFlagged.toggle() }.execute(db)
      try Reminder.where { $0.remindersListID.eq(personalID) }.update { $0.position += 10 }.execute(db)
      try Reminder.where { $0.status.eq(Reminder.Status.completed) }
        .update { $0.status = #bind(.incomplete) }.execute(db)
      var haircut = try #require(try Reminder.find(reminderID(2)).fetchOne(db))
      haircut.title = "Barber"
      try Reminder.update(haircut).execute(db)
      let rows = try Reminder.order(by: \.title).fetchAll(db)
      #expect(rows.map(\.title) == ["Barber", "Call accountant", "Groceries"])
      #expect(rows.map(\.isFlagged) == [true, false, true])
      #expect(rows.map(\.position) == [10, 0, 10])
      #expect(rows.map(\.status) == [.incomplete, .incomplete, .incomplete])

      try Reminder.delete(rows[0]).execute(db)
      try Reminder.where { $0.title.eq("Groceries") }.delete().execute(db)
      #expect(try Reminder.select(\.title).fetchAll(db) == ["Call accountant"])
    }
  }

  @Test func updateAndDeleteRender() {
    let row = Reminder(id: reminderID(1), remindersListID: personalID, title: "x")
    #expect(
      Reminder.update { $0.isFlagged.toggle() }.query.debugDescription == """
        UPDATE "reminders"
        SET "isFlagged" = NOT ("reminders"."isFlagged")
        """)
    #expect(
      Reminder.delete(row).query.debugDescription == """
        DELETE FROM "reminders"
        WHERE (("reminders"."id") = ('10000000-0000-0000-0000-000000000001'))
        """)
    #expect(
      Reminder.update(row).query.debugDescription.hasSuffix(
        """
        WHERE (("reminders"."id") = ('10000000-0000-0000-0000-000000000001'))
        """))
  }

  @Test func batchReorderingWithCase() throws {
    try database.write { db in
      let ids = [reminderID(3), reminderID(1), reminderID(2)]
      try Reminder
        .where { $0.id.in(ids) }
        .update {
          let indexed = Array(ids.enumerated())
          let (first, rest) = (indexed.first!, indexed.dropFirst())
          $0.position =
            rest
            .reduce(Case($0.id).when(first.element, then: first.offset)) { cases, id in
              cases.when(id.element, then: id.offset)
            }
            .else($0.position)
        }
        .execute(db)
      #expect(try Reminder.order(by: \.position).select(\.id).fetchAll(db) == ids)
    }
  }

  @Test func upsertInsertsOrUpdates() throws {
    try database.write { db in
      try Reminder.upsert { Reminder.Draft(id: reminderID(1), remindersListID: personalID, title: "Milk") }
        .execute(db)
      try Reminder.upsert { Reminder.Draft(id: reminderID(9), remindersListID: businessID, title: "New") }
        .execute(db)
      #expect(try Reminder.find(reminderID(1)).select(\.title).fetchOne(db) == "Milk")
      #expect(try Reminder.fetchCount(db) == 4)
    }
    #expect(
      Reminder.upsert { Reminder.Draft(id: reminderID(1), remindersListID: personalID, title: "Milk") }
        .query.debugDescription.contains(
          """
          ON CONFLICT ("id")
          DO UPDATE SET "dueDate" = "excluded"."dueDate", "isFlagged" = "excluded"."isFlagged"
          """))
  }

  @Test func insertRendering() {
    #expect(
      Tag.insert {
        Tag(title: "car"); Tag(title: "kids")
      }.query.debugDescription == """
        INSERT INTO "tags"
        ("title")
        VALUES
        ('car'), ('kids')
        """)
    #expect(
      Reminder.insert { Reminder.Draft(remindersListID: personalID, title: "Check email") }.query
        .debugDescription == """
          INSERT INTO "reminders"
          ("id", "dueDate", "isFlagged", "notes", "position", "priority", "remindersListID", "status", "title")
          VALUES
          (NULL, NULL, 0, '', 0, NULL, '00000000-0000-0000-0000-000000000001', 0, 'Check email')
          """)
    #expect(Reminder.insert().query.debugDescription == "INSERT INTO \"reminders\"\nDEFAULT VALUES")
  }

  @Test func returningAndConflicts() throws {
    try database.write { db in
      let titles = try Tag.insert { Tag(title: "new") }.returning(\.title).fetchAll(db)
      #expect(titles == ["new"])
      try Tag.insert { Tag(title: "NEW") }.onConflictDoNothing().execute(db)
      #expect(try Tag.fetchCount(db) == 3)
      let deleted = try Tag.where { $0.title.eq("new") }.delete().returning { $0.title }.fetchAll(db)
      #expect(deleted == ["new"])
    }
  }

  @Test func rawSQLWithSchemaSafeInterpolation() throws {
    let completed = try database.read { db in
      try #sql(
        """
        SELECT \(Reminder.columns)
        FROM \(Reminder.self)
        WHERE \(Reminder.status) <> 0
        ORDER BY \(Reminder.title) DESC
        """,
        as: Reminder.self
      )
      .fetchAll(db)
    }
    #expect(completed.map(\.title) == ["Call accountant"])
  }

  @Test func nullInANonOptionalColumnNamesIt() throws {
    let error = try #require(throws: RowDecodingError.self) {
      try database.read { db in
        _ = try #sql("SELECT 1 AS id, NULL AS optionalDate", as: NonOptional.self).fetchAll(db)
      }
    }
    #expect(error.message == #"Expected column 1 ("optionalDate") to not be NULL"#)
  }

  @Test func aMissingTableIsAnErrorThatNamesIt() throws {
    let error = try #require(throws: DatabaseError.self) {
      try DatabaseQueue().read { db in _ = try Reminder.fetchAll(db) }
    }
    #expect(error.message == "no such table: reminders")
  }

  /// Inserts of plain values run from SQL kept per shape (table, columns, rows): they insert
  /// exactly what the rendered statement would, and a failure still names the SQL and values.
  @Test func insertsOfValuesRunTheRenderedStatement() throws {
    let insert = Tag.insert { Tag(title: "alpha") }
    let pair = Tag.insert {
      Tag(title: "beta")
      Tag(title: "gamma")
    }
    try database.write { db in
      try insert.execute(db)
      try pair.execute(db)
      // The same shapes again, with other values.
      try Tag.insert { Tag(title: "delta") }.execute(db)
      try Tag.insert {
        Tag(title: "epsilon")
        Tag(title: "zeta")
      }
      .execute(db)
      try Reminder.insert { Reminder.Draft(remindersListID: businessID, title: "Nil key and dates") }.execute(
        db)
    }
    try database.read { (db) throws in
      #expect(
        try Tag.order(by: \.title).select(\.title).fetchAll(db) == [
          "alpha", "beta", "delta", "epsilon", "gamma", "optional", "someday", "zeta",
        ])
      let drafted = try #require(try Reminder.where { $0.title.eq("Nil key and dates") }.fetchOne(db))
      #expect(drafted.dueDate == nil)
    }
    let error = try #require(throws: DatabaseError.self) {
      try database.write { db in try Tag.insert { Tag(title: "alpha") }.execute(db) }
    }
    #expect(error.resultCode == .SQLITE_CONSTRAINT)
    #expect(error.sql?.hasPrefix(#"INSERT INTO "tags""#) == true)
    #expect(error.arguments?.values == [.text("alpha")])
  }

  /// Drafts bind their values straight into one statement per type and row count: a nil takes a
  /// parameter like any value, so rows with and without nils share the statement and keep their
  /// own values; a failure still names the SQL and every value.
  @Test func draftsOfEveryNilPatternShareOneStatement() throws {
    let due = Date(timeIntervalSince1970: 1_700_000_000)
    let drafts = [
      Reminder.Draft(
        id: reminderID(10), dueDate: due, priority: .low, remindersListID: businessID, title: "a"),
      Reminder.Draft(id: reminderID(11), remindersListID: businessID, title: "b"),
      Reminder.Draft(id: reminderID(12), dueDate: due, remindersListID: businessID, title: "c"),
      Reminder.Draft(id: reminderID(13), priority: .high, remindersListID: businessID, title: "d"),
    ]
    try database.write { db in
      for draft in drafts { try Reminder.insert { draft }.execute(db) }
    }
    let inserted = try database.read { db in
      try Reminder.where { $0.remindersListID.eq(businessID) && $0.title.in(["a", "b", "c", "d"]) }
        .order(by: \.title).fetchAll(db)
    }
    #expect(inserted.map(\.id) == drafts.compactMap(\.id))
    #expect(inserted.map(\.dueDate) == [due, nil, due, nil])
    #expect(inserted.map(\.priority) == [.low, nil, nil, .high])

    let error = try #require(throws: DatabaseError.self) {
      try database.write { db in try Reminder.insert { drafts[1] }.execute(db) }
    }
    #expect(error.resultCode == .SQLITE_CONSTRAINT)
    #expect(error.sql?.hasPrefix(#"INSERT INTO "reminders""#) == true)
    #expect(error.sql?.contains("NULL") == false)
    let values = try #require(error.arguments?.values)
    #expect(values.contains(.text("b")) && values.contains(.null))
    #expect(values.count == Reminder.Draft.TableColumns.allColumns.count)
  }

  @Test func rowsAndDraftsInsertOneOrManyAtATime() throws {
    // One row, or an array of one, is the same statement.
    #expect(
      Tag.insert { Tag(title: "a") }.query.debugDescription
        == Tag.insert { [Tag(title: "a")] }.query.debugDescription)
    try database.write { db in
      try Tag.insert { Tag(title: "one") }.execute(db)
      try Tag.insert {
        Tag(title: "two")
        Tag(title: "three")
      }
      .execute(db)
      try Reminder.insert {
        Reminder.Draft(id: reminderID(20), remindersListID: businessID, title: "alone")
      }
      .execute(db)
      try Reminder.insert {
        for index in 21...23 {
          Reminder.Draft(id: reminderID(index), remindersListID: businessID, title: "batch \(index)")
        }
      }
      .execute(db)
    }
    let tags = try database.read { db in try Tag.order(by: \.title).fetchAll(db).map(\.title) }
    #expect(tags == ["one", "optional", "someday", "three", "two"])
    let titles = try database.read { db in
      try Reminder.where { $0.remindersListID.eq(businessID) }.order(by: \.title).fetchAll(db).map(\.title)
    }
    #expect(titles == ["Call accountant", "alone", "batch 21", "batch 22", "batch 23"])

    // A failing insert of several rows names every value it bound.
    let error = try #require(throws: DatabaseError.self) {
      try database.write { db in
        try Tag.insert {
          Tag(title: "four")
          Tag(title: "one")
        }
        .execute(db)
      }
    }
    #expect(error.resultCode == .SQLITE_CONSTRAINT)
    #expect(error.arguments?.values == [.text("four"), .text("one")])
    #expect(try database.read { db in try Tag.where { $0.title.eq("four") }.fetchCount(db) } == 0)
  }

  /// A draft insert keeps one draft as it is, without an array, and gathers every other form of
  /// its builder: each inserts its rows, and an insert read for rows without RETURNING reads none.
  @Test func draftInsertsOfEveryBuilderForm() throws {
    func draft(_ number: Int, _ title: String) -> Reminder.Draft {
      Reminder.Draft(id: reminderID(number), remindersListID: businessID, title: title)
    }
    #expect(
      Reminder.insert { draft(30, "x") }.query.debugDescription
        == Reminder.insert { [draft(30, "x")] }.query.debugDescription)
    let includesOptional = false
    let returned: [()] = try database.write { db in
      try Reminder.insert { [draft(30, "array of one")] }.execute(db)
      try Reminder.insert { if includesOptional { draft(31, "left out") } }.execute(db)
      try Reminder.insert {
        draft(32, "first of two")
        if !includesOptional { draft(33, "second of two") } else { draft(34, "other branch") }
      }
      .execute(db)
      return try Reminder.insert { draft(35, "read for rows") }.fetchAll(db)
    }
    #expect(returned.isEmpty)
    let titles = try database.read { db in
      try Reminder.where { $0.id.in([30, 31, 32, 33, 34, 35].map(reminderID)) }.order(by: \.title)
        .fetchAll(db).map(\.title)
    }
    #expect(titles == ["array of one", "first of two", "read for rows", "second of two"])
  }

  @Test func aTableWithoutAPrimaryKeyInsertsItsRowsAsDrafts() throws {
    #expect(Count.Draft.self == Count.self)
    let queue = try DatabaseQueue()
    try queue.write { db in
      try #sql("CREATE TABLE counts (value INTEGER NOT NULL)").execute(db)
      try Count.insert { Count(value: 1) }.execute(db)
      try Count.insert { [Count(value: 2), Count(value: 3)] }.execute(db)
    }
    #expect(try queue.read { db in try Count.order(by: \.value).fetchAll(db).map(\.value) } == [1, 2, 3])
  }
}
