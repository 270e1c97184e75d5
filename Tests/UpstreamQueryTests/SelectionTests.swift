import Foundation
import SQLiteData
import Testing

/// Upstream's `SelectionTests`: `@Selection` types' `Columns(…)` selected (each column aliased
/// with its property's name) and interpolated into `#sql` (unaliased). Two columns of one selection
/// that share a name are numbered (`"id_1"`, `"id_2"`), as upstream's JSON tests of the same
/// version expect and as its older copy of this file marks as the behaviour it wants. `#sql` is a query
/// expression here, not a statement, so its SQL is checked with `expectFragment`.
///
/// `map` on a select gathers its columns into a selection, unaliased.
///
/// A selection's table member may be read under an alias (`@Column(as: TableAlias<RemindersList,
/// RL>.self)`, optional or not): its columns are the alias's, its value the table's row. Under
/// `UPSTREAM_GAPS`: upstream's SQL for two columns named `id` when the table is aliased, which
/// leaves them unnumbered where its unaliased case numbers them; here both are numbered.
@Suite("Upstream: selections")
struct SelectionTests {
  @Selection
  struct ReminderDate: Equatable {
    var date: Date?
  }

  @Selection
  struct ReminderTitleAndAssignedUserName: Equatable {
    let reminderTitle: String
    let assignedUserName: String?
  }

  @Selection
  struct RemindersListAndReminderCount: Equatable {
    let remindersList: RemindersList
    let remindersCount: Int
  }

  @Selection
  struct Stats: Equatable {
    let completedCount: Int
    let flaggedCount: Int
    let totalCount: Int
  }

  @Selection
  struct IDSelection: Equatable {
    let id: Int
  }

  @Selection
  struct AnotherIDSelection: Equatable {
    let id: Int
  }

  @Selection
  struct SelectionWithColumnGroupAndID: Equatable {
    let id: Int
    let remindersList: RemindersList
  }

  static let personal = RemindersList(id: 1, color: 0x4a99ef, title: "Personal")
  static let family = RemindersList(id: 2, color: 0xed8935, title: "Family")
  static let business = RemindersList(id: 3, color: 0xb25dd3, title: "Business")

  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func remindersListAndReminderCount() throws {
    let baseQuery =
      RemindersList
      .group(by: \.id)
      .limit(2)
      .join(Reminder.all) { $0.id.eq($1.remindersListID) }
    let firstTwo = [
      RemindersListAndReminderCount(remindersList: Self.personal, remindersCount: 5),
      RemindersListAndReminderCount(remindersList: Self.family, remindersCount: 3),
    ]

    let selected =
      baseQuery
      .select {
        RemindersListAndReminderCount.Columns(remindersList: $0, remindersCount: $1.id.count())
      }
    expectSQL(
      selected,
      """
      SELECT "remindersLists"."id" AS "id", "remindersLists"."color" AS "color", "remindersLists"."title" AS "title", "remindersLists"."position" AS "position", count("reminders"."id") AS "remindersCount"
      FROM "remindersLists"
      JOIN "reminders" ON ("remindersLists"."id") = ("reminders"."remindersListID")
      GROUP BY "remindersLists"."id"
      LIMIT 2
      """)
    #expect(try database.read { try selected.fetchAll($0) } == firstTwo)

    let mapped =
      baseQuery
      .select { ($1.id.count(), $0) }
      .map { RemindersListAndReminderCount.Columns(remindersList: $1, remindersCount: $0) }
    expectSQL(
      mapped,
      """
      SELECT "remindersLists"."id", "remindersLists"."color", "remindersLists"."title", "remindersLists"."position", count("reminders"."id")
      FROM "remindersLists"
      JOIN "reminders" ON ("remindersLists"."id") = ("reminders"."remindersListID")
      GROUP BY "remindersLists"."id"
      LIMIT 2
      """)
    #expect(try database.read { try mapped.fetchAll($0) } == firstTwo)

    let remindersListAndRemindersCount = RemindersListAndReminderCount.Columns(
      remindersList: RemindersList.columns,
      remindersCount: Reminder.columns.count()
    )
    let raw = #sql(
      """
      SELECT \(remindersListAndRemindersCount)
      FROM \(RemindersList.self)
      JOIN \(Reminder.self) ON \(RemindersList.id) = \(Reminder.remindersListID)
      GROUP BY \(RemindersList.id)
      """,
      as: RemindersListAndReminderCount.self
    )
    expectFragment(
      raw,
      """
      SELECT "remindersLists"."id", "remindersLists"."color", "remindersLists"."title", "remindersLists"."position", count("reminders"."id")
      FROM "remindersLists"
      JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID"
      GROUP BY "remindersLists"."id"
      """)
    #expect(
      try database.read { try raw.fetchAll($0) }
        == firstTwo + [RemindersListAndReminderCount(remindersList: Self.business, remindersCount: 2)])
  }

  @Test func outerJoin() throws {
    let statement =
      Reminder
      .limit(2)
      .leftJoin(User.all) { $0.assignedUserID.is($1.id) }
      .select {
        ReminderTitleAndAssignedUserName.Columns(
          reminderTitle: $0.title,
          assignedUserName: $1.name
        )
      }
    expectSQL(
      statement,
      """
      SELECT "reminders"."title" AS "reminderTitle", "users"."name" AS "assignedUserName"
      FROM "reminders"
      LEFT JOIN "users" ON ("reminders"."assignedUserID") IS ("users"."id")
      LIMIT 2
      """)
    #expect(
      try database.read { try statement.fetchAll($0) } == [
        ReminderTitleAndAssignedUserName(reminderTitle: "Groceries", assignedUserName: "Blob"),
        ReminderTitleAndAssignedUserName(reminderTitle: "Haircut", assignedUserName: nil),
      ])
  }

  @Test func date() throws {
    let statement = Reminder.select {
      ReminderDate.Columns(date: $0.dueDate)
    }
    expectSQL(
      statement,
      """
      SELECT "reminders"."dueDate" AS "date"
      FROM "reminders"
      """)
    let days: [Double?] = [0, -2, 0, -190, nil, 2, -2, 4, 2, -2]
    #expect(
      try database.read { try statement.fetchAll($0) }
        == days.map { day in ReminderDate(date: day.map { Date(timeIntervalSinceReferenceDate: $0 * 86_400) })
        })
  }

  @Test func multiAggregate() throws {
    let statement = Reminder.select {
      Stats.Columns(
        completedCount: $0.count(filter: $0.isCompleted),
        flaggedCount: $0.count(filter: $0.isFlagged),
        totalCount: $0.count()
      )
    }
    expectSQL(
      statement,
      """
      SELECT count("reminders"."id") FILTER (WHERE "reminders"."isCompleted") AS "completedCount", count("reminders"."id") FILTER (WHERE "reminders"."isFlagged") AS "flaggedCount", count("reminders"."id") AS "totalCount"
      FROM "reminders"
      """)
    #expect(
      try database.read { try statement.fetchOne($0) }
        == Stats(completedCount: 3, flaggedCount: 2, totalCount: 10))
  }

  @Test func duplicateSelectionColumnNames() throws {
    let statement = Reminder.select {
      (IDSelection.Columns(id: $0.id), AnotherIDSelection.Columns(id: $0.id))
    }
    expectSQL(
      statement,
      """
      SELECT "reminders"."id" AS "id", "reminders"."id" AS "id"
      FROM "reminders"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == (1...10).map { IDSelection(id: $0) })
    #expect(rows.map(\.1) == (1...10).map { AnotherIDSelection(id: $0) })
  }

  @Test func duplicateColumnNamesWithinSelectionWithColumnGroup() throws {
    let statement = RemindersList.select {
      SelectionWithColumnGroupAndID.Columns(id: $0.id, remindersList: $0)
    }
    expectSQL(
      statement,
      """
      SELECT "remindersLists"."id" AS "id_1", "remindersLists"."id" AS "id_2", "remindersLists"."color" AS "color", "remindersLists"."title" AS "title", "remindersLists"."position" AS "position"
      FROM "remindersLists"
      """)
    #expect(
      try database.read { try statement.fetchAll($0) } == [
        SelectionWithColumnGroupAndID(id: 1, remindersList: Self.personal),
        SelectionWithColumnGroupAndID(id: 2, remindersList: Self.family),
        SelectionWithColumnGroupAndID(id: 3, remindersList: Self.business),
      ])
  }

  @Test func alias() throws {
    let baseQuery =
      RemindersList.as(RL.self).all
      .group(by: \.id)
      .limit(2)
      .join(Reminder.all) { $0.id.eq($1.remindersListID) }
    let statement =
      baseQuery
      .select {
        RemindersListAliasAndReminderCount.Columns(
          remindersList: $0,
          remindersCount: $1.id.count()
        )
      }
    expectSQL(
      statement,
      """
      SELECT "rLs"."id" AS "id", "rLs"."color" AS "color", "rLs"."title" AS "title", "rLs"."position" AS "position", count("reminders"."id") AS "remindersCount"
      FROM "remindersLists" AS "rLs"
      JOIN "reminders" ON ("rLs"."id") = ("reminders"."remindersListID")
      GROUP BY "rLs"."id"
      LIMIT 2
      """)
    #expect(
      try database.read { try statement.fetchAll($0) } == [
        RemindersListAliasAndReminderCount(remindersList: Self.personal, remindersCount: 5),
        RemindersListAliasAndReminderCount(remindersList: Self.family, remindersCount: 3),
      ])
  }

  @Test func optionalAlias() throws {
    let baseQuery =
      Reminder
      .leftJoin(RemindersList.as(RL.self).all) { $0.remindersListID.eq($1.id) }
    let statement =
      baseQuery
      .select {
        OptionalRemindersListAliasAndReminderCount.Columns(
          remindersList: $1,
          remindersCount: $0.id.count()
        )
      }
    expectSQL(
      statement,
      """
      SELECT "rLs"."id" AS "id", "rLs"."color" AS "color", "rLs"."title" AS "title", "rLs"."position" AS "position", count("reminders"."id") AS "remindersCount"
      FROM "reminders"
      LEFT JOIN "remindersLists" AS "rLs" ON ("reminders"."remindersListID") = ("rLs"."id")
      """)
    #expect(
      try database.read { try statement.fetchAll($0) } == [
        OptionalRemindersListAliasAndReminderCount(remindersList: Self.personal, remindersCount: 10)
      ])
  }

  @Test func duplicateColumnNamesWithinSelectionWithColumnGroupAlias() throws {
    let statement = RemindersList.as(RL.self).select {
      SelectionWithColumnGroupAliasAndID.Columns(id: $0.id, remindersList: $0)
    }
    #if UPSTREAM_GAPS
      expectSQL(
        statement,
        """
        SELECT "rLs"."id" AS "id", "rLs"."id" AS "id", "rLs"."color" AS "color", "rLs"."title" AS "title", "rLs"."position" AS "position"
        FROM "remindersLists" AS "rLs"
        """)
    #endif
    // Numbered as without the alias (`duplicateColumnNamesWithinSelectionWithColumnGroup`).
    expectSQL(
      statement,
      """
      SELECT "rLs"."id" AS "id_1", "rLs"."id" AS "id_2", "rLs"."color" AS "color", "rLs"."title" AS "title", "rLs"."position" AS "position"
      FROM "remindersLists" AS "rLs"
      """)
    #expect(
      try database.read { try statement.fetchAll($0) } == [
        SelectionWithColumnGroupAliasAndID(id: 1, remindersList: Self.personal),
        SelectionWithColumnGroupAliasAndID(id: 2, remindersList: Self.family),
        SelectionWithColumnGroupAliasAndID(id: 3, remindersList: Self.business),
      ])
  }
}

fileprivate enum RL: AliasName {}

@Selection
fileprivate struct RemindersListAliasAndReminderCount: Equatable {
  @Column(as: TableAlias<RemindersList, RL>.self)
  let remindersList: RemindersList
  let remindersCount: Int
}

@Selection
fileprivate struct OptionalRemindersListAliasAndReminderCount: Equatable {
  @Column(as: TableAlias<RemindersList, RL>?.self)
  let remindersList: RemindersList?
  let remindersCount: Int
}

@Selection
fileprivate struct SelectionWithColumnGroupAliasAndID: Equatable {
  let id: Int
  @Column(as: TableAlias<RemindersList, RL>.self)
  let remindersList: RemindersList
}
