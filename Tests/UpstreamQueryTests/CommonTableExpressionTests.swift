import Foundation
import SQLiteData
import Testing

/// Upstream's `CommonTableExpressionTests`. Left out: tables that declare their own `QueryOutput`
/// (`ReminderCount`, `Count`). A table's value interpolated into `#sql` is the SELECT of it.
@Suite("Upstream: common table expressions")
struct CommonTableExpressionTests {
  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  static let incompleteReminders = """
    WITH "incompleteReminders" AS (
      SELECT "reminders"."isFlagged" AS "isFlagged", "reminders"."title" AS "title"
      FROM "reminders"
      WHERE (NOT ("reminders"."isCompleted"))
    )
    """

  @Test func basics() throws {
    let statement = With {
      Reminder.where { !$0.isCompleted }
        .select { IncompleteReminder.Columns(isFlagged: $0.isFlagged, title: $0.title) }
    } query: {
      IncompleteReminder.where { $0.title.collate(.nocase).contains("groceries") }
    }
    expectSQL(
      statement,
      Self.incompleteReminders + """

        SELECT "incompleteReminders"."isFlagged", "incompleteReminders"."title"
        FROM "incompleteReminders"
        WHERE (("incompleteReminders"."title" COLLATE "NOCASE" LIKE '%groceries%'))
        """)
    #expect(
      try database.read { try statement.fetchAll($0) } == [
        IncompleteReminder(isFlagged: false, title: "Groceries")
      ])

    let flags = With {
      Reminder.where { !$0.isCompleted }
        .select { IncompleteReminder.Columns(isFlagged: $0.isFlagged, title: $0.title) }
    } query: {
      IncompleteReminder.where { $0.title.collate(.nocase).contains("groceries") }.select { $0.isFlagged }
    }
    expectSQL(
      flags,
      Self.incompleteReminders + """

        SELECT "incompleteReminders"."isFlagged"
        FROM "incompleteReminders"
        WHERE (("incompleteReminders"."title" COLLATE "NOCASE" LIKE '%groceries%'))
        """)
    #expect(try database.read { try flags.fetchAll($0) } == [false])
  }

  @Test func insert() throws {
    let statement = With {
      Reminder.where { !$0.isCompleted }
        .select { IncompleteReminder.Columns(isFlagged: $0.isFlagged, title: $0.title) }
    } query: {
      Reminder.insert {
        ($0.remindersListID, $0.title, $0.isFlagged, $0.isCompleted)
      } select: {
        IncompleteReminder.join(Reminder.all) { $0.title.eq($1.title) }
          .select { ($1.remindersListID, $0.title, !$0.isFlagged, true) }
          .limit(1)
      }
      .returning { ($0.id, $0.title) }
    }
    expectSQL(
      statement,
      Self.incompleteReminders + """

        INSERT INTO "reminders"
        ("remindersListID", "title", "isFlagged", "isCompleted")
        SELECT "reminders"."remindersListID", "incompleteReminders"."title", NOT ("incompleteReminders"."isFlagged"), 1
        FROM "incompleteReminders"
        JOIN "reminders" ON ("incompleteReminders"."title") = ("reminders"."title")
        LIMIT 1
        RETURNING "id", "title"
        """)
    let inserted = try database.write { try statement.fetchAll($0) }
    #expect(inserted.map(\.0) == [11] && inserted.map(\.1) == ["Groceries"])
  }

  @Test func updateAndDelete() throws {
    let titles = [
      "GROCERIES", "HAIRCUT", "DOCTOR APPOINTMENT", "BUY CONCERT TICKETS", "PICK UP KIDS FROM SCHOOL",
      "TAKE OUT TRASH", "CALL ACCOUNTANT",
    ]
    let update = With {
      Reminder.where { !$0.isCompleted }
        .select { IncompleteReminder.Columns(isFlagged: $0.isFlagged, title: $0.title) }
    } query: {
      Reminder.where { $0.title.in(IncompleteReminder.select(\.title)) }
        .update { $0.title = $0.title.upper() }
        .returning(\.title)
    }
    expectSQL(
      update,
      Self.incompleteReminders + """

        UPDATE "reminders"
        SET "title" = upper("reminders"."title")
        WHERE (("reminders"."title") IN (SELECT "incompleteReminders"."title"
        FROM "incompleteReminders"))
        RETURNING "title"
        """)
    #expect(try database.write { try update.fetchAll($0) } == titles)

    let delete = With {
      Reminder.where { !$0.isCompleted }
        .select { IncompleteReminder.Columns(isFlagged: $0.isFlagged, title: $0.title) }
    } query: {
      Reminder.where { $0.title.in(IncompleteReminder.select(\.title)) }.delete().returning(\.title)
    }
    expectSQL(
      delete,
      Self.incompleteReminders + """

        DELETE FROM "reminders"
        WHERE (("reminders"."title") IN (SELECT "incompleteReminders"."title"
        FROM "incompleteReminders"))
        RETURNING "title"
        """)
    #expect(try database.write { try delete.fetchAll($0) } == titles)
  }

  @Test func empty() throws {
    let noneQuery = With {
      Reminder.where { !$0.isCompleted }
        .select { IncompleteReminder.Columns(isFlagged: $0.isFlagged, title: $0.title) }
    } query: {
      Reminder.none.delete().returning(\.title)
    }
    expectSQL(noneQuery, "")
    #expect(try database.write { try noneQuery.fetchAll($0) }.isEmpty)

    let noneTable = With {
      Reminder.none.where { !$0.isCompleted }
        .select { IncompleteReminder.Columns(isFlagged: $0.isFlagged, title: $0.title) }
    } query: {
      Reminder.delete().returning(\.title)
    }
    expectSQL(noneTable, "")

    let partly = With {
      Reminder.none.where { !$0.isCompleted }
        .select { IncompleteReminder.Columns(isFlagged: $0.isFlagged, title: $0.title) }
      Reminder.where { !$0.isCompleted }
        .select { IncompleteReminder.Columns(isFlagged: $0.isFlagged, title: $0.title) }
    } query: {
      Reminder.delete().returning(\.title)
    }
    expectSQL(
      partly,
      Self.incompleteReminders + """

        DELETE FROM "reminders"
        RETURNING "title"
        """)
    #expect(try database.write { try partly.fetchAll($0) }.count == 10)
  }

  @Test func recursiveFibonacci() throws {
    let fibonacci = With {
      Fibonacci(n: 1, prevFib: 0, fib: 1)
        .union(Fibonacci.select { Fibonacci.Columns(n: $0.n + 1, prevFib: $0.fib, fib: $0.prevFib + $0.fib) })
    } query: {
      Fibonacci.select(\.fib).limit(10)
    }
    expectSQL(
      fibonacci,
      """
      WITH "fibonaccis" AS (
        SELECT 1 AS "n", 0 AS "prevFib", 1 AS "fib"
          UNION
        SELECT ("fibonaccis"."n") + (1) AS "n", "fibonaccis"."fib" AS "prevFib", ("fibonaccis"."prevFib") + ("fibonaccis"."fib") AS "fib"
        FROM "fibonaccis"
      )
      SELECT "fibonaccis"."fib"
      FROM "fibonaccis"
      LIMIT 10
      """)
    #expect(try database.read { try fibonacci.fetchAll($0) } == [1, 1, 2, 3, 5, 8, 13, 21, 34, 55])

    let ratio = With {
      Fibonacci(n: 1, prevFib: 0, fib: 1)
        .union(Fibonacci.select { Fibonacci.Columns(n: $0.n + 1, prevFib: $0.fib, fib: $0.prevFib + $0.fib) })
    } query: {
      Fibonacci.select { $0.fib.cast(as: Double.self) / $0.prevFib.cast() }.limit(1, offset: 30)
    }
    expectSQL(
      ratio,
      """
      WITH "fibonaccis" AS (
        SELECT 1 AS "n", 0 AS "prevFib", 1 AS "fib"
          UNION
        SELECT ("fibonaccis"."n") + (1) AS "n", "fibonaccis"."fib" AS "prevFib", ("fibonaccis"."prevFib") + ("fibonaccis"."fib") AS "fib"
        FROM "fibonaccis"
      )
      SELECT (CAST("fibonaccis"."fib" AS REAL)) / (CAST("fibonaccis"."prevFib" AS REAL))
      FROM "fibonaccis"
      LIMIT 1 OFFSET 30
      """)
    #expect(try database.read { try ratio.fetchOne($0) } == 1.6180339887505408)
  }

  @Test func averageHeightOfAliceReportsIncludingAlice() throws {
    try database.write { db in
      try #sql(
        """
        CREATE TABLE "employees" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "bossID" INTEGER REFERENCES "employees",
          "height" INTEGER NOT NULL,
          "name" TEXT NOT NULL
        )
        """
      )
      .execute(db)
    }
    let alice = Employee(id: 1, name: "Alice", bossID: nil, height: 120)
    let blob = Employee(id: 2, name: "Blob", bossID: alice.id, height: 90)
    try database.write { db in
      try Employee.insert {
        alice
        blob
      }
      .execute(db)
      try Employee.insert {
        Employee.Draft(name: "Blob Jr", bossID: blob.id, height: 80)
        Employee.Draft(name: "Blob Sr", bossID: blob.id, height: 150)
        Employee.Draft(name: "Blob Esq", bossID: nil, height: 1000)
      }
      .execute(db)
    }
    let initialCondition = EmployeeReport(id: alice.id, height: alice.height, name: alice.name)

    let statement = With {
      initialCondition
        .union(
          all: true,
          Employee
            .select { EmployeeReport.Columns(id: $0.id, height: $0.height, name: $0.name) }
            .join(EmployeeReport.all) { $0.bossID.eq($1.id) }
        )
    } query: {
      EmployeeReport
        .select { $0.height.avg() }
    }
    expectSQL(
      statement,
      """
      WITH "employeeReports" AS (
        SELECT 1 AS "id", 120 AS "height", 'Alice' AS "name"
          UNION ALL
        SELECT "employees"."id" AS "id", "employees"."height" AS "height", "employees"."name" AS "name"
        FROM "employees"
        JOIN "employeeReports" ON ("employees"."bossID") = ("employeeReports"."id")
      )
      SELECT avg("employeeReports"."height")
      FROM "employeeReports"
      """)
    #expect(try database.read { try statement.fetchOne($0) } == 110)

    // The same report written as SQL. A table's value interpolated into `#sql` is its values
    // (`1, 120, 'Alice'`), not the SELECT of them upstream writes.
    let sql = #sql(
      """
      WITH \(EmployeeReport.self) AS (
        \(initialCondition)
        UNION ALL
        SELECT \(Employee.id), \(Employee.height), \(Employee.name)
        FROM \(Employee.self) 
        JOIN \(EmployeeReport.self) ON (\(Employee.bossID) = \(EmployeeReport.id))
      ) 
      SELECT \(EmployeeReport.height.avg())
      FROM \(EmployeeReport.self) 
      """,
      as: Double.self
    )
    expectFragment(
      sql,
      """
      WITH "employeeReports" AS (
        SELECT 1 AS "id", 120 AS "height", 'Alice' AS "name"
        UNION ALL
        SELECT "employees"."id", "employees"."height", "employees"."name"
        FROM "employees" 
        JOIN "employeeReports" ON ("employees"."bossID" = "employeeReports"."id")
      ) 
      SELECT avg("employeeReports"."height")
      FROM "employeeReports" 
      """)
    #expect(try database.read { try sql.fetchOne($0) } == 110)
  }
}

@Table
private struct Employee {
  let id: Int
  let name: String
  let bossID: Int?
  var height = 100
}

@Table
private struct EmployeeReport {
  let id: Int
  let height: Int
  let name: String
}

@Table
private struct Fibonacci {
  let n: Int
  let prevFib: Int
  let fib: Int
}

@Table
private struct IncompleteReminder: Equatable {
  let isFlagged: Bool
  let title: String
}
