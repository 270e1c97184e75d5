import CSQLite

/// Ordered, named schema migrations, each applied once in its own transaction.
///
///     var migrator = DatabaseMigrator()
///     migrator.registerMigration("Create items") { db in
///       try db.execute(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
///     }
///     try migrator.migrate(database)
///
/// Applied migrations are recorded in the `grdb_migrations` table, the table the seeds' library
/// uses, so that database files move between the two.
public struct DatabaseMigrator: Sendable {
  /// When the schema that the applied migrations produce today differs from the database's (a
  /// migration was edited during development), or the database has migrations this migrator
  /// does not know, erase the database and migrate from scratch. For development only: it
  /// deletes data.
  public var eraseDatabaseOnSchemaChange = false

  private var migrations: [Migration] = []
  private var duplicates: [String] = []

  public init() {}

  /// How foreign keys are checked while a migration runs.
  public enum ForeignKeyChecks: Sendable {
    /// Foreign keys are off while the migration runs (so tables can be rebuilt), then the whole
    /// database is checked before the migration commits.
    case deferred
    /// Foreign keys stay on: each statement is checked as it runs.
    case immediate
  }

  struct Migration: Sendable {
    let identifier: String
    let foreignKeyChecks: ForeignKeyChecks
    let migrate: @Sendable (Database) throws -> Void
  }

  /// Adds a migration after those already registered.
  public mutating func registerMigration(
    _ identifier: String, foreignKeyChecks: ForeignKeyChecks = .deferred,
    migrate: @escaping @Sendable (Database) throws -> Void
  ) {
    if migrations.contains(where: { $0.identifier == identifier }) { duplicates.append(identifier) }
    migrations.append(Migration(identifier: identifier, foreignKeyChecks: foreignKeyChecks, migrate: migrate))
  }

  /// The identifiers of the registered migrations, in order.
  public var migrationIdentifiers: [String] { migrations.map(\.identifier) }

  /// Applies every migration not applied yet.
  public func migrate(_ writer: some DatabaseWriter) throws {
    try migrate(writer, upTo: migrations.last?.identifier)
  }

  /// Applies the migrations not applied yet, up to and including `targetIdentifier`.
  public func migrate(_ writer: some DatabaseWriter, upTo targetIdentifier: String?) throws {
    try writer.writeWithoutTransaction { db in try migrate(db, upTo: targetIdentifier) }
  }

  /// Applies pending migrations on a connection that is not inside a transaction.
  public func migrate(_ db: Database, upTo targetIdentifier: String? = nil) throws {
    guard duplicates.isEmpty else {
      throw MigrationError(
        reason: "migration \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) is registered twice",
        hint: "Give each migration its own identifier")
    }
    guard !db.isInsideTransaction else {
      throw MigrationError(
        reason: "migrations cannot run inside a transaction",
        hint: "Call migrate(_:) with the DatabaseWriter, or from writeWithoutTransaction")
    }
    var pending = migrations
    if let targetIdentifier {
      guard let index = migrations.firstIndex(where: { $0.identifier == targetIdentifier }) else {
        throw MigrationError(reason: "no migration is named '\(targetIdentifier)'")
      }
      pending = Array(migrations[...index])
    }
    try createMigrationsTable(db)
    if eraseDatabaseOnSchemaChange, try schemaHasChanged(db) {
      try db.erase()
      try createMigrationsTable(db)
    }
    let applied = try appliedIdentifiers(db)
    let known = Set(migrations.map(\.identifier))
    let unknown = applied.subtracting(known)
    guard unknown.isEmpty else {
      throw MigrationError(
        reason: "the database was migrated by a newer version of this program (it has migrations "
          + unknown.sorted().map { "'\($0)'" }.joined(separator: ", ") + " that this version does not know)",
        hint: "Open it with the newer version; this one leaves it untouched")
    }
    for migration in pending where !applied.contains(migration.identifier) {
      try apply(migration, db)
    }
  }

  /// The identifiers of the migrations applied to the database.
  public func appliedIdentifiers(_ db: Database) throws -> Set<String> {
    guard try db.tableExists("grdb_migrations") else { return [] }
    return Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
  }

  /// The registered migrations applied to the database, in order.
  public func completedMigrations(_ db: Database) throws -> [String] {
    let applied = try appliedIdentifiers(db)
    return migrations.map(\.identifier).filter(applied.contains)
  }

  /// Whether every registered migration has been applied.
  public func hasCompletedMigrations(_ db: Database) throws -> Bool {
    try completedMigrations(db).count == migrations.count
  }

  /// Whether the database has migrations this migrator does not know: it was migrated by a
  /// newer version of the program.
  public func hasBeenSuperseded(_ db: Database) throws -> Bool {
    try !appliedIdentifiers(db).subtracting(migrations.map(\.identifier)).isEmpty
  }

  // MARK: - Applying

  private func createMigrationsTable(_ db: Database) throws {
    try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
  }

  private func apply(_ migration: Migration, _ db: Database) throws {
    let disablesForeignKeys = migration.foreignKeyChecks == .deferred && db.configuration.foreignKeysEnabled
    // foreign_keys cannot change inside a transaction: switch it around the transaction.
    if disablesForeignKeys { try db.execute(sql: "PRAGMA foreign_keys = OFF") }
    defer { if disablesForeignKeys { try? db.execute(sql: "PRAGMA foreign_keys = ON") } }
    do {
      try db.inTransaction(.immediate) {
        try migration.migrate(db)
        try db.execute(
          sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.identifier])
        if disablesForeignKeys { try checkForeignKeys(db) }
        return .commit
      }
    } catch let error as MigrationError {
      throw MigrationError(migration: migration.identifier, reason: error.reason, hint: error.hint)
    } catch {
      throw MigrationError(migration: migration.identifier, underlying: error)
    }
  }

  private func checkForeignKeys(_ db: Database) throws {
    let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
    guard let first = violations.first else { return }
    let table = first["table"].map(\.description) ?? "?"
    let parent = first["parent"].map(\.description) ?? "?"
    let rowid = first["rowid"].map(\.description) ?? "?"
    throw MigrationError(
      reason: "\(violations.count) foreign key violation(s), the first in table \(table) "
        + "(rowid \(rowid)) referencing \(parent)",
      hint: "Fix the rows or the schema in the migration so that every reference points to an existing row")
  }

  /// Whether applying the database's applied migrations to an empty database gives a different
  /// schema, or the database has migrations this migrator does not know.
  private func schemaHasChanged(_ db: Database) throws -> Bool {
    let applied = try appliedIdentifiers(db)
    if applied.isEmpty { return false }
    if !applied.subtracting(migrations.map(\.identifier)).isEmpty { return true }
    var reference = DatabaseMigrator()
    for migration in migrations where applied.contains(migration.identifier) {
      reference.migrations.append(migration)
    }
    let scratch = try DatabaseQueue(configuration: db.configuration)
    defer { scratch.close() }
    try reference.migrate(scratch)
    let expected = try scratch.read { try Self.schema($0) }
    return try Self.schema(db) != expected
  }

  private static func schema(_ db: Database) throws -> Set<Row> {
    Set(
      try Row.fetchAll(
        db,
        sql: "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"))
  }
}

extension Row: Hashable {
  public func hash(into hasher: inout Hasher) {
    for index in 0..<count { hasher.combine(self[index]) }
  }
}

/// A migration that could not be applied. The database is left as it was before that migration.
public struct MigrationError: Error, CustomStringConvertible, Sendable {
  /// The migration that failed, if the error is about one.
  public let migration: String?
  public let reason: String
  public let hint: String?
  /// The error the migration threw.
  public let underlying: (any Error)?

  init(migration: String? = nil, reason: String, hint: String? = nil) {
    self.migration = migration
    self.reason = reason
    self.hint = hint
    self.underlying = nil
  }

  init(migration: String, underlying: any Error) {
    self.migration = migration
    self.reason = "\(underlying)"
    self.hint = nil
    self.underlying = underlying
  }

  public var description: String {
    var text = migration.map { "Migration '\($0)' failed: \(reason)" } ?? "Cannot migrate: \(reason)"
    if let hint { text += ". \(hint)" }
    return text
  }
}

extension Database {
  /// Deletes every table, index, view and trigger, leaving an empty database file.
  public func erase() throws {
    guard !isInsideTransaction else {
      throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "cannot erase a database inside a transaction")
    }
    removeCachedStatements()
    _ = csqlite_db_config_int(sqliteConnection, SQLITE_DBCONFIG_RESET_DATABASE, 1)
    defer { _ = csqlite_db_config_int(sqliteConnection, SQLITE_DBCONFIG_RESET_DATABASE, 0) }
    try execute(sql: "VACUUM")
  }
}
