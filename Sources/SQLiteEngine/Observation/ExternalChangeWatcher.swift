import CSQLite
import Dispatch
import Foundation
import Glibc
import Synchronization

/// Turns commits made by other connections and processes (another instance of the app, a CLI, the
/// `sqlite3` shell) into the same change events as this process's own commits.
///
/// Other connections' commits do not fire this connection's hooks. The writer connection's
/// `PRAGMA data_version` changes exactly when another connection has committed, so it is checked
/// whenever inotify reports a write to the database or its `-wal`/`-journal` file, and on a slow
/// timer in case inotify misses something (network file systems, too many watches). The main
/// file's modification time is no help: in WAL mode it does not change on commit.
///
/// Databases attached to the writer are watched the same way (each has its own `data_version`),
/// so that another process's commit to an attached file alone (the sync engine's metadatabase)
/// reaches the queries that read it; inotify sees those beside the main file.
// @unchecked: the inotify source and the timer are set while `init` runs and only cancelled after
// (Dispatch sources are not Sendable here, so no lock can hold them); the versions and watched
// schemas are touched on the writer's queue only, and in `init` before the watcher is shared; the
// trailing checks' times and number on `queue` only. Everything else is immutable or Sendable.
final class ExternalChangeWatcher: @unchecked Sendable {
  private let connection: SerializedConnection
  /// The names of the files watched in the main file's folder: the main file's, and those of
  /// attached databases there (updated at each check, as databases are attached).
  private let fileNames: Mutex<Set<String>>
  private let queue = DispatchQueue(label: "SQLiteData.ExternalChangeWatcher")
  private let observers = CommitObserverList()
  private var inotifySource: (any DispatchSourceRead)?
  private var timer: (any DispatchSourceTimer)?
  /// Each database's `data_version`, by schema name. Touched on the writer's queue only.
  private var lastDataVersions: [String: Int64]?
  /// The databases whose files were last added to the watched names. Touched on the writer's
  /// queue only (and in `init`).
  private var watchedSchemas: Set<String> = []
  private let isCheckPending = Atomic<Bool>(false)
  /// When the last file event came, when the trailing check scheduled runs (nil when none is),
  /// and its number: a check scheduled again earlier leaves the one it replaces to do nothing.
  /// On `queue` only.
  private var lastEvent = DispatchTime.now()
  private var trailingDue: DispatchTime?
  private var trailingNumber = 0
  /// When to check again after the last file event: a commit is published in the shared WAL index
  /// (which inotify cannot see) only after its writes and their fsync, which can take a while.
  static let trailingCheckDelays: [Int] = [2, 10, 40, 150, 500]

  private init?(connection: SerializedConnection, path: String, pollInterval: TimeInterval) {
    guard let filePath = Self.filePath(of: path) else { return nil }
    self.connection = connection
    let (folder, fileName) = Self.folderAndName(of: filePath)
    fileNames = Mutex([fileName])
    // The baseline is read now, before the first observation fetches its first value: a commit
    // made in between is then seen as a change, never folded into the baseline and missed.
    let databases = connection.sync { db in try? Self.databases(db) }
    lastDataVersions = databases?.mapValues(\.version)
    if let databases { watchFiles(of: databases) }
    startInotify(directory: folder)
    startTimer(interval: pollInterval)
  }

  deinit {
    inotifySource?.cancel()
    timer?.cancel()
  }

  /// Registers `handler` for other connections' commits.
  func observe(_ handler: @escaping @Sendable (DatabaseChanges) -> Void) -> CommitObservation {
    observers.add(handler)
  }

  /// A watcher of the database at `path`; nil for in-memory and temporary databases, which no one
  /// else can write.
  static func make(connection: SerializedConnection, path: String, pollInterval: TimeInterval)
    -> ExternalChangeWatcher?
  {
    ExternalChangeWatcher(connection: connection, path: path, pollInterval: pollInterval)
  }

  /// The file behind a path or `file:` URI, or nil for memory and temporary databases.
  static func filePath(of path: String) -> String? {
    guard Database.isPlainFilePath(path) || path.hasPrefix("file:") else { return nil }
    guard path.hasPrefix("file:") else { return path }
    if path.contains("mode=memory") { return nil }
    var file = String(path.dropFirst("file:".count))
    if let query = file.firstIndex(of: "?") { file = String(file[..<query]) }
    if file.hasPrefix("//") { file = String(file.dropFirst(2)) }
    file = file.removingPercentEncoding ?? file
    return file.isEmpty || file == ":memory:" ? nil : file
  }

  // MARK: - Watching

  private func startInotify(directory: String) {
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { return }  // the timer alone will do
    let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_DELETE)
    guard inotify_add_watch(descriptor, directory.isEmpty ? "." : directory, mask) >= 0 else {
      close(descriptor)
      return
    }
    let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
    source.setEventHandler { [weak self] in self?.readEvents(descriptor) }
    source.setCancelHandler { close(descriptor) }
    source.resume()
    inotifySource = source
  }

  /// Checks every `interval` (`Configuration.otherConnectionsPollInterval`).
  private func startTimer(interval: TimeInterval) {
    let repeating = DispatchTimeInterval.milliseconds(Int(max(0.001, min(interval, 1e9)) * 1000))
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: .now() + repeating, repeating: repeating, leeway: .milliseconds(200))
    timer.setEventHandler { [weak self] in self?.check() }
    timer.resume()
    self.timer = timer
  }

  /// Drains the inotify events and checks the database if one concerns its files.
  private func readEvents(_ descriptor: Int32) {
    var concernsDatabase = false
    withUnsafeTemporaryAllocation(byteCount: 4096, alignment: MemoryLayout<inotify_event>.alignment) {
      buffer in
      while true {
        let count = read(descriptor, buffer.baseAddress, buffer.count)
        guard count > 0 else { break }
        var offset = 0
        while offset + MemoryLayout<inotify_event>.size <= count {
          let event = buffer.baseAddress!.advanced(by: offset).assumingMemoryBound(to: inotify_event.self)
          let nameLength = Int(event.pointee.len)
          if nameLength > 0 {
            let namePointer = UnsafeRawPointer(event).advanced(by: MemoryLayout<inotify_event>.size)
              .assumingMemoryBound(to: CChar.self)
            let name = String(cString: namePointer)
            let watched = fileNames.withLock { $0 }
            for suffix in ["", "-wal", "-journal"] where name.hasSuffix(suffix) {
              if watched.contains(String(name.dropLast(suffix.count))) { concernsDatabase = true }
            }
          }
          offset += MemoryLayout<inotify_event>.size + nameLength
        }
      }
    }
    guard concernsDatabase else { return }
    // Check now, and a few times after the burst of writes: the event of a commit's last write
    // comes before SQLite publishes the commit.
    check()
    lastEvent = .now()
    scheduleTrailingCheck()
  }

  /// Schedules the next check due after the last file event (``trailingCheckDelays``), unless one
  /// already runs by then. One check is scheduled at a time, however many events come: a burst
  /// moves the time the delays count from, and schedules again only to check sooner.
  private func scheduleTrailingCheck() {
    let now = DispatchTime.now()
    guard
      let due = Self.trailingCheckDelays.lazy.map({ self.lastEvent + .milliseconds($0) }).first(where: {
        $0 > now
      })
    else { return }
    if let scheduled = trailingDue, scheduled <= due { return }
    trailingDue = due
    trailingNumber += 1
    let number = trailingNumber
    queue.asyncAfter(deadline: due) { [weak self] in
      guard let self, number == self.trailingNumber else { return }
      self.trailingDue = nil
      self.check()
      self.scheduleTrailingCheck()
    }
  }

  /// Compares the writer's `data_version` with the last one seen, on the writer's queue (between
  /// writes), and reports a change to every table when it moved.
  private func check() {
    // One check waits on the writer's queue at most: this process's own writes fire events too,
    // and must not be slowed by a queue of checks.
    guard observers.hasObservers, !isCheckPending.exchange(true, ordering: .acquiringAndReleasing) else {
      return
    }
    connection.async { [weak self] db in
      guard let self else { return }
      self.isCheckPending.store(false, ordering: .releasing)
      guard let databases = try? Self.databases(db) else { return }
      let versions = databases.mapValues(\.version)
      defer { self.lastDataVersions = versions }
      self.watchFiles(of: databases)
      guard let last = self.lastDataVersions else { return }
      // A database attached since the last check counts as changed: its tables were not followed.
      let moved = versions.filter { last[$0.key] != $0.value }.keys
      guard !moved.isEmpty else { return }
      var tables: Set<String> = []
      for schema in moved {
        let names = try? String.fetchAll(
          db, sql: "SELECT name FROM \(Self.quoted(schema)).sqlite_master WHERE type IN ('table', 'view')")
        tables.formUnion(names ?? [])
      }
      self.observers.notify(tables: tables)
    }
  }

  /// The files of attached databases in the main file's folder join the watched names (inotify
  /// watches that folder; files elsewhere are found by the timer), when the databases changed.
  private func watchFiles(of databases: [String: (file: String, version: Int64)]) {
    let schemas = Set(databases.keys)
    guard schemas != watchedSchemas, let main = databases["main"]?.file else { return }
    watchedSchemas = schemas
    let folder = Self.folderAndName(of: main).folder
    let inFolder = databases.values.filter { !$0.file.isEmpty }.map { Self.folderAndName(of: $0.file) }
      .filter { $0.folder == folder }
    fileNames.withLock { names in
      for file in inFolder { names.insert(file.name) }
    }
  }

  /// Splits a file's path at its last slash, as `dirname` and `basename` do: the folder (`""` for
  /// a bare name, `/` at the root) and the file's name. NSString's path methods normalise the
  /// whole path first, which is slow and needless for a path SQLite opened.
  static func folderAndName(of path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return ("", path) }
    var folder = path[..<slash]
    while folder.last == "/" { folder = folder.dropLast() }
    return (folder.isEmpty ? "/" : String(folder), String(path[path.index(after: slash)...]))
  }

  /// The writer's file-backed databases (main and attached, not temp), with their files and
  /// `data_version`s. This runs after every write to the folder, this process's own commits
  /// included, beside the fetches they set off: the names and files come straight from the
  /// connection, and each version from a cached statement.
  private static func databases(_ db: Database) throws -> [String: (file: String, version: Int64)] {
    // A closed connection's memory is freed: the file events and the poll that outlive it (the
    // pool object lives on while someone listens) must not read it.
    guard !db.isClosed else { throw DatabaseError.closed(db.path) }
    var databases: [String: (file: String, version: Int64)] = [:]
    // Schema 0 is main, 1 is temp, and attached databases follow.
    for (index, schema) in db.schemaNames.enumerated() where index != 1 {
      let file = sqlite3_db_filename(db.sqliteConnection, schema).map { String(cString: $0) } ?? ""
      guard index == 0 || !file.isEmpty else { continue }
      let version = try db.cachedStatement(sql: "PRAGMA \(quoted(schema)).data_version").fetchOne {
        try $0.decode(Int64.self, at: 0)
      }
      databases[schema] = (file, version ?? 0)
    }
    return databases
  }

  private static func quoted(_ name: String) -> String {
    guard name.contains("\"") else { return "\"" + name + "\"" }
    return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}

/// A value made once, on first use, from any thread.
final class LazyValue<Value: Sendable>: Sendable {
  private let stored = Mutex<Value?>(nil)

  func value(_ make: () -> Value) -> Value {
    stored.withLock { stored in
      if let stored { return stored }
      let value = make()
      stored = value
      return value
    }
  }
}
