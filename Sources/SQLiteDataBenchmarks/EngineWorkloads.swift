import Foundation
import SQLiteData

/// The engine against raw C on the `items` table: a bulk insert (in memory, and into a WAL file
/// through a pool), two fetches, and opening and migrating a database file.
func engineWorkloads() -> [Workload] {
  [
    insertWorkload(name: "engine.insert-50k", insert: insertItems),
    insertWorkload(name: "engine.insert-50k-arguments", insert: insertItemsWithArguments),
    insertWorkload(name: "engine.insert-50k-arguments-floor", insert: insertItemsBesideArguments),
    walPoolInsertWorkload(),
    fetchWorkload(name: "engine.fetch-in-stock", sql: ItemsSQL.fetchInStock, expectedCount: 25_000),
    fetchWorkload(
      name: "engine.fetch-10k-by-predicate", sql: ItemsSQL.fetchByPredicate,
      expectedCount: 10_000),
    openMigrateWorkload(),
  ]
}

private let itemCount = 50_000

// MARK: - Workloads

/// 50,000 inserts in one transaction through one cached statement, into a fresh in-memory table.
private func insertWorkload(
  name: String, insert: @escaping (ItemTexts, DatabaseQueue) throws -> Void
) -> Workload {
  Workload(name: name) {
    let texts = ItemTexts(count: itemCount)
    let baselineTexts = try BaselineItemTexts(count: itemCount)
    // Each run inserts into a new empty table, made (untimed) by `prepare`.
    var queue = try makeItemsQueue()
    var baselineDatabase = try BaselineItemsDatabase()
    return Sides(
      ours: Timed(
        prepare: { queue = try makeItemsQueue() },
        run: { try insert(texts, queue) }),
      baseline: Timed(
        prepare: { baselineDatabase = try BaselineItemsDatabase() },
        run: { try baselineDatabase.insertItems(baselineTexts) }))
  }
}

/// The same 50,000 inserts into a WAL database file through a `DatabasePool`, against C on a file
/// with the pool's pragmas (WAL, synchronous NORMAL, foreign keys on). Neither side checkpoints
/// while timed: the pool copies its log into the file on a background connection after the
/// commit, so C's automatic checkpoint at commit is turned off. Each run writes a new file.
private func walPoolInsertWorkload() -> Workload {
  Workload(name: "engine.insert-50k-wal-pool") {
    let directory = try TemporaryDirectory()
    let texts = ItemTexts(count: itemCount)
    let baselineTexts = try BaselineItemTexts(count: itemCount)
    var pool: DatabasePool?
    var baseline: BaselineFileDatabase?
    return Sides(
      ours: Timed(
        prepare: {
          pool?.close()
          let fresh = try DatabasePool(path: try directory.freshDatabasePath(named: "pool.sqlite"))
          try fresh.write { db in try db.execute(sql: ItemsSQL.createTable) }
          pool = fresh
        },
        run: { try insertItems(texts, into: pool!) }),
      baseline: Timed(
        prepare: {
          baseline = nil
          let path = try directory.freshDatabasePath(named: "baseline.sqlite")
          // C opens an existing file: an empty one is an empty database.
          guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw UnexpectedResult(description: "could not create \(path)")
          }
          let database = try BaselineFileDatabase(path: path)
          try database.execute(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; "
              + "PRAGMA wal_autocheckpoint = 0; " + ItemsSQL.createTable)
          baseline = database
        },
        run: { try baseline!.insertItems(baselineTexts) }))
  }
}

/// Fetches the rows a query selects from a 50,000-row table, decoding each into an `Item`.
private func fetchWorkload(name: String, sql: String, expectedCount: Int) -> Workload {
  Workload(name: name) {
    let queue = try makeItemsQueue()
    try insertItems(ItemTexts(count: itemCount), into: queue)
    let baselineDatabase = try BaselineItemsDatabase()
    try baselineDatabase.insertItems(BaselineItemTexts(count: itemCount))
    // Prepared once, as the engine's statement cache keeps its statement after the first run.
    let baselineStatement = try baselineDatabase.prepare(sql)
    return Sides(
      ours: Timed {
        try expect(try fetchItems(sql: sql, from: queue).count, expectedCount, "\(name) rows")
      },
      baseline: Timed {
        try expect(try baselineStatement.fetchItems(), expectedCount, "\(name) C rows")
      })
  }
}

/// Opens a new database file, applies one migration (a table and an index), and closes it.
private func openMigrateWorkload() -> Workload {
  Workload(name: "engine.open-migrate") {
    let directory = try TemporaryDirectory()
    let migrator = itemsMigrator()
    var path = ""
    var baselinePath = ""
    return Sides(
      ours: Timed(
        prepare: { path = try directory.freshDatabasePath(named: "ours.sqlite") },
        run: {
          let queue = try DatabaseQueue(path: path)
          try migrator.migrate(queue)
          queue.close()
        }),
      baseline: Timed(
        prepare: { baselinePath = try directory.freshDatabasePath(named: "baseline.sqlite") },
        run: { try baselineOpenMigrate(path: baselinePath) }))
  }
}

// MARK: - Engine work

/// A private in-memory database with the empty `items` table.
private func makeItemsQueue() throws -> DatabaseQueue {
  let queue = try DatabaseQueue()
  try queue.write { db in try db.execute(sql: ItemsSQL.createTable) }
  return queue
}

/// Binds each row's values straight into the statement (`execute(_:...)`).
private func insertItems(_ texts: ItemTexts, into writer: some DatabaseWriter) throws {
  try writer.write { db in
    let statement = try db.cachedStatement(sql: ItemsSQL.insert)
    for index in texts.titles.indices {
      let id = index + 1
      try statement.execute(id, texts.titles[index], id % 2 == 0, texts.notes[index])
    }
  }
}

/// Passes each row's values as `StatementArguments` (an array of existentials per row).
private func insertItemsWithArguments(_ texts: ItemTexts, into queue: DatabaseQueue) throws {
  try queue.write { db in
    let statement = try db.cachedStatement(sql: ItemsSQL.insert)
    for index in texts.titles.indices {
      let id = index + 1
      try statement.execute(arguments: [id, texts.titles[index], id % 2 == 0, texts.notes[index]])
    }
  }
}

/// The floor of the `arguments:` spelling: each row's array of existentials is built and dropped
/// as that spelling's caller does, but the values are bound straight from their variables. What
/// `engine.insert-50k-arguments` costs above this figure is the engine's binding from the array.
private func insertItemsBesideArguments(_ texts: ItemTexts, into queue: DatabaseQueue) throws {
  try queue.write { db in
    let statement = try db.cachedStatement(sql: ItemsSQL.insert)
    for index in texts.titles.indices {
      let id = index + 1
      let arguments: [(any DatabaseValueConvertible)?] = [
        id, texts.titles[index], id % 2 == 0, texts.notes[index],
      ]
      try statement.execute(id, texts.titles[index], id % 2 == 0, texts.notes[index])
      // Kept alive past the insert, as the spelling's array is, and not optimised away.
      withExtendedLifetime(arguments) {}
    }
  }
}

private func fetchItems(sql: String, from queue: DatabaseQueue) throws -> [Item] {
  try queue.read { db in
    try db.cachedStatement(sql: sql).fetchAll { row in
      Item(
        id: try row.decode(at: 0), title: try row.decode(at: 1), isInStock: try row.decode(at: 2),
        notes: try row.decode(at: 3))
    }
  }
}

private func itemsMigrator() -> DatabaseMigrator {
  var migrator = DatabaseMigrator()
  migrator.registerMigration(ItemsSQL.migrationIdentifier) { db in
    try db.execute(sql: ItemsSQL.createTable)
    try db.execute(sql: ItemsSQL.createIndex)
  }
  return migrator
}
