import Foundation
import Observation
import SQLiteEngine
import SQLiteQueries
import Synchronization

/// Keeps the rows of some tables the same on every device of a user, through a sync server.
///
///     $0.defaultSyncEngine = try SyncEngine(
///       for: $0.defaultDatabase,
///       tables: RemindersList.self, Reminder.self, Tag.self, ReminderTag.self
///     )
///
/// Local writes are captured by triggers into an outbox in the same transaction, sent shortly
/// after they commit, and merged column by column with other devices' edits (the later edit of a
/// column wins, by hybrid-logical-clock stamps). Changes from the server are written as ordinary
/// commits, so live queries show them like any other write.
public final class SyncEngine: Sendable, Observable {
  let database: any DatabaseWriter
  let cloud: (any CloudDatabase)?
  /// Synchronized tables, parents before children.
  let tables: [SyncedTable]
  let tablesByName: [String: SyncedTable]
  /// The tables a deletion from each table reaches through ON DELETE CASCADE, however deep.
  let cascadeTargets: [String: Set<String>]
  let clock: HybridLogicalClock
  let delegate: (any SyncEngineDelegate)?
  let containerIdentifier: String?
  /// True while the engine writes, so that capture triggers (and the app's own triggers that
  /// ask `SyncEngine.isSynchronizingChanges()`) leave its writes alone.
  let isWriting = EngineWriteFlag()
  let operations = AsyncLock()
  let state = Mutex(EngineState())
  let registrar = ObservationRegistrar()
  /// Records sent per request. CloudKit takes 200; the server here takes more per round trip,
  /// and fewer round trips are what an upload of many rows waits on.
  static let batchLimit = 500
  /// Records asked for per page of a zone's changes.
  static let pageLimit = 1000

  struct EngineState {
    var isRunning = false
    var isSendingChanges = false
    var isFetchingChanges = false
    var status: SyncStatus = .idle
    var background: Task<Void, Never>?
    var commitObservations: [CommitObservation] = []
    var account: CloudAccount?
    /// The cloud's credentials generation when `account` was checked.
    var accountCredentials = 0
    var problems: [SyncProblem] = []
    var receivedRecordCount = 0
    var refusedChangeCount = 0
  }

  /// Makes an engine for the tables, on a server given by `cloudDatabase`.
  ///
  /// - Parameters:
  ///   - tables: the tables to synchronize and share.
  ///   - privateTables: tables synchronized across the user's own devices but never shared.
  ///   - cloudDatabase: the server. With none, changes are captured and wait until one is given.
  ///   - startImmediately: whether to start sending and fetching now.
  ///   - clock: the wall clock stamps start from (a test's fixed clock, for instance).
  ///   - pollInterval: how often a running engine fetches when the server sends no notification.
  public init(
    for database: any DatabaseWriter,
    tables: [any Table.Type],
    privateTables: [any Table.Type] = [],
    cloudDatabase: (any CloudDatabase)?,
    containerIdentifier: String? = nil,
    startImmediately: Bool = true,
    delegate: (any SyncEngineDelegate)? = nil,
    clock: PhysicalClock = .system,
    pollInterval: Duration = .seconds(5)
  ) throws {
    self.database = database
    self.pollInterval = pollInterval
    self.cloud = cloudDatabase
    self.delegate = delegate
    self.containerIdentifier = containerIdentifier
    let names = tables.map { $0.tableName }
    let privateNames = privateTables.map { $0.tableName }
    let isWriting = self.isWriting
    let clockBox = Mutex<HybridLogicalClock?>(nil)
    let (ordered, highWater) = try database.writeWithoutTransaction { db in
      try Metadatabase.attach(to: db, containerIdentifier: containerIdentifier)
      try Metadatabase.migrate(db)
      let read =
        try names.map { try SyncedTable.read($0, isPrivate: false, from: db) }
        + privateNames.map { try SyncedTable.read($0, isPrivate: true, from: db) }
      let ordered = try validatedSchema(read, in: db)
      let highWater =
        try Int64.fetchOne(
          db,
          sql: """
            SELECT max((SELECT "clock" FROM "sqlitedata_icloud_account"),
                       (SELECT coalesce(max("userModificationTime"), 0) FROM "sqlitedata_icloud_metadata"))
            """) ?? 0
      return (ordered, highWater)
    }
    let hlc = HybridLogicalClock(physical: clock, after: HLCStamp(rawValue: highWater))
    clockBox.withLock { $0 = hlc }
    self.clock = hlc
    self.tables = ordered
    self.tablesByName = Dictionary(uniqueKeysWithValues: ordered.map { ($0.name, $0) })
    self.cascadeTargets = SyncedTable.cascadeTargets(in: ordered)
    try database.writeWithoutTransaction { db in
      try db.add(
        function: DatabaseFunction(CaptureTriggers.isSynchronizingFunction, argumentCount: 0) { _ in
          isWriting.isOn
        })
      try db.add(
        function: DatabaseFunction(CaptureTriggers.currentTimeFunction, argumentCount: 0) { _ in
          hlc.tick().rawValue
        })
      let byName = Dictionary(uniqueKeysWithValues: ordered.map { ($0.name, $0) })
      for table in ordered {
        for statement in CaptureTriggers.create(for: table) { try db.execute(sql: statement) }
        // Parent tables above this one (the schema has no cycles).
        var ancestors = 0
        var current = table
        while let parent = current.parentKey.flatMap({ byName[$0.parentTable] }), ancestors < ordered.count {
          ancestors += 1
          current = parent
        }
        for statement in CaptureTriggers.permissionTriggers(for: table, ancestors: ancestors) {
          try db.execute(sql: statement)
        }
      }
    }
    try uploadNewTables()
    if startImmediately { start() }
  }

  deinit {
    state.withLock { state in
      state.background?.cancel()
      for observation in state.commitObservations { observation.cancel() }
    }
  }

  // MARK: Status
  //
  // The engine reads its metadatabase on the writer connection, the only one it attaches the
  // metadatabase to: the app's readers have it only if the app attaches it in `prepareDatabase`.

  /// Whether the engine sends and fetches changes in the background.
  public var isRunning: Bool { read(\.isRunning) }
  /// Whether changes are being sent or fetched right now.
  public var isSynchronizing: Bool { isSendingChanges || isFetchingChanges }
  public var isSendingChanges: Bool { read(\.isSendingChanges) }
  public var isFetchingChanges: Bool { read(\.isFetchingChanges) }
  /// How the last exchange with the server went.
  public var status: SyncStatus { read(\.status) }
  /// Records from the server this device could not apply, newest last.
  public var problems: [SyncProblem] { read(\.problems) }
  /// Records received from the server (changed, deleted, or gone from a share) since the engine
  /// was made: what a sync brought is the difference across it.
  public var receivedRecordCount: Int { read(\.receivedRecordCount) }

  /// How many changes the server refused for want of permission since the engine was made (a
  /// list made read-only, or no longer shared, while they waited): each was undone here, the
  /// server's copy taken back.
  public var refusedChangeCount: Int { read(\.refusedChangeCount) }

  func read<Value>(_ keyPath: KeyPath<EngineState, Value> & Sendable) -> Value {
    registrar.access(self, keyPath: \.observedState)
    return state.withLock { $0[keyPath: keyPath] }
  }

  func update(_ body: (inout EngineState) -> Void) {
    registrar.withMutation(of: self, keyPath: \.observedState) {
      state.withLock { body(&$0) }
    }
  }

  /// The one key path observers are registered under: any change of state.
  var observedState: Int { 0 }

  /// Changes waiting to be sent.
  public func pendingChangeCount() throws -> Int {
    try database.writeWithoutTransaction { db in try Self.pendingChangeCount(db) }
  }

  /// The user this device syncs as, as of its last exchange with the server; nil before the
  /// first one. Reads the metadatabase, which the connection must have attached (callers check
  /// ``Database/isMetadatabaseAttached`` once for all they read).
  public static func currentUserName(_ db: Database) throws -> String? {
    try String.fetchOne(
      db, sql: #"SELECT "userName" FROM "\#(Metadatabase.schemaName)"."sqlitedata_icloud_account""#)
  }

  /// The account (user and server installation) the database's synced rows belong to; nil
  /// before its first sync. A server is known by its id, however its address is written.
  public static func currentAccount(_ db: Database) throws -> CloudAccount? {
    let row = try Row.fetchOne(
      db,
      sql: #"SELECT "userName", "serverID" FROM "\#(Metadatabase.schemaName)"."sqlitedata_icloud_account""#)
    guard let row, let user = try row.decode(String?.self, at: 0),
      let server = try row.decode(String?.self, at: 1)
    else { return nil }
    return CloudAccount(user: user, serverID: server)
  }

  /// Changes waiting to be sent: read inside a live request, the count follows every commit and
  /// every send. Reads the metadatabase, which the connection must have attached.
  public static func pendingChangeCount(_ db: Database) throws -> Int {
    try Int.fetchOne(
      db, sql: #"SELECT count(*) FROM "\#(Metadatabase.schemaName)"."sqlitedata_icloud_outbox""#) ?? 0
  }

  // MARK: Lifecycle

  /// Starts sending changes shortly after each commit and fetching when the server says
  /// something changed (or every few seconds when it cannot say). Commits of other connections
  /// and processes count too (a command-line tool's, say): their changes are in the outbox.
  public func start() {
    let wake = WakeSignal()
    let wakeOnChanges: @Sendable (DatabaseChanges) -> Void = { changes in
      if changes.tables.contains("sqlitedata_icloud_outbox") { wake.signal() }
    }
    let observations =
      [database.observeCommits(wakeOnChanges)]
      + [database.observeOtherConnectionsCommits(wakeOnChanges)]
      .compactMap { $0 }
    let notifications = cloud?.changeNotifications()
    let task = Task { [weak self] in
      await withTaskGroup(of: Void.self) { group in
        if let notifications {
          group.addTask {
            for await _ in notifications { wake.signal() }
          }
        }
        group.addTask { [weak self] in
          await self?.runInBackground(wake: wake)
        }
        await group.next()
        group.cancelAll()
      }
    }
    update { state in
      state.background?.cancel()
      for observation in state.commitObservations { observation.cancel() }
      state.background = task
      state.commitObservations = observations
      state.isRunning = true
    }
  }

  /// Stops background sending and fetching. Local changes are still captured, and sent after
  /// the next `start()`.
  public func stop() {
    update { state in
      state.background?.cancel()
      for observation in state.commitObservations { observation.cancel() }
      state.background = nil
      state.commitObservations = []
      state.isRunning = false
    }
  }

  /// How often the engine fetches when the server sends no notifications (or one was missed).
  let pollInterval: Duration

  /// Syncs at start and after each wake-up, backing off while the server is unavailable.
  private func runInBackground(wake: WakeSignal) async {
    var backoff: Duration = .milliseconds(100)
    while !Task.isCancelled {
      do {
        try await syncChanges()
        backoff = .milliseconds(100)
        await wake.wait(timeout: pollInterval)
      } catch let error as CloudError where error.isTransient || error == .noAccount {
        try? await Task.sleep(for: backoff + .milliseconds(Int.random(in: 0...50)))
        // Never longer than a poll: a server back from a restart is found within one.
        backoff = min(backoff * 2, pollInterval)
      } catch {
        await wake.wait(timeout: pollInterval)
      }
    }
  }

  // MARK: Syncing

  /// Sends every pending change, then fetches until the server has nothing new.
  public func syncChanges() async throws {
    try await sendChanges()
    try await fetchChanges()
  }

  /// Sends the changes waiting in the outbox, a batch at a time.
  public func sendChanges() async throws {
    try await operations.run {
      update { $0.isSendingChanges = true }
      defer { update { $0.isSendingChanges = false } }
      try await recordOutcome {
        let account = try await self.currentAccount()
        return try await self.send(as: account)
      }
    }
  }

  /// Fetches what changed on the server since the last fetch and applies it.
  public func fetchChanges() async throws {
    try await operations.run {
      update { $0.isFetchingChanges = true }
      defer { update { $0.isFetchingChanges = false } }
      try await recordOutcome {
        let account = try await self.currentAccount()
        try await self.fetch(as: account)
        return true
      }
    }
  }

  /// Sets the status from how `body` went; `body` returns whether it heard from the server (a
  /// send with nothing to send did not, and says nothing of whether the server answers).
  private func recordOutcome(_ body: () async throws -> Bool) async throws {
    do {
      if try await body() { update { $0.status = .upToDate(Date()) } }
    } catch let error as CloudError {
      update {
        $0.status = error.keepsChangesWaiting ? .offline(error) : .failed(error.description)
      }
      throw error
    } catch {
      update { $0.status = .failed(String(describing: error)) }
      throw error
    }
  }

  /// Runs `body` as the engine: its writes do not queue changes.
  func writeAsEngine<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
    try await database.write { [isWriting] db in
      isWriting.isOn = true
      defer { isWriting.isOn = false }
      return try body(db)
    }
  }

  /// ``writeAsEngine(_:)`` for what the server said to `account`, refused when the local data no
  /// longer belongs to it: another process logged out and deleted it, or switched, while a fetch
  /// was under way. Applied anyway, the fetch would bring deleted data back.
  func writeAsEngine<T: Sendable>(
    as account: CloudAccount, _ body: @escaping @Sendable (Database) throws -> T
  ) async throws -> T {
    try await writeAsEngine { [self] db in
      let row = try Row.fetchOne(db, sql: #"SELECT "userName", "serverID" FROM "sqlitedata_icloud_account""#)
      guard let row, try row.decode(String?.self, at: 0) == account.user,
        try row.decode(String?.self, at: 1) == account.serverID
      else {
        update { $0.account = nil }
        throw CloudError.noAccount
      }
      return try body(db)
    }
  }

  /// Runs `body` with capture back on, inside an engine write: for the local consequences of a
  /// server decision that must themselves be sent (a cascade after a parent vanished).
  func asUser<T>(_ body: () throws -> T) rethrows -> T {
    isWriting.isOn = false
    defer { isWriting.isOn = true }
    return try body()
  }

  // MARK: Local data

  /// Brings the metadatabase up to the app's schema: uploads the rows of tables this device has
  /// not synchronized before, and fills columns added since the last launch from the fields
  /// kept of each server record (another device, already on the new version, may have set them).
  private func uploadNewTables() throws {
    let stamp = clock.tick()
    try database.write { [isWriting] db in
      let known = try Row.fetchAll(
        db, sql: #"SELECT "tableName", "columns" FROM "sqlitedata_icloud_recordTypes""#)
      var knownColumns: [String: [String]] = [:]
      for row in known {
        knownColumns[try row.decode(String.self, at: 0)] = try WireJSON.decode(
          [String].self, from: try row.decode(String.self, at: 1))
      }
      for table in tables {
        if let columns = knownColumns[table.name] {
          let added = table.columns.filter { !columns.contains($0) }
          guard !added.isEmpty else { continue }
          isWriting.isOn = true
          defer { isWriting.isOn = false }
          try Self.backfill(added, of: table, db)
        } else {
          for statement in CaptureTriggers.enqueueUntracked(table, stamp: stamp) {
            try db.execute(sql: statement)
          }
        }
        try db.execute(
          sql: """
            INSERT INTO "sqlitedata_icloud_recordTypes" ("tableName", "columns") VALUES (?, ?)
            ON CONFLICT ("tableName") DO UPDATE SET "columns" = excluded."columns"
            """,
          arguments: [table.name, WireJSON.encode(table.columns)])
      }
    }
  }

  /// Sets new columns of existing rows from the server fields kept in their metadata.
  private static func backfill(_ columns: [String], of table: SyncedTable, _ db: Database) throws {
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT "recordPrimaryKey", "_lastKnownServerRecordAllFields" FROM "sqlitedata_icloud_metadata"
        WHERE "recordType" = ? AND "_lastKnownServerRecordAllFields" IS NOT NULL
        """, arguments: [table.name])
    for row in rows {
      let fields = try RecordField.fields(fromJSON: try row.decode(String.self, at: 1))
      let values = fields.filter { columns.contains($0.key) }.mapValues(\.value.databaseValue)
      guard !values.isEmpty else { continue }
      let assignments = values.keys.sorted().map { "\(quoted($0)) = ?" }.joined(separator: ", ")
      try db.execute(
        sql: "UPDATE \"main\".\(quoted(table.name)) SET \(assignments) WHERE \(quoted(table.primaryKey)) = ?",
        arguments: StatementArguments(
          values.keys.sorted().map { values[$0]! } + [.text(try row.decode(String.self, at: 0))]))
    }
  }

  /// Empties the synchronized tables and forgets everything the engine knew, as after signing
  /// out. Tables that are not synchronized keep their rows.
  public func deleteLocalData() async throws {
    let wasRunning = isRunning
    stop()
    try await operations.run { try await self.eraseLocalData() }
    if wasRunning { start() }
  }

  func eraseLocalData() async throws {
    try await writeAsEngine { [tables] db in
      for table in tables.reversed() { try db.execute(sql: "DELETE FROM \"main\".\(quoted(table.name))") }
      for table in Metadatabase.tables { try db.execute(sql: "DELETE FROM \(quoted(table))") }
      try db.execute(sql: #"UPDATE "sqlitedata_icloud_account" SET "userName" = NULL, "serverID" = NULL"#)
    }
    try uploadNewTables()
    update { $0.account = nil }
  }
}

/// How the last exchange with the server went.
public enum SyncStatus: Hashable, Sendable {
  case idle
  case upToDate(Date)
  /// The server could not be reached, refused the login, or no account is set: changes wait in
  /// the outbox.
  case offline(CloudError)
  case failed(String)
}

/// Whether the writer connection is running the engine's own writes. Read by a SQL function in
/// the capture triggers; set only inside the engine's write closures, which the writer runs one
/// at a time.
final class EngineWriteFlag: Sendable {
  private let value = Atomic<Bool>(false)
  var isOn: Bool {
    get { value.load(ordering: .relaxed) }
    set { value.store(newValue, ordering: .relaxed) }
  }
}
