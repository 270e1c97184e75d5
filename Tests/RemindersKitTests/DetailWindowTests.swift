import Foundation
import RemindersKit
import SQLiteData
import Testing

/// A detail screen reads a window of its rows; a window in the second half is counted from the
/// end, in the reverse order. Wherever it is, it must hold exactly the rows the whole order has
/// there, rows that tie on every sort term included.
@Suite("Windows of a detail screen", .fixedClock)
struct DetailWindowTests {
  @Test func windowsFromEitherEndMatchTheWholeOrder() throws {
    let fixture = try Fixture(sample: false)
    let home = try fixture.database.writeAction { try $0.addList(title: "Home") }
    let work = try fixture.database.writeAction { try $0.addList(title: "Work") }
    // 150 reminders with many ties: 5 titles, 3 due dates (or none), 4 priorities, a few flagged
    // or completed, positions repeating.
    try fixture.database.write { db in
      try #sql(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 150)
        INSERT INTO reminders (remindersListID, title, dueDate, priority, isFlagged, status, position)
        SELECT
          CASE WHEN i % 3 = 0 THEN \(bind: work.id) ELSE \(bind: home.id) END,
          'Same ' || (i % 5),
          CASE i % 4 WHEN 0 THEN NULL WHEN 1 THEN '2026-03-09 10:00:00.000'
            WHEN 2 THEN '2026-03-10 15:00:00.000' ELSE '2026-03-20 09:00:00.000' END,
          CASE WHEN i % 4 = 0 THEN NULL ELSE i % 4 END,
          i % 7 = 0,
          CASE WHEN i % 6 = 0 THEN 1 ELSE 0 END,
          i % 10
        FROM n
        """
      ).execute(db)
    }
    let kinds: [DetailKind] = [
      .smart(.all), .smart(.scheduled), .smart(.flagged), .smart(.today), .smart(.completed), .list(home.id),
    ]
    let limit = 20
    for kind in kinds {
      for ordering in [ScreenSettings.Ordering.dueDate, .manual, .priority, .title] {
        for showCompleted in [false, true] {
          try fixture.database.writeAction { try $0.setOrdering(ordering, for: kind) }
          try fixture.database.writeAction { try $0.setShowCompleted(showCompleted, for: kind) }
          let whole = try fixture.database.read {
            try kind.rows(ordering: ordering, showCompleted: showCompleted).fetchAll($0)
          }.map(\.id)
          let count = whole.count
          for offset in Set([0, 7, count / 2, count / 2 + 1, count - limit - 3, count - limit, count - 2])
          where offset >= 0 {
            let window = try fixture.database.read {
              try DetailWindow(kind: kind, offset: offset, limit: limit).fetch($0)
            }
            let start = min(offset, max(count - limit, 0))
            #expect(window.count == count)
            #expect(window.offset == start)
            #expect(
              window.rows.map(\.id) == Array(whole[start..<min(start + limit, count)]),
              "\(kind) \(ordering) completed \(showCompleted ? "shown" : "hidden") at \(offset) of \(count)")
          }
        }
      }
    }
  }
}
