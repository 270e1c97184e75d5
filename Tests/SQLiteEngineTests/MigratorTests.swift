import Foundation
import SQLiteDataTestSupport
import SQLiteEngine
import Testing

@Suite("Migrations")
struct MigratorTests {
  let directory: TemporaryFolder

  init() throws { directory = try TemporaryFolder() }

  func schema(_ writer: some DatabaseReader) throws -> [String] {
    try writer.read { db in
      try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
    }
  }

  var baseMigrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create lists") { db in
      try db.execute(sql: "CREATE TABLE lists (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
    }
    migrator.registerMigration("Create items") { db in
      try db.execute(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, listID INTEGER REFERENCES lists(id))")
    }
    return migrator
  }

  @Test func migrationsRunInOrderOnceAndAreRecorded() throws {
    let queue = try DatabaseQueue(path: directory.path("db.sqlite"))
    let runs = Locked(0)
    var migrator = baseMigrator
    migrator.registerMigration("Count runs") { _ in runs.withValue { $0 += 1 } }
    try migrator.migrate(queue)
    try migrator.migrate(queue)
    #expect(runs.value == 1)
    try queue.read { db throws in
      #expect(try migrator.completedMigrations(db) == ["Create lists", "Create items", "Count runs"])
      #expect(try migrator.hasCompletedMigrations(db))
      #expect(
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
          == ["Create lists", "Create items", "Count runs"])
    }
  }

  @Test func migrateUpToATarget() throws {
    let queue = try DatabaseQueue()
    try baseMigrator.migrate(queue, upTo: "Create lists")
    #expect(try queue.read { try $0.tableExists("lists") })
    #expect(try queue.read { try $0.tableExists("items") } == false)
    try baseMigrator.migrate(queue)
    #expect(try queue.read { try $0.tableExists("items") })
  }

  @Test func aFailingMigrationLeavesTheSchemaAsItWas() throws {
    let queue = try DatabaseQueue(path: directory.path("db.sqlite"))
    try baseMigrator.migrate(queue)
    let before = try schema(queue)
    var migrator = baseMigrator
    migrator.registerMigration("Broken") { db in
      try db.execute(sql: "CREATE TABLE tags (title TEXT PRIMARY KEY)")
      try db.execute(sql: "ALTER TABLE items ADD COLUMN notes TEXT")
      try db.execute(sql: "INSERT INTO nowhere VALUES (1)")
    }
    let error = try #require(throws: MigrationError.self) { try migrator.migrate(queue) }
    #expect(error.migration == "Broken")
    #expect(error.description.hasPrefix("Migration 'Broken' failed: SQLite error 1: no such table: nowhere"))
    #expect(try schema(queue) == before)
    #expect(try queue.read { try migrator.completedMigrations($0) } == ["Create lists", "Create items"])
  }

  @Test func foreignKeysAreCheckedAfterEachMigration() throws {
    let queue = try DatabaseQueue()
    var migrator = baseMigrator
    migrator.registerMigration("Dangling reference") { db in
      try db.execute(sql: "INSERT INTO items (id, listID) VALUES (1, 42)")
    }
    let error = try #require(throws: MigrationError.self) { try migrator.migrate(queue) }
    #expect(error.migration == "Dangling reference")
    #expect(error.description.contains("foreign key violation"))
    #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM items") } == 0)
    // Foreign keys are back on afterwards.
    #expect(try queue.read { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") } == true)
  }

  @Test func tablesCanBeRebuiltWhileForeignKeysAreDeferred() throws {
    let queue = try DatabaseQueue()
    var migrator = baseMigrator
    migrator.registerMigration("Seed") { db in
      try db.execute(
        sql: "INSERT INTO lists (id, title) VALUES (1, 'a'); INSERT INTO items (listID) VALUES (1)")
    }
    migrator.registerMigration("Rebuild lists") { db in
      try db.execute(
        sql: """
          CREATE TABLE new_lists (id INTEGER PRIMARY KEY, title TEXT NOT NULL, position INTEGER NOT NULL DEFAULT 0);
          INSERT INTO new_lists (id, title) SELECT id, title FROM lists;
          DROP TABLE lists;
          ALTER TABLE new_lists RENAME TO lists;
          """)
    }
    try migrator.migrate(queue)
    #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM items") } == 1)
  }

  @Test func duplicateIdentifiersAreRefused() throws {
    var migrator = baseMigrator
    migrator.registerMigration("Create lists") { _ in }
    let error = try #require(throws: MigrationError.self) { try migrator.migrate(DatabaseQueue()) }
    #expect(error.description.contains("registered twice"))
  }

  @Test func aDatabaseFromANewerVersionIsLeftUntouched() throws {
    let path = directory.path("newer.sqlite")
    let queue = try DatabaseQueue(path: path)
    var newer = baseMigrator
    newer.registerMigration("Add tags") { db in try db.execute(sql: "CREATE TABLE tags (title TEXT)") }
    try newer.migrate(queue)
    let before = try schema(queue)
    let error = try #require(throws: MigrationError.self) { try baseMigrator.migrate(queue) }
    #expect(error.description.contains("newer version"))
    #expect(error.description.contains("'Add tags'"))
    #expect(try schema(queue) == before)
    #expect(try queue.read { try baseMigrator.hasBeenSuperseded($0) })
  }

  @Test func eraseDatabaseOnSchemaChange() throws {
    let queue = try DatabaseQueue(path: directory.path("dev.sqlite"))
    var first = DatabaseMigrator()
    first.eraseDatabaseOnSchemaChange = true
    first.registerMigration("Create items") { db in try db.execute(sql: "CREATE TABLE items (a)") }
    try first.migrate(queue)
    try queue.write { try $0.execute(sql: "INSERT INTO items VALUES (1)") }

    // Same migrations: nothing is erased.
    try first.migrate(queue)
    #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM items") } == 1)

    // The migration was edited: the database is rebuilt from scratch.
    var edited = DatabaseMigrator()
    edited.eraseDatabaseOnSchemaChange = true
    edited.registerMigration("Create items") { db in try db.execute(sql: "CREATE TABLE items (a, b)") }
    try edited.migrate(queue)
    #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM items") } == 0)
    #expect(try schema(queue).contains("CREATE TABLE items (a, b)"))
  }

  @Test func migratingAPool() async throws {
    let pool = try DatabasePool(path: directory.path("pool.sqlite"))
    try baseMigrator.migrate(pool)
    #expect(try await pool.read { try $0.tableExists("items") })
  }
}
