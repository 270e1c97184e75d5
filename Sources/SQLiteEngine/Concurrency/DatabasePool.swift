import Foundation

/// A database file in WAL mode with one writer connection and a bounded set of reader
/// connections: reads run concurrently with each other and with the write, and each read sees
/// one consistent snapshot of the last commit made before it began.
public final class DatabasePool: DatabaseWriter {
  public let path: String
  public let configuration: Configuration
  let writer: SerializedConnection
  private let readers: ReaderPool
  private let checkpointer: BackgroundCheckpointer?
  /// Set for `temporary()` pools, whose files go away with them.
  private let removesFilesOnDeinit: Bool

  /// Opens (creating if needed) the database file at `path` and switches it to WAL.
  public convenience init(path: String, configuration: Configuration = Configuration()) throws {
    try self.init(path: path, configuration: configuration, removesFilesOnDeinit: false)
  }

  private init(path: String, configuration: Configuration, removesFilesOnDeinit: Bool) throws {
    self.removesFilesOnDeinit = removesFilesOnDeinit
    guard Database.isPlainFilePath(path) || (path.hasPrefix("file:") && !path.contains("mode=memory")) else {
      throw DatabaseError(
        resultCode: .SQLITE_MISUSE, message: "a DatabasePool needs a database file, not '\(path)'",
        hint: "Use a DatabaseQueue for in-memory and temporary databases")
    }
    self.path = path
    var configuration = configuration
    if !configuration.readonly { configuration.journalMode = .wal }
    self.configuration = configuration
    let label = configuration.label ?? "SQLiteData.DatabasePool"
    let readerConfiguration = {
      var readerConfiguration = configuration
      readerConfiguration.journalMode = .default
      return readerConfiguration
    }()
    readers = ReaderPool(maximumCount: configuration.maximumReaderCount) { number in
      let reader = try SerializedConnection(
        path: path, configuration: readerConfiguration, description: "\(label).reader.\(number)")
      // Readers never write: a write attempted in a read fails instead of racing the writer.
      try reader.sync { try $0.execute(sql: "PRAGMA query_only = 1") }
      return reader
    }
    // Each connection reads the whole schema as it opens. The first read comes at once (an app
    // shows its screens), so the first reader opens beside the writer instead of after it, where
    // nothing can come between them: on a file already in WAL mode (no journal mode to change,
    // which the reader would hold up) and with no `prepareDatabase` work, which may make or
    // change other files (attach a database) and must find them as the writer leaves them.
    if configuration.preparations.isEmpty, DatabaseFileHeader.isInWALMode(path) {
      readers.openFirstReaderInBackground()
    }
    writer = try SerializedConnection(
      path: path, configuration: configuration, description: "\(label).writer")

    if configuration.readonly {
      checkpointer = nil
    } else {
      let checkpointer = BackgroundCheckpointer(path: path, configuration: readerConfiguration, label: label)
      writer.sync { checkpointer.install(on: $0) }
      self.checkpointer = checkpointer
    }
  }

  /// A pool on a new file in the temporary directory, removed with its `-wal` and `-shm` files
  /// when the pool is released or the process exits: for tests and previews that need a real
  /// file (several connections, WAL) without leaving one behind.
  public static func temporary(configuration: Configuration = Configuration()) throws -> DatabasePool {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("SQLiteData-\(UUID().uuidString).db").path
    TemporaryFiles.shared.add(path)
    return try DatabasePool(path: path, configuration: configuration, removesFilesOnDeinit: true)
  }

  deinit {
    guard removesFilesOnDeinit else { return }
    close()
    TemporaryFiles.shared.remove(path)
  }

  public func close() {
    checkpointer?.close()
    readers.close()
    writer.close()
  }

  // MARK: Reading

  public func read<T>(_ value: (Database) throws -> T) throws -> T {
    if let reader = readers.current { return try reader.sync(value) }
    let reader = try readers.acquire()
    defer { readers.release(reader) }
    return try reader.sync { db in try Self.snapshotRead(db, value) }
  }

  public func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
    if let reader = readers.current { return try reader.sync(value) }
    return try await withCheckedThrowingContinuation { continuation in
      readers.acquire { [readers] result in
        switch result {
        case .failure(let error):
          continuation.resume(throwing: error)
        case .success(let reader):
          reader.async { db in
            continuation.resume(with: Result { try Self.snapshotRead(db, value) })
            readers.release(reader)
          }
        }
      }
    }
  }

  /// A deferred transaction holds its snapshot from its first read on: reading the schema at once
  /// fixes the snapshot at the start of the closure.
  private static func snapshotRead<T>(_ db: Database, _ value: (Database) throws -> T) throws -> T {
    try db.transaction(.deferred) {
      _ = try db.cachedStatement(sql: "SELECT rootpage FROM sqlite_master LIMIT 1").fetchOne { _ in () }
      return try value(db)
    }
  }

  // MARK: Writing

  public func write<T>(_ updates: (Database) throws -> T) throws -> T {
    try writer.write { db in try DatabaseQueue.inTransaction(db, updates) }
  }

  public func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
    try await writer.runWrite { db in try DatabaseQueue.inTransaction(db, updates) }
  }

  public func writeWithoutTransaction<T>(_ updates: (Database) throws -> T) throws -> T {
    try writer.write(updates)
  }

  public func writeWithoutTransaction<T: Sendable>(
    _ updates: @escaping @Sendable (Database) throws -> T
  ) async throws -> T {
    try await writer.runWrite(updates)
  }

  public func withWriterConnection(_ body: (Database) -> Void) { writer.sync(body) }

  /// Made on first use: reports other connections' commits to observations.
  private let externalChanges = LazyValue<ExternalChangeWatcher?>()

  public func observeOtherConnectionsCommits(
    _ handler: @escaping @Sendable (DatabaseChanges) -> Void
  ) -> CommitObservation? {
    externalChanges.value {
      ExternalChangeWatcher.make(
        connection: writer, path: path, pollInterval: configuration.otherConnectionsPollInterval)
    }?.observe(handler)
  }

  public func observeCommits(_ handler: @escaping @Sendable (DatabaseChanges) -> Void) -> CommitObservation {
    writer.sync { $0.observeCommits(handler) }
  }
}
