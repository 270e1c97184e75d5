import Foundation
import SQLiteData

#if canImport(Glibc)
  import Glibc
#endif

/// Opens and prepares the app's database: connections configured, schema migrated, and the
/// writing connection given its temporary triggers, its undo log and the completion function.
///
///     prepareDependencies { $0.defaultDatabase = try! AppDatabase.open(path: path) }
public enum AppDatabase {
  /// How every connection is opened: foreign keys on (lists cascade to reminders, reminders to
  /// their tags), and a wait for another process's lock instead of an immediate error.
  public static var configuration: Configuration {
    var configuration = Configuration()
    configuration.foreignKeysEnabled = true
    configuration.busyTimeout = 5
    return configuration
  }

  /// Opens the app's database file at `path` and prepares it; where no file exists, creates it
  /// (and its folder). A file that is not the app's is refused and left unchanged
  /// (``DatabaseFileError``). A short-lived process (a command-line command) passes
  /// `completesInterruptedCompletions: false`, so that it never cuts short the grace period of a
  /// reminder ticked in a running app.
  ///
  /// A database that syncs (`attachesMetadatabase`) has the sync engine's metadatabase on every
  /// connection, so that the screens' queries read each list's sharing and the changes waiting.
  public static func open(
    path: String, scheduler: any CompletionScheduler = LiveCompletionScheduler(),
    completesInterruptedCompletions: Bool = true, attachesMetadatabase: Bool = false
  ) throws -> DatabasePool {
    var configuration = configuration
    if DatabaseFile.isPlainFile(path) {
      if try DatabaseFile.inspect(path, configuration: configuration) == .absent {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
          try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try DatabaseFile.create(at: path, configuration: configuration)
      } else if access(path, W_OK) != 0 || !canMakeSideFiles(of: path) {
        // A file this user may not change is still shown and exported; saving says why it cannot.
        configuration.readonly = true
      }
    }
    // A file this user may not change gets no new metadatabase beside it.
    if attachesMetadatabase, !configuration.readonly || AppSync.hasSynced(path: path) {
      configuration.prepareDatabase { try $0.attachMetadatabase() }
    }
    let pool = try DatabasePool(path: path, configuration: configuration)
    do {
      try prepare(
        pool, scheduler: scheduler, completesInterruptedCompletions: completesInterruptedCompletions)
    } catch {
      pool.close()
      throw error
    }
    return pool
  }

  /// Whether a connection that writes `path` can have the log and its index beside it: they are
  /// there for this user to write, or the folder lets this user make them.
  private static func canMakeSideFiles(of path: String) -> Bool {
    let folder = (path as NSString).deletingLastPathComponent
    if access(folder.isEmpty ? "." : folder, W_OK) == 0 { return true }
    return access(path + "-wal", W_OK) == 0 && access(path + "-shm", W_OK) == 0
  }

  /// A prepared private database in memory: for tests and previews.
  public static func inMemory(
    scheduler: any CompletionScheduler = LiveCompletionScheduler()
  ) throws -> DatabaseQueue {
    let queue = try DatabaseQueue(configuration: configuration)
    try prepare(queue, scheduler: scheduler)
    return queue
  }

  /// Migrates the schema, completes reminders left completing when the app last stopped, and
  /// installs on the writing connection, before its first write, the triggers (positions, default
  /// list, completing grace), the undo log, and the function that schedules completions on
  /// `scheduler`. Safe to call again on the same writer. A read-only writer is not migrated: it
  /// must be up to date.
  public static func prepare(
    _ writer: any DatabaseWriter, scheduler: any CompletionScheduler = LiveCompletionScheduler(),
    completesInterruptedCompletions: Bool = true
  ) throws {
    let isReadOnly = writer.configuration.readonly
    if isReadOnly { try Migrations.requireCurrent(writer) } else { try Migrations.migrate(writer) }
    let grace = CompletionGrace(writer: writer, scheduler: scheduler)
    // Made before the first write rather than now: they serve writes alone, and a launch that only
    // shows the screens (or a command that only lists) does not pay for them.
    writer.prepareBeforeWriting { db in
      // Statement journals in a temporary file past their first 64 KiB, not in memory. Inside a
      // savepoint (every undo step), SQLite truncates an in-memory statement journal after each
      // statement by walking it from its start, so a step of many statements took time in the
      // square of its size: undoing the deletion of a list of 16,667 reminders took 170 s.
      try db.execute(sql: "PRAGMA temp_store = FILE")
      try db.add(function: grace.function)
      // The triggers ask whether the sync engine is writing; until an engine is made on this
      // connection (it replaces the function), nothing is.
      try db.add(function: .syncEngineIsSynchronizingChanges)
      try UndoLog.create(db)
      try Triggers.create(db)
    }
    // Read first: a write would take the write lock on every launch for nothing.
    if completesInterruptedCompletions, !isReadOnly, try writer.readOnWriter(CompletionGrace.isAnyCompleting)
    {
      try writer.write { db in try CompletionGrace.completeNow(db) }
    }
  }

  /// The names of the app's migrations, in order.
  public static var migrationIdentifiers: [String] { Migrations.migrator().migrationIdentifiers }
}
