import CSQLite
import Foundation

/// One SQLite connection.
///
/// A `Database` is used from one thread at a time: you get one inside `read` and `write` closures
/// of a ``DatabaseQueue`` or ``DatabasePool``, which serialize access to it.
public final class Database {
  /// The file this connection opened: a path, a `file:` URI, `:memory:`, or `""` for a private
  /// temporary file.
  public let path: String
  public let configuration: Configuration
  /// A description of the connection for traces and errors: the configuration label and role.
  public let description: String

  /// The SQLite handle. Valid until the connection is closed.
  public let sqliteConnection: SQLiteConnection

  // Looked up for every statement run: used from one thread at a time, like the rest of the
  // connection, so they skip the dynamic exclusivity checks.
  @exclusivity(unchecked) var statementCache: [String: Statement] = [:]
  @exclusivity(unchecked) var keyedStatementCache: [StatementCacheKey: Statement] = [:]
  @usableFromInline @exclusivity(unchecked) var lastKeyedStatement:
    (key: StatementCacheKey, statement: Statement)?
  /// What the statement being prepared reads, writes, and does to transactions (see Authorizer).
  var authorizerRecord: AuthorizerRecord?
  let changeTracker: ChangeTracker
  let readGuard: ReadGuard
  /// While a tracked fetch runs: the union of what its statements read.
  @usableFromInline @exclusivity(unchecked) var recordedRegion: DatabaseRegion?
  var traceHandler: ((TraceEvent) -> Void)?
  var functions: [String: DatabaseFunction] = [:]
  /// Set-up that waits for this connection's next write (see `DatabaseWriter.prepareBeforeWriting`).
  var writePreparations: [@Sendable (Database) throws -> Void] = []
  private(set) var isClosed = false

  init(path: String, configuration: Configuration, description: String) throws {
    self.path = path
    self.configuration = configuration
    self.description = description
    sqliteConnection = try Self.open(path: path, configuration: configuration)
    changeTracker = ChangeTracker(connection: sqliteConnection)
    readGuard = ReadGuard(connection: sqliteConnection)
    do {
      try setUp()
    } catch {
      close()
      throw error
    }
  }

  deinit { close() }

  private static func open(path: String, configuration: Configuration) throws -> SQLiteConnection {
    if Self.isPlainFilePath(path) {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        throw DatabaseError(
          resultCode: .SQLITE_CANTOPEN, message: "unable to open database file: it is a directory",
          path: path, hint: "Give the path of a database file inside the folder, such as '\(path)/db.sqlite'")
      }
      if configuration.readonly, !FileManager.default.fileExists(atPath: path) {
        throw DatabaseError(
          resultCode: .SQLITE_CANTOPEN, message: "unable to open database file: no such file",
          path: path, hint: "A read-only database must exist: check the path")
      }
    }
    Self.configureSQLiteOnce
    var flags = SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
    flags |= configuration.readonly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    var handle: SQLiteConnection?
    let code = sqlite3_open_v2(configuration.readonly ? readablePath(path) : path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let error = DatabaseError.from(connection: handle, code: code, path: path)
      sqlite3_close_v2(handle)
      throw error
    }
    return handle
  }

  /// Where to read a database this connection may not write. A file in WAL mode is read through
  /// its log's index (`-shm`), which SQLite makes beside the file when it is not there: in a
  /// folder this user may not write, it cannot, and the file would not open at all. With no log
  /// beside it either (or an empty one), everything committed is in the file itself: it is opened
  /// immutable, read as it is.
  static func readablePath(_ path: String) -> String {
    guard isPlainFilePath(path), DatabaseFileHeader.isInWALMode(path) else { return path }
    let manager = FileManager.default
    let folder = (path as NSString).deletingLastPathComponent
    let hasLog = ((try? manager.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0) > 0
    guard !manager.fileExists(atPath: path + "-shm"), !hasLog,
      access(folder.isEmpty ? "." : folder, W_OK) != 0,
      let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)
    else { return path }
    return "file:\(encoded)?immutable=1"
  }

  /// SQLite's process-wide settings, made before the first connection opens (see the shim).
  private static let configureSQLiteOnce: Void = {
    _ = csqlite_disable_memory_statistics()
    // 64 pages (about 280 KiB at 4 KiB pages) hold what most of a screen's reads load.
    _ = csqlite_set_page_cache_bulk(64)
  }()

  /// Whether the path is a URI that asks for a read-only connection itself.
  static func isReadOnlyURI(_ path: String) -> Bool {
    path.hasPrefix("file:") && (path.contains("mode=ro") || path.contains("immutable=1"))
  }

  /// Whether the path names a file directly, rather than a URI, memory or a temporary file.
  public static func isPlainFilePath(_ path: String) -> Bool {
    !path.isEmpty && path != ":memory:" && !path.hasPrefix("file:")
  }

  private func setUp() throws {
    sqlite3_extended_result_codes(sqliteConnection, 1)
    sqlite3_busy_timeout(sqliteConnection, Int32(max(0, configuration.busyTimeout * 1000)))
    let dqs = configuration.acceptsDoubleQuotedStringLiterals ? 1 : 0
    _ = csqlite_db_config_int(sqliteConnection, SQLITE_DBCONFIG_DQS_DML, Int32(dqs))
    _ = csqlite_db_config_int(sqliteConnection, SQLITE_DBCONFIG_DQS_DDL, Int32(dqs))
    installAuthorizer()
    changeTracker.install()

    // Reading the schema now turns a file that is not a database, or one locked by another
    // process, into an error at open time rather than at the first query.
    do {
      _ = try Int.fetchOne(self, sql: "SELECT count(*) FROM sqlite_master")
    } catch var error as DatabaseError {
      error = DatabaseError(
        resultCode: error.extendedResultCode, message: error.message, path: path,
        hint: DatabaseError.hint(for: error.resultCode, path: path))
      throw error
    }
    if !configuration.readonly, !Self.isReadOnlyURI(path), sqlite3_db_readonly(sqliteConnection, "main") == 1
    {
      throw DatabaseError(
        resultCode: .SQLITE_READONLY, message: "the database file is read-only", path: path,
        hint: "Open it with Configuration.readonly = true to read it, "
          + "or give this user write permission on the file and its folder")
    }

    try execute(sql: "PRAGMA foreign_keys = \(configuration.foreignKeysEnabled ? "ON" : "OFF")")
    try execute(
      sql: "PRAGMA recursive_triggers = \(configuration.recursiveTriggersEnabled ? "ON" : "OFF")")
    if configuration.journalMode != .default, !configuration.readonly {
      let mode = try String.fetchOne(self, sql: "PRAGMA journal_mode = \(configuration.journalMode.rawValue)")
      let isInMemory = path.isEmpty || path == ":memory:" || path.contains("mode=memory")
      if !isInMemory, mode?.lowercased() != configuration.journalMode.rawValue {
        throw DatabaseError(
          resultCode: .SQLITE_ERROR,
          message:
            "could not set journal mode \(configuration.journalMode.rawValue) (got \(mode ?? "nothing"))",
          path: path)
      }
    }
    if configuration.journalMode == .wal, !configuration.readonly {
      // In WAL mode NORMAL is as safe from corruption as FULL and skips an fsync per commit; a
      // commit can only be lost to a power failure, not to a crash of the program.
      try execute(sql: "PRAGMA synchronous = NORMAL")
    }
    try add(function: .uuid)
    for prepare in configuration.preparations { try prepare(self) }
  }

  /// Closes the connection, finalizing its cached statements. Statements still held elsewhere
  /// keep the connection alive until they are released.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    removeCachedStatements()
    changeTracker.uninstall()
    sqlite3_set_authorizer(sqliteConnection, nil, nil)
    sqlite3_trace_v2(sqliteConnection, 0, nil, nil)
    sqlite3_close_v2(sqliteConnection)
  }

  // MARK: - State

  /// Whether a transaction is open (SQLite is not in autocommit mode).
  public var isInsideTransaction: Bool { !isClosed && sqlite3_get_autocommit(sqliteConnection) == 0 }

  /// Whether this connection cannot write.
  public var isReadOnly: Bool { !isClosed && sqlite3_db_readonly(sqliteConnection, "main") == 1 }

  /// The names of this connection's databases, in SQLite's order: `main`, `temp`, then the
  /// attached ones. Asked of the connection itself: no statement runs.
  var schemaNames: [String] {
    guard !isClosed else { return [] }
    var names: [String] = []
    var index: Int32 = 0
    while let name = sqlite3_db_name(sqliteConnection, index) {
      names.append(String(cString: name))
      index += 1
    }
    return names
  }

  /// Whether a database is attached to this connection as `schema` (any case, as SQLite compares
  /// schema names). Asked of the connection itself: no statement runs.
  public func isAttached(schema: String) -> Bool {
    schemaNames.dropFirst(2).contains { sqlite3_stricmp($0, schema) == 0 }
  }

  /// The rowid of the last successful insert.
  public var lastInsertedRowID: Int64 { isClosed ? 0 : sqlite3_last_insert_rowid(sqliteConnection) }

  /// Rows changed by the last INSERT, UPDATE or DELETE (not counting triggers).
  public var changesCount: Int { isClosed ? 0 : Int(sqlite3_changes64(sqliteConnection)) }

  /// Rows changed since the connection opened.
  public var totalChangesCount: Int { Int(sqlite3_total_changes64(sqliteConnection)) }

  /// Whether foreign key violations are outstanding: those a deferred check
  /// (`PRAGMA defer_foreign_keys`, `DEFERRABLE INITIALLY DEFERRED`) would report at commit. Asked
  /// of the connection itself: no statement runs.
  public var hasUnresolvedForeignKeys: Bool {
    guard !isClosed else { return false }
    var current: Int32 = 0
    var highest: Int32 = 0
    sqlite3_db_status(sqliteConnection, SQLITE_DBSTATUS_DEFERRED_FKS, &current, &highest, 0)
    return current != 0
  }

  /// Whether the main schema has a table or view of this name (case-insensitive).
  public func tableExists(_ name: String) throws -> Bool {
    try Bool.fetchOne(
      self,
      sql:
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ? COLLATE NOCASE)",
      arguments: [name]) ?? false
  }

  /// Makes SQLite stop the running statement as soon as it can, with `SQLITE_INTERRUPT`.
  /// The only method that may be called from another thread.
  public func interrupt() { sqlite3_interrupt(sqliteConnection) }
}
