import Dispatch
import Foundation
import Synchronization

/// The sync server on PostgreSQL: each call is one statement of the server's SQL API
/// (`sync.modify_records`, `sync.fetch_zone_changes`, …), run over libpq.
///
///     let cloud = PostgresCloudDatabase(connectionString: "postgresql://alice@db.example/sync")
///
/// Requests run one at a time on a queue of their own (a libpq connection serves one thread);
/// a broken connection is dropped and opened again by the next request. Change notifications
/// arrive over a second connection that LISTENs, and carry no data.
public final class PostgresCloudDatabase: CloudDatabase {
  /// The connection string it was made with.
  public let connectionString: String
  /// Reads the credentials again, when they may change while the program runs (a login kept in
  /// a file): nil from it means there are none now (logged out).
  private let refresh: (@Sendable () -> String?)?
  /// The credentials requests use, and their generation. They change only when the engine reads
  /// ``credentialsGeneration``, so that no request goes out under credentials whose account the
  /// engine has not checked.
  private let pinned: Mutex<(generation: Int, connectionString: String?)>
  /// How long a request waits for the server's reply before it fails as unavailable (and the
  /// connection is dropped): what turns a partitioned network into an error instead of a hang.
  public let requestTimeout: Duration
  private let queue = DispatchQueue(label: "sqlitedata.sync.postgres")
  /// The open connection, and the credentials it was opened with.
  private let open = Mutex<(connection: PostgresConnection?, credentials: String?)>((nil, nil))

  /// `refresh`, when given, is asked for the credentials each time the engine checks whether
  /// they changed: a new password, another account (the engine then switches), or nil for none
  /// (requests then fail with ``CloudError/noAccount``).
  public init(
    connectionString: String, requestTimeout: Duration = .seconds(30),
    refresh: (@Sendable () -> String?)? = nil
  ) {
    self.connectionString = connectionString
    self.requestTimeout = requestTimeout
    self.refresh = refresh
    pinned = Mutex((0, refresh.map { $0() } ?? connectionString))
  }

  public var credentialsGeneration: Int {
    guard let refresh else { return 0 }
    let current = refresh()
    return pinned.withLock { pinned in
      if current != pinned.connectionString { pinned = (pinned.generation + 1, current) }
      return pinned.generation
    }
  }

  /// The credentials requests use now; nil when there are none.
  private var credentials: String? { pinned.withLock { $0.connectionString } }

  /// Runs `body` on the request queue with an open connection.
  func withConnection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> T) async throws
    -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      queue.async { [self] in
        continuation.resume(
          with: Result {
            try self.open.withLock { open in
              guard let credentials = self.credentials else {
                open = (nil, nil)
                throw CloudError.noAccount
              }
              // Other credentials: the connection of the old ones is not used again.
              if open.credentials != credentials { open = (nil, nil) }
              // A connection kept from before may have died meanwhile (the server restarted, the
              // network was cut): that shows only when it is used, and then one fresh connection
              // is tried. Every request may be repeated: batches apply once by their id.
              let wasOpen = open.connection.map { !$0.isBroken } ?? false
              for attempt in 0..<2 {
                if open.connection == nil || open.connection!.isBroken {
                  let connection = try PostgresConnection(credentials)
                  connection.requestTimeout = requestTimeout
                  open = (connection, credentials)
                }
                do {
                  return try body(open.connection!)
                } catch let error as CloudError {
                  guard case .unavailable = error else { throw error }
                  open.connection = nil
                  if !wasOpen || attempt == 1 { throw error }
                }
              }
              throw CloudError.unavailable("the server could not be reached")
            }
          })
      }
    }
  }

  /// Calls one API function with text arguments and decodes its JSON result.
  private func call<T: WireDecodable & Sendable>(_ sql: String, _ arguments: [String?], as type: T.Type)
    async throws -> T
  {
    let text = try await withConnection { connection in
      guard let text = try connection.query(sql, arguments).first?.first ?? nil else {
        throw CloudError.serverError("the server returned no result for \(sql)")
      }
      return text
    }
    do {
      return try WireJSON.decode(type, from: text)
    } catch {
      throw CloudError.serverError("the server's reply could not be read: \(error)")
    }
  }

  public func account() async throws -> CloudAccount {
    let (who, version) = try await withConnection { connection -> (String, Int) in
      let row = try connection.query("SELECT sync.whoami()::text, (SELECT version FROM sync.schema_info)")
        .first
      guard let who = row?[0] ?? nil else { throw CloudError.serverError("whoami returned nothing") }
      return (who, Int(row?[1] ?? "") ?? 0)
    }
    guard version <= ServerSchema.migrations.count else {
      throw CloudError.incompatibleServer(
        "the server's schema is version \(version), newer than this client's \(ServerSchema.migrations.count); update the app"
      )
    }
    return try WireJSON.decode(CloudAccount.self, from: who)
  }

  private struct Results: WireDecodable, Sendable {
    var results: [RecordResult]
    init(wire json: JSONValue) throws { results = try JSONObject(json, "the results").decode("results") }
  }
  private struct Records: WireDecodable, Sendable {
    var records: [ServerRecord]
    init(wire json: JSONValue) throws { records = try JSONObject(json, "the records").decode("records") }
  }

  public func modifyRecords(batchID: UUID, saves: [RecordSave], deletes: [RecordDelete]) async throws
    -> [RecordResult]
  {
    try await call(
      "SELECT sync.modify_records($1::uuid, $2::jsonb, $3::jsonb)::text",
      [batchID.uuidString.lowercased(), WireJSON.encode(saves), WireJSON.encode(deletes)],
      as: Results.self
    ).results
  }

  public func fetchDatabaseChanges(since token: Int64) async throws -> CloudDatabaseChanges {
    try await call(
      "SELECT sync.fetch_database_changes($1::bigint)::text", [String(token)], as: CloudDatabaseChanges.self)
  }

  public func fetchZoneChanges(_ zone: ZoneID, since version: Int64, limit: Int) async throws -> ZoneChanges {
    let arguments = [zone.owner, zone.zone, String(version), String(limit)]
    // Servers from schema 4 on send a page as rows; older ones as one JSON document.
    let rows = try await withConnection { connection -> [[String?]]? in
      guard try connection.schemaVersion() >= 4 else { return nil }
      return try connection.query(
        """
        SELECT kind, record_name, record_type, parent, fields, deleted, deleted_stamp, version,
          modified_by, page_version, more
        FROM sync.fetch_zone_page($1, $2, $3::bigint, $4::int)
        """, arguments)
    }
    guard let rows else {
      return try await call(
        "SELECT sync.fetch_zone_changes($1, $2, $3::bigint, $4::int)::text", arguments, as: ZoneChanges.self)
    }
    do {
      return try ZoneChanges(rows: rows, of: zone)
    } catch {
      throw CloudError.serverError("the server's page of changes could not be read: \(error)")
    }
  }

  public func fetchRecords(_ ids: [RecordID]) async throws -> [ServerRecord] {
    try await call("SELECT sync.fetch_records($1::jsonb)::text", [WireJSON.encode(ids)], as: Records.self)
      .records
  }

  // MARK: Sharing

  private struct Shares: WireDecodable, Sendable {
    var shares: [CKShare]
    init(wire json: JSONValue) throws { shares = try JSONObject(json, "the shares").decode("shares") }
  }

  /// The server's word for a permission.
  private static func serverPermission(_ permission: CKShare.Permission) throws -> String {
    switch permission {
    case .readOnly: "read"
    case .readWrite: "readwrite"
    case .none: throw SharingError.notShareable("a participant reads or writes: give .readOnly or .readWrite")
    }
  }

  public func shareRoot(_ root: RecordID, title: String?) async throws -> CKShare {
    try await call(
      "SELECT sync.share_root($1, $2, $3)::text", [root.zone, root.recordName, title], as: CKShare.self)
  }

  public func shares() async throws -> [CKShare] {
    try await call("SELECT sync.list_shares()::text", [], as: Shares.self).shares
  }

  public func addParticipant(_ user: String, permission: CKShare.Permission, to shareID: String) async throws
    -> CKShare
  {
    try await call(
      "SELECT sync.add_participant($1::uuid, $2, $3)::text",
      [shareID, user, try Self.serverPermission(permission)], as: CKShare.self)
  }

  public func createInvitation(to shareID: String, permission: CKShare.Permission) async throws -> String {
    let permission = try Self.serverPermission(permission)
    return try await withConnection { connection in
      guard
        let token = try connection.query(
          "SELECT sync.create_invitation($1::uuid, $2)", [shareID, permission]
        )
        .first?.first ?? nil
      else { throw CloudError.serverError("the server made no invitation") }
      return token
    }
  }

  public func acceptShare(_ metadata: CKShare.Metadata) async throws -> CKShare {
    switch metadata.invitation {
    case .token(let token):
      try await call("SELECT sync.accept_share($1, NULL)::text", [token], as: CKShare.self)
    case .share(let shareID):
      try await call("SELECT sync.accept_share(NULL, $1::uuid)::text", [shareID], as: CKShare.self)
    }
  }

  public func removeParticipant(_ user: String, from shareID: String) async throws {
    try await withConnection { connection in
      _ = try connection.query("SELECT sync.remove_participant($1::uuid, $2)", [shareID, user])
    }
  }

  public func stopSharing(_ shareID: String) async throws {
    try await withConnection { connection in
      _ = try connection.query("SELECT sync.stop_sharing($1::uuid)", [shareID])
    }
  }

  public func changeNotifications() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let listener = NotificationListener(credentials: { [self] in credentials }, continuation: continuation)
    continuation.onTermination = { _ in listener.stop() }
    listener.start()
    return stream
  }
}

/// LISTENs on the user's channel on a connection and thread of its own, and yields once per
/// batch of notifications. Reconnects after a failure; yields after reconnecting too, since
/// changes may have been missed meanwhile.
final class NotificationListener: Sendable {
  /// The credentials to listen with now; nil when there are none.
  let credentials: @Sendable () -> String?
  let continuation: AsyncStream<Void>.Continuation
  private let isStopped = Atomic<Bool>(false)

  init(credentials: @escaping @Sendable () -> String?, continuation: AsyncStream<Void>.Continuation) {
    self.credentials = credentials
    self.continuation = continuation
  }

  func stop() { isStopped.store(true, ordering: .relaxed) }

  func start() {
    let thread = Thread { [self] in run() }
    thread.name = "sqlitedata.sync.listen"
    thread.start()
  }

  private func run() {
    var delay: UInt32 = 200_000
    while !isStopped.load(ordering: .relaxed) {
      do {
        guard let used = credentials() else { throw CloudError.noAccount }
        let connection = try PostgresConnection(used)
        guard let user = try connection.query("SELECT current_user").first?.first ?? nil else { continue }
        try connection.query("LISTEN \(quoted("sync_" + user))")
        delay = 200_000
        continuation.yield()
        // Until the connection breaks, or the credentials change (another user's channel).
        while !isStopped.load(ordering: .relaxed), credentials() == used {
          var descriptor = pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0)
          let ready = poll(&descriptor, 1, 500)
          if ready < 0, errno != EINTR { break }
          if ready > 0, try !connection.drainNotifications().isEmpty { continuation.yield() }
          if connection.isBroken { break }
        }
      } catch {
        usleep(delay)
        delay = min(delay * 2, 5_000_000)
      }
    }
    continuation.finish()
  }
}
