import SQLiteData

/// The query language against raw C: inserting drafts, fetching `@Table` structs, and a join
/// selected into a `@Selection`.
func queryWorkloads() -> [Workload] {
  [draftInsertWorkload(), structFetchWorkload(), joinSelectionWorkload()]
}

@Table("items")
struct QueryItem {
  let id: Int
  var title = ""
  var isInStock = true
  var notes = ""
}

@Table("lists")
struct QueryList {
  let id: Int
  var title = ""
}

@Table("entries")
struct QueryEntry {
  let id: Int
  var listID: Int
  var title = ""
}

@Selection
struct EntryRow {
  var entryTitle: String
  var listTitle: String
}

/// 50,000 `Draft`s inserted in one transaction, one INSERT statement each (the statement cache
/// keeps the prepared statement).
private func draftInsertWorkload() -> Workload {
  Workload(name: "queries.insert-50k-drafts") {
    let texts = ItemTexts(count: 50_000)
    let baselineTexts = try BaselineItemTexts(count: 50_000)
    var queue = try makeEmptyItemsQueue()
    var baselineDatabase = try BaselineItemsDatabase()
    return Sides(
      ours: Timed(
        prepare: { queue = try makeEmptyItemsQueue() },
        run: {
          try queue.write { db in
            for (index, (title, notes)) in zip(texts.titles, texts.notes).enumerated() {
              try QueryItem.insert {
                QueryItem.Draft(id: index + 1, title: title, isInStock: index % 2 == 1, notes: notes)
              }
              .execute(db)
            }
          }
        }),
      baseline: Timed(
        prepare: { baselineDatabase = try BaselineItemsDatabase() },
        run: { try baselineDatabase.insertItems(baselineTexts) }))
  }
}

/// 10,000 of 50,000 rows fetched as `@Table` structs through a predicate.
private func structFetchWorkload() -> Workload {
  Workload(name: "queries.fetch-10k-structs") {
    let queue = try makeEmptyItemsQueue()
    try queue.write { db in
      let insert = try db.cachedStatement(sql: ItemsSQL.insert)
      let texts = ItemTexts(count: 50_000)
      for index in texts.titles.indices {
        try insert.execute(index + 1, texts.titles[index], index % 2 == 1, texts.notes[index])
      }
    }
    let query = QueryItem.where { ($0.id % 5).eq(0) }
    let baselineDatabase = try BaselineItemsDatabase()
    try baselineDatabase.insertItems(BaselineItemTexts(count: 50_000))
    // C runs the same SQL with the values written in (it binds nothing).
    let baselineStatement = try baselineDatabase.prepare(query.query.inlinedSQL)
    return Sides(
      ours: Timed { try expect(try queue.read { try query.fetchAll($0) }.count, 10_000, "structs") },
      baseline: Timed { try expect(try baselineStatement.fetchItems(), 10_000, "C rows") })
  }
}

/// 10,000 entries joined with their 100 lists, selected as two titles into a `@Selection`.
private func joinSelectionWorkload() -> Workload {
  Workload(name: "queries.fetch-join-selection") {
    let schema = [
      "CREATE TABLE lists (id INTEGER PRIMARY KEY, title TEXT NOT NULL)",
      "CREATE TABLE entries (id INTEGER PRIMARY KEY, listID INTEGER NOT NULL, title TEXT NOT NULL)",
      "WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 100) "
        + "INSERT INTO lists (id, title) SELECT value, 'List ' || value FROM n",
      "WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 10000) "
        + "INSERT INTO entries (id, listID, title) SELECT value, value % 100 + 1, 'Entry ' || value FROM n",
    ]
    let query = QueryEntry.join(QueryList.all) { $0.listID.eq($1.id) }
      .select { EntryRow.Columns(entryTitle: $0.title, listTitle: $1.title) }
    let queue = try DatabaseQueue()
    try queue.write { db in for sql in schema { try db.execute(sql: sql) } }
    let baselineDatabase = try BaselineItemsDatabase()
    for sql in schema { try baselineDatabase.execute(sql) }
    let baselineStatement = try baselineDatabase.prepare(query.query.inlinedSQL)
    return Sides(
      ours: Timed { try expect(try queue.read { try query.fetchAll($0) }.count, 10_000, "rows") },
      baseline: Timed { try expect(try baselineStatement.fetchTextPairs(), 10_000, "C rows") })
  }
}

private func makeEmptyItemsQueue() throws -> DatabaseQueue {
  let queue = try DatabaseQueue()
  try queue.write { db in try db.execute(sql: ItemsSQL.createTable) }
  return queue
}
