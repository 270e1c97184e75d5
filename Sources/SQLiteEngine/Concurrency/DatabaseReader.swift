/// Something that reads a database: a ``DatabaseQueue`` or a ``DatabasePool``.
public protocol DatabaseReader: AnyObject, Sendable {
  /// The database file, as given when it was opened.
  var path: String { get }
  var configuration: Configuration { get }

  /// Runs `value` in a read-only transaction and returns its result. In a pool, reads run
  /// concurrently with each other and with writes, each seeing one consistent snapshot.
  func read<T>(_ value: (Database) throws -> T) throws -> T

  /// The same, without blocking the calling task's thread.
  func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T

  /// Closes the connections. Later calls fail with `SQLITE_MISUSE`.
  func close()
}

/// Something that writes a database: a ``DatabaseQueue`` or a ``DatabasePool``. Writes are
/// serialized on one connection.
public protocol DatabaseWriter: DatabaseReader {
  /// Runs `updates` in a transaction that commits when it returns and rolls back when it throws.
  /// Called from inside another write, it runs in a savepoint of that write's transaction.
  func write<T>(_ updates: (Database) throws -> T) throws -> T

  /// The same, without blocking the calling task's thread.
  func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T

  /// Runs `updates` on the writer connection outside of any transaction: for statements that
  /// cannot run in one (`VACUUM`, some pragmas) or transactions managed by hand.
  func writeWithoutTransaction<T>(_ updates: (Database) throws -> T) throws -> T

  /// The same, without blocking the calling task's thread.
  func writeWithoutTransaction<T: Sendable>(
    _ updates: @escaping @Sendable (Database) throws -> T
  ) async throws -> T

  /// Runs `body` on the writing connection, as it is: no transaction, and none of the set-up
  /// waiting for the next write.
  func withWriterConnection(_ body: (Database) -> Void)

  /// Calls `handler` after every commit of the writer connection that changed tables, on the
  /// writer's queue, with the set of tables changed. Keep it short: the next write waits for it.
  func observeCommits(_ handler: @escaping @Sendable (DatabaseChanges) -> Void) -> CommitObservation

  /// Calls `handler` after commits made to the same database by other connections and
  /// processes, which the writer's hooks do not see; nil for a database no one else can write
  /// (in memory, temporary). Value observations listen to both.
  func observeOtherConnectionsCommits(
    _ handler: @escaping @Sendable (DatabaseChanges) -> Void
  ) -> CommitObservation?
}

extension DatabaseWriter {
  /// Writes in a transaction of the given kind.
  public func write<T>(_ kind: TransactionKind, _ updates: (Database) throws -> T) throws -> T {
    try writeWithoutTransaction { db in
      db.isInsideTransaction
        ? try db.savepoint { try updates(db) } : try db.transaction(kind) { try updates(db) }
    }
  }
}

extension DatabaseError {
  static func closed(_ path: String) -> DatabaseError {
    DatabaseError(
      resultCode: .SQLITE_MISUSE, message: "the database connection is closed", path: path,
      hint: "Keep the DatabaseQueue or DatabasePool open while it is in use")
  }
}

extension DatabaseWriter {
  /// Reads on the writing connection, as ``DatabaseReader/read(_:)`` reads (a deferred
  /// transaction that takes no write lock, where a write fails): for the checks made as a database
  /// opens, which then need not wait for a reader connection to open.
  public func readOnWriter<T>(_ value: (Database) throws -> T) throws -> T {
    var result: Result<T, any Error>?
    withWriterConnection { db in result = Result { try db.readOnly(value) } }
    guard let result else { throw DatabaseError.closed(path) }
    return try result.get()
  }
}
