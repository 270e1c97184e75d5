import Foundation
import SQLiteData
import Synchronization
import TerminalUI

@testable import SQLiteDataSync

/// A PostgreSQL 15 cluster of the test run's own, on loopback, in a temporary folder: started on
/// first use, stopped and removed when the test process exits. Each test gets a database of its
/// own in it, with the sync schema installed by the product's installer.
final class PostgresCluster: Sendable {
  static let binaries = "/usr/lib/postgresql/15/bin"

  let folder: String
  let port: Int
  let superuser = "postgres"

  /// The run's cluster, started once, by the first test that asks.
  private static let shared = Task { try PostgresCluster() }

  static func start() async throws -> PostgresCluster { try await shared.value }

  /// The users every test database knows, with the password `secret-<name>`. Roles belong to
  /// the cluster, so they are made once, with the template every test database is copied from.
  static let users = ["alice", "bob", "carol", "dave"]
  static let template = "sync_template"

  /// A cluster of the caller's own, for a test that stops the server process itself; also
  /// stopped and removed when the test process exits.
  static func startDedicated() throws -> PostgresCluster { try PostgresCluster(durable: true) }

  /// The server's settings. Commits skip the disk flush (fast tests), unless `durable`: a
  /// cluster that is stopped with `-m immediate` must keep what it acknowledged.
  let serverOptions: String

  private init(durable: Bool = false) throws {
    serverOptions =
      "-c fsync=off -c max_connections=200"
      + (durable ? " -c synchronous_commit=on" : " -c synchronous_commit=off")
    guard FileManager.default.isExecutableFile(atPath: "\(Self.binaries)/initdb") else {
      throw ClusterError(
        "PostgreSQL 15 is not installed (no \(Self.binaries)/initdb): `apt-get install postgresql-15`, or run .ci/run"
      )
    }
    folder =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "sqlitedata-pg-\(UUID().uuidString.prefix(8))"
      ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    if getuid() == 0 { try Self.run(["chown", "postgres:postgres", folder]) }
    port = try Self.freePort()
    // Passwords are checked on TCP, as a real server checks them (the wrong-password tests
    // rely on it); the socket in the folder stays open to the superuser without one.
    let passwordFile = "\(folder)/superuser-password"
    try Self.superuserPassword.write(toFile: passwordFile, atomically: true, encoding: .utf8)
    if getuid() == 0 { try Self.run(["chown", "postgres:postgres", passwordFile]) }
    try Self.run(asPostgres: [
      "\(Self.binaries)/initdb", "-D", "\(folder)/data", "--auth-local=trust", "--auth-host=scram-sha-256",
      "--pwfile=\(passwordFile)", "-U", superuser, "--no-sync",
    ])
    try Self.run(asPostgres: [
      "\(Self.binaries)/pg_ctl", "start", "-w", "-D", "\(folder)/data", "-l", "\(folder)/server.log", "-o",
      "-c listen_addresses=127.0.0.1 -p \(port) -k \(folder) \(serverOptions)",
    ])
    Self.stopAtExit(folder: folder)
    try administration.withLock { connection in
      connection = try PostgresConnection(url(user: superuser))
      try connection!.execute("CREATE DATABASE \(Self.template)")
    }
    try SyncServer.install(connectionString: url(user: superuser, database: Self.template))
    for user in Self.users {
      try SyncServer.addUser(
        user, password: "secret-\(user)", connectionString: url(user: superuser, database: Self.template))
    }
  }

  /// Stops the cluster and removes its folder when the test process exits.
  private static func stopAtExit(folder: String) {
    let isFirst = atExitFolders.withLock { folders in
      folders.append(folder)
      return folders.count == 1
    }
    guard isFirst else { return }
    atexit {
      for folder in PostgresCluster.atExitFolders.withLock({ $0 }) {
        _ = try? PostgresCluster.run(asPostgres: [
          "\(PostgresCluster.binaries)/pg_ctl", "stop", "-D", "\(folder)/data", "-m", "immediate", "-w",
        ])
        try? FileManager.default.removeItem(atPath: folder)
      }
    }
  }
  private static let atExitFolders = Mutex<[String]>([])

  static let superuserPassword = "secret-postgres"

  /// A URL on loopback; the superuser's carries its password.
  func url(user: String, database: String = "postgres", password: String? = nil) -> String {
    let password = password ?? (user == superuser ? Self.superuserPassword : nil)
    return "postgresql://\(user)\(password.map { ":\($0)" } ?? "")@127.0.0.1:\(port)/\(database)"
  }

  /// A new database copied from the template: the sync schema and the users, under a server id
  /// of its own.
  func makeDatabase() throws -> String {
    let name = "t_" + UUID().uuidString.prefix(13).lowercased().replacingOccurrences(of: "-", with: "")
    // In-process rather than with createdb and psql: tests make many, and processes are slow.
    try administration.withLock { connection in
      if connection == nil { connection = try PostgresConnection(url(user: superuser)) }
      try connection!.execute("CREATE DATABASE \(name) TEMPLATE \(Self.template)")
    }
    let database = try PostgresConnection(url(user: superuser, database: name))
    try database.execute("UPDATE sync.schema_info SET server_id = gen_random_uuid()")
    return name
  }

  /// A superuser connection to the `postgres` database; CREATE DATABASE runs one at a time anyway.
  private let administration = Mutex<PostgresConnection?>(nil)

  func stop(immediately: Bool = true) throws {
    try Self.run(asPostgres: [
      "\(Self.binaries)/pg_ctl", "stop", "-D", "\(folder)/data", "-m", immediately ? "immediate" : "fast",
      "-w",
    ])
  }

  func restart() throws {
    try Self.run(asPostgres: [
      "\(Self.binaries)/pg_ctl", "start", "-w", "-D", "\(folder)/data", "-l", "\(folder)/server.log", "-o",
      "-c listen_addresses=127.0.0.1 -p \(port) -k \(folder) \(serverOptions)",
    ])
  }

  // MARK: Processes

  struct ClusterError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// Runs a PostgreSQL program as the `postgres` user when the tests run as root (initdb and
  /// the server refuse root), as the current user otherwise, and returns what it printed.
  @discardableResult
  static func run(asPostgres arguments: [String]) throws -> String {
    try run(getuid() == 0 ? ["runuser", "-u", "postgres", "--"] + arguments : arguments)
  }

  @discardableResult
  static func run(_ arguments: [String]) throws -> String { try Subprocess.runChecked(arguments) }

  /// A TCP port on loopback that nothing listens on now.
  static func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else { throw ClusterError("could not find a free port on 127.0.0.1") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

/// A database of the run's PostgreSQL cluster, for one test, reached through a proxy of the
/// test's own: taking "the server" down cuts that proxy, which leaves the other tests' databases
/// running. (The behaviour that stops the server process itself starts a cluster of its own.)
struct PostgresTestServer: TestServer {
  let cluster: PostgresCluster
  let database: String
  let proxy: TCPProxy

  init() async throws {
    cluster = try await PostgresCluster.start()
    database = try cluster.makeDatabase()
    proxy = try TCPProxy(upstreamPort: cluster.port)
  }

  func connectionString(for user: String) -> String {
    "postgresql://\(user):secret-\(user)@127.0.0.1:\(proxy.port)/\(database)"
  }

  func database(for user: String) -> any CloudDatabase {
    PostgresCloudDatabase(connectionString: connectionString(for: user))
  }

  func database(for user: String, password: String? = nil, requestTimeout: Duration) -> PostgresCloudDatabase
  {
    PostgresCloudDatabase(
      connectionString:
        "postgresql://\(user):\(password ?? "secret-\(user)")@127.0.0.1:\(proxy.port)/\(database)",
      requestTimeout: requestTimeout)
  }

  /// Runs SQL on the test's database as the superuser.
  func administer(_ sql: String) throws {
    try PostgresConnection(cluster.url(user: cluster.superuser, database: database)).execute(sql)
  }

  func setAvailable(_ isAvailable: Bool) async throws { proxy.set(isAvailable ? .pass : .cut) }

  func makeUser() throws -> String {
    let user = "u" + UUID().uuidString.prefix(8).lowercased()
    try SyncServer.addUser(
      user, password: "secret-\(user)",
      connectionString: cluster.url(user: cluster.superuser, database: database))
    return user
  }

  func revoke(user: String) throws {
    try PostgresConnection(cluster.url(user: cluster.superuser, database: database)).execute(
      "ALTER ROLE \(user) NOLOGIN")
  }
}
