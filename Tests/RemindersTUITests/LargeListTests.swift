import Foundation
import RemindersKit
import SQLiteData
import Testing

/// A list far longer than any screen: the detail screen reads the rows it shows, not the list.
@MainActor
@Suite("A very long list")
struct LargeListTests {
  static let rowCount = Int(ProcessInfo.processInfo.environment["REMINDERS_LARGE_LIST"] ?? "") ?? 100_000

  @Test func movingToTheEndReadsOneWindow() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "large-\(UUID().uuidString).sqlite"
    ).path
    defer {
      for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
    let database = try AppDatabase.open(path: path)
    // Rows written on a plain connection, without the app's temporary triggers (positions, undo),
    // in one statement, so that making them is quick.
    let list = try database.writeAction { try $0.addList(title: "Long") }
    let plain = try DatabaseQueue(path: path)
    try plain.write { db in
      try #sql(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(raw: String(Self.rowCount)))
        INSERT INTO reminders (remindersListID, title, position)
        SELECT \(bind: list.id), 'Reminder ' || i, i FROM n
        """
      ).execute(db)
    }
    withDependencies {
      $0.defaultDatabase = database
    } operation: {
      // How fast this is, the benchmarks measure (`sqlitedata-bench --filter app`); here, that it
      // reads one window of rows wherever the screen is.
      let model = DetailModel(kind: .list(list.id), visibleRows: 30)
      #expect(model.count == Self.rowCount)
      #expect(model.loadedRows.rows.count == 30 + 2 * DetailModel.margin)
      let end = Self.rowCount
      model.show(end - 30..<end)
      #expect(model.loadedRows.rows.last?.reminder.title == "Reminder \(end)")
      #expect(model.loadedRows.rows.count <= 30 + 2 * DetailModel.margin)
      model.show(end - 31..<end - 1)
      #expect(model.loadedRows.offset <= end - 31)
      #expect(model.loadedRows.rows.count <= 30 + 2 * DetailModel.margin)

      // A search that matches every row holds a window of matches too, not all of them.
      let search = SearchModel(debounce: .zero)
      search.setText("Reminder")
      search.apply()
      #expect(search.count == Self.rowCount)
      #expect(search.loadedResults.results.count == SearchRequest.defaultLimit)
      search.show(end - 30..<end)
      let loaded = search.loadedResults
      #expect(loaded.results.count <= 30 + 2 * SearchModel.margin)
      #expect(search.result(at: end - 1) != nil)
      #expect(loaded.offset + loaded.results.count == end)
    }
  }
}
