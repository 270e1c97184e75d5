import CLibPQ
import Foundation

/// One libpq connection, used by one thread at a time (libpq connections are not thread-safe):
/// its owner confines it to a serial queue.
///
/// Connections are opened with timeouts, so that a cut network is an error after seconds
/// instead of a hang: `connect_timeout`, TCP keepalives, `tcp_user_timeout` and a
/// `statement_timeout`. Values given in the connection string win over these.
final class PostgresConnection {
  private let pq: LibPQ
  private let handle: OpaquePointer

  static let defaultOptions: [(String, String)] = [
    ("connect_timeout", "5"),
    ("keepalives", "1"),
    ("keepalives_idle", "5"),
    ("keepalives_interval", "2"),
    ("keepalives_count", "3"),
    ("tcp_user_timeout", "10000"),
    ("options", "-c statement_timeout=30000"),
    ("application_name", "sqlitedata-sync"),
  ]

  /// Connects with a URL (`postgresql://user@host/db`) or `key=value` string; multi-host
  /// strings with `target_session_attrs=read-write` find the primary after a failover.
  init(_ connectionString: String) throws {
    let pq = try LibPQ.load()
    self.pq = pq
    let options = Self.defaultOptions + [("dbname", connectionString)]
    let keys = options.map { strdup($0.0) }
    let values = options.map { strdup($0.1) }
    defer {
      keys.forEach { free($0) }
      values.forEach { free($0) }
    }
    var keyPointers = keys.map { UnsafePointer($0) } + [nil]
    var valuePointers = values.map { UnsafePointer($0) } + [nil]
    // expand_dbname = 1: the last `dbname` is parsed as a connection string, and what it says
    // overrides the defaults before it.
    guard let handle = pq.connectdbParams(&keyPointers, &valuePointers, 1) else {
      throw CloudError.unavailable("could not allocate a connection")
    }
    guard pq.status(handle) == CONNECTION_OK else {
      let message = Self.message(handle, pq)
      pq.finish(handle)
      throw Self.connectionError(message)
    }
    // libpq writes notices, and errors that arrive between queries (the server shutting down),
    // to standard error, which a full-screen app draws on. Every failure that matters comes back
    // from the call that meets it; a notice ("relation already exists, skipping") is dropped.
    _ = pq.setNoticeProcessor(handle, { _, _ in }, nil)
    self.handle = handle
  }

  deinit { pq.finish(handle) }

  var isBroken: Bool { pq.status(handle) != CONNECTION_OK }

  /// The socket, for waiting on notifications with poll().
  var socket: Int32 { pq.socket(handle) }

  /// The server's sync schema version, read once per connection (a failover may land on a
  /// server upgraded meanwhile: it is a new connection).
  func schemaVersion() throws -> Int {
    if let known = knownSchemaVersion { return known }
    let text = try query("SELECT max(version) FROM sync.schema_info").first?.first ?? nil
    let version = text.flatMap { Int($0) } ?? 0
    knownSchemaVersion = version
    return version
  }
  private var knownSchemaVersion: Int?

  /// How long a request may wait for its reply before the connection is given up: a network
  /// that swallows packets without closing anything is otherwise only noticed by TCP, after
  /// minutes, or never when a middlebox keeps acknowledging.
  var requestTimeout: Duration = .seconds(30)

  /// Runs one statement with text parameters and returns its rows as text (NULL as nil).
  @discardableResult
  func query(_ sql: String, _ parameters: [String?] = []) throws -> [[String?]] {
    let copies = parameters.map { $0.map { strdup($0) } }
    defer { copies.forEach { $0.map { free($0) } } }
    var pointers: [UnsafePointer<CChar>?] = copies.map { $0.flatMap { UnsafePointer($0) } }
    guard pq.sendQueryParams(handle, sql, Int32(parameters.count), nil, &pointers, nil, nil, 0) == 1 else {
      throw queryError(nil)
    }
    try awaitReply()
    var rows: [[String?]] = []
    var failure: (any Error)?
    // A statement's results end with a null result; every one is read so the connection is ready
    // for the next statement.
    while let result = pq.getResult(handle) {
      defer { pq.clear(result) }
      switch pq.resultStatus(result) {
      case PGRES_TUPLES_OK, PGRES_COMMAND_OK:
        let columns = pq.nfields(result)
        for row in 0..<pq.ntuples(result) {
          rows.append(
            (0..<columns).map { column in
              pq.getisnull(result, row, column) == 1
                ? nil : pq.getvalue(result, row, column).map { String(cString: $0) }
            })
        }
      default:
        failure = failure ?? queryError(result)
      }
    }
    if let failure { throw failure }
    return rows
  }

  /// Waits until the whole reply has arrived, or the request timeout has passed.
  private func awaitReply() throws {
    let deadline = ContinuousClock.now + requestTimeout
    while pq.isBusy(handle) == 1 {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else {
        throw CloudError.unavailable("the server did not answer within \(requestTimeout)")
      }
      var descriptor = pollfd(fd: pq.socket(handle), events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(
        min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000, 1000))
      let ready = poll(&descriptor, 1, max(milliseconds, 1))
      if ready < 0, errno != EINTR {
        throw CloudError.unavailable("waiting for the server failed (errno \(errno))")
      }
      if ready > 0, pq.consumeInput(handle) == 0 { throw queryError(nil) }
    }
  }

  /// Runs statements separated by semicolons, with no parameters (a migration).
  func execute(_ sql: String) throws {
    let result = pq.exec(handle, sql)
    defer { pq.clear(result) }
    switch pq.resultStatus(result) {
    case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY: return
    default: throw queryError(result)
    }
  }

  /// Reads what the server sent and returns the notifications that arrived.
  func drainNotifications() throws -> [String] {
    guard pq.consumeInput(handle) == 1 else { throw CloudError.unavailable(Self.message(handle, pq)) }
    var channels: [String] = []
    while let notification = pq.notifies(handle) {
      channels.append(String(cString: notification.pointee.relname))
      pq.freemem(notification)
    }
    return channels
  }

  private static func message(_ handle: OpaquePointer, _ pq: LibPQ) -> String {
    pq.errorMessage(handle).map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
  }

  /// Refused credentials are the account's problem; anything else is the network's.
  private static func connectionError(_ message: String) -> CloudError {
    if message.contains("password authentication failed") || message.contains("no password supplied")
      || message.contains("role") && message.contains("does not exist")
      || message.contains("is not permitted to log in") || message.contains("permission denied for database")
    {
      return .notAuthenticated(message)
    }
    return .unavailable(message)
  }

  private func queryError(_ result: OpaquePointer?) -> any Error {
    let message =
      result.flatMap { pq.resultErrorMessage($0) }.map { String(cString: $0) }?
      .trimmingCharacters(in: .whitespacesAndNewlines) ?? Self.message(handle, pq)
    let state =
      result.flatMap { pq.resultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) } ?? ""
    if isBroken || state.hasPrefix("08") || state.hasPrefix("57P") || state == "40001" || state == "40P01"
      || state == "53300" || state == "57014"
    {
      return CloudError.unavailable(message.isEmpty ? "the connection to the server was lost" : message)
    }
    if state.hasPrefix("SH") {
      // The sharing API's own refusals, with their primary message only.
      let primary =
        result.flatMap { pq.resultErrorField($0, Int32(UInt8(ascii: "M"))) }.map { String(cString: $0) }
        ?? message
      switch state {
      case "SH403": return SharingError.notOwner(primary)
      case "SH404": return SharingError.notFound(primary)
      case "SH405": return SharingError.unknownUser(primary)
      default: return SharingError.notShareable(primary)
      }
    }
    if state.hasPrefix("28") { return CloudError.notAuthenticated(message) }
    if state == "3F000" || state == "42883" || state == "42P01" {
      return CloudError.incompatibleServer(
        "the server has no sync schema, or an older one (\(message)); install it with `reminders server init --url URL`"
      )
    }
    return CloudError.serverError(state.isEmpty ? message : "\(message) (SQLSTATE \(state))")
  }
}
