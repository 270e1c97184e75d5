import Foundation
import SQLiteData
import Synchronization

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
    try Self.run(asPostgres: [
      "\(Self.binaries)/../bin/createdb", "-h", folder, "-p", "\(port)", "-U", superuser, Self.template,
    ])
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
  /// the server refuse root), as the current user otherwise.
  @discardableResult
  static func run(asPostgres arguments: [String], quiet: Bool = false) throws -> String {
    try run(getuid() == 0 ? ["runuser", "-u", "postgres", "--"] + arguments : arguments)
  }

  /// Runs a program and returns what it printed. Spawned and reaped directly, with its output
  /// in a file: `pg_ctl start` leaves the server holding the output it inherited, so a pipe
  /// would never reach its end.
  @discardableResult
  static func run(_ arguments: [String]) throws -> String {
    let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pg-\(UUID().uuidString).out"
    ).path
    defer { unlink(outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw ClusterError("could not run \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    // Foundation's Process (other tests run programs with it) reaps its children when SIGCHLD
    // comes; if one of them ended while this child was still a zombie, the one signal for both
    // may have been spent looking at this child, leaving Foundation's waiting forever. A second
    // signal makes it look again.
    kill(getpid(), SIGCHLD)
    let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    // WIFEXITED and WEXITSTATUS, which Swift cannot import.
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
      throw ClusterError("\(arguments.joined(separator: " ")) failed (status \(status)): \(text)")
    }
    return text
  }

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
