/// One connection whose reads and writes run one at a time, on a serial queue.
///
///     let queue = try DatabaseQueue(path: "/path/to/db.sqlite")  // a file
///     let memory = try DatabaseQueue()                           // in memory
///     let scratch = try DatabaseQueue.temporary()                // a file deleted on close
public final class DatabaseQueue: DatabaseWriter {
  public let path: String
  public let configuration: Configuration
  let connection: SerializedConnection

  /// Opens (creating if needed) the database at `path`: a file path, a `file:` URI, `:memory:`,
  /// or `""` for a private temporary file.
  public init(path: String, configuration: Configuration = Configuration()) throws {
    self.path = path
    self.configuration = configuration
    connection = try SerializedConnection(
      path: path, configuration: configuration,
      description: configuration.label ?? "SQLiteData.DatabaseQueue")
  }

  /// A private in-memory database.
  public convenience init(configuration: Configuration = Configuration()) throws {
    try self.init(path: ":memory:", configuration: configuration)
  }

  /// A private database in a temporary file, deleted when the queue is closed.
  public static func temporary(configuration: Configuration = Configuration()) throws -> DatabaseQueue {
    try DatabaseQueue(path: "", configuration: configuration)
  }

  public func close() { connection.close() }

  // MARK: Reading

  public func read<T>(_ value: (Database) throws -> T) throws -> T {
    try connection.sync { db in try db.readOnly(value) }
  }

  public func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
    try await connection.run { db in try db.readOnly(value) }
  }

  // MARK: Writing

  public func write<T>(_ updates: (Database) throws -> T) throws -> T {
    try connection.write { db in try Self.inTransaction(db, updates) }
  }

  public func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
    try await connection.runWrite { db in try Self.inTransaction(db, updates) }
  }

  public func writeWithoutTransaction<T>(_ updates: (Database) throws -> T) throws -> T {
    try connection.write(updates)
  }

  public func writeWithoutTransaction<T: Sendable>(
    _ updates: @escaping @Sendable (Database) throws -> T
  ) async throws -> T {
    try await connection.runWrite(updates)
  }

  public func withWriterConnection(_ body: (Database) -> Void) { connection.sync(body) }

  /// Made on first use: reports other connections' commits to observations.
  private let externalChanges = LazyValue<ExternalChangeWatcher?>()

  public func observeOtherConnectionsCommits(
    _ handler: @escaping @Sendable (DatabaseChanges) -> Void
  ) -> CommitObservation? {
    externalChanges.value {
      ExternalChangeWatcher.make(
        connection: connection, path: path, pollInterval: configuration.otherConnectionsPollInterval)
    }?.observe(handler)
  }

  public func observeCommits(_ handler: @escaping @Sendable (DatabaseChanges) -> Void) -> CommitObservation {
    connection.sync { $0.observeCommits(handler) }
  }

  /// Writes take the write lock at once (IMMEDIATE), so that a write never has to upgrade a read
  /// lock that another process's commit made stale.
  static func inTransaction<T>(_ db: Database, _ updates: (Database) throws -> T) throws -> T {
    if db.isInsideTransaction { return try db.savepoint { try updates(db) } }
    return try db.transaction(.immediate) { try updates(db) }
  }
}
