import Foundation
import SQLiteDataSync
import Synchronization
import TerminalUITestSupport

/// A PostgreSQL 15 cluster of the test run's own, on loopback, in a temporary folder: started on
/// first use, stopped and removed when the test process exits. Each test gets a database of its
/// own in it, with the sync schema installed by the product's installer.
public final class PostgresCluster: Sendable {
  public static let binaries = "/usr/lib/postgresql/15/bin"

  public let folder: String
  public let port: Int
  public let superuser = "postgres"

  /// The run's cluster, started once, by the first test that asks.
  private static let shared = Task { try PostgresCluster() }

  public static func start() async throws -> PostgresCluster { try await shared.value }

  /// The users every test database knows, with the password `secret-<name>`. Roles belong to
  /// the cluster, so they are made once, with the template every test database is copied from.
  public static let users = ["alice", "bob", "carol", "dave"]
  static let template = "sync_template"

  /// A cluster of the caller's own, for a test that stops the server process itself; also
  /// stopped and removed when the test process exits.
  public static func startDedicated() throws -> PostgresCluster { try PostgresCluster(durable: true) }

  /// The server's settings. Commits skip the disk flush (fast tests), unless `durable`: a
  /// cluster that is stopped with `-m immediate` must keep what it acknowledged.
  let serverOptions: String

  private init(durable: Bool = false) throws {
    serverOptions = Self.serverOptions(durable: durable)
    folder = try Self.makeFolder()
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
    try restart()
    Self.stopAtExit(folder: folder)
    try administer("CREATE DATABASE \(Self.template)")
    try SyncServer.install(connectionString: url(user: superuser, database: Self.template))
    for user in Self.users {
      try SyncServer.addUser(
        user, password: "secret-\(user)", connectionString: url(user: superuser, database: Self.template))
    }
  }

  /// A streaming standby of `primary`, copied from it with pg_basebackup, on a port and in a
  /// folder of its own; it replays the primary's changes until promoted.
  private init(standbyOf primary: PostgresCluster, name: String) throws {
    serverOptions = Self.serverOptions(durable: true)
    folder = try Self.makeFolder()
    port = try Self.freePort()
    try Self.run(asPostgres: [
      "\(Self.binaries)/pg_basebackup", "-D", "\(folder)/data", "--write-recovery-conf", "--checkpoint=fast",
      "--no-sync", "-d",
      "host=\(primary.folder) port=\(primary.port) user=\(superuser) application_name=\(name)",
    ])
    try restart()
    Self.stopAtExit(folder: folder)
  }

  /// Starts a standby of this cluster under `name`, and makes its replication synchronous: from
  /// then on a commit is acknowledged only once the standby has it on disk (`synchronous_commit`
  /// is `on` in a dedicated cluster), so losing this primary loses nothing it acknowledged.
  /// Returns once the standby is in step.
  public func startSynchronousStandby(name: String = "standby1") throws -> PostgresCluster {
    let standby = try PostgresCluster(standbyOf: self, name: name)
    try administer("ALTER SYSTEM SET synchronous_standby_names = '\(name)'")
    try administer("SELECT pg_reload_conf()")
    // A commit waits for the standby now: this one returns once it is connected and in step.
    try administer("CREATE TABLE standby_barrier (); DROP TABLE standby_barrier")
    return standby
  }

  /// Makes a standby the primary (it stops replaying and takes writes).
  public func promote() throws {
    try Self.run(asPostgres: ["\(Self.binaries)/pg_ctl", "promote", "-w", "-D", "\(folder)/data"])
  }

  private static func serverOptions(durable: Bool) -> String {
    "-c fsync=off -c max_connections=200"
      + (durable ? " -c synchronous_commit=on" : " -c synchronous_commit=off")
  }

  /// A new folder for a cluster's files, owned by the user the server runs as.
  private static func makeFolder() throws -> String {
    guard FileManager.default.isExecutableFile(atPath: "\(Self.binaries)/initdb") else {
      throw ClusterError(
        "PostgreSQL 15 is not installed (no \(Self.binaries)/initdb): `apt-get install postgresql-15`, or run .ci/run"
      )
    }
    let folder =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "sqlitedata-pg-\(UUID().uuidString.prefix(8))"
      ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    stopWhenGone(folder: folder)
    if getuid() == 0 { try Self.run(["chown", "postgres:postgres", folder]) }
    return folder
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

  /// A shell in a session of its own (so that a signal to the test's process group spares it)
  /// that waits for the test process to end, then stops the cluster in `folder` and removes the
  /// folder: a test process that ends without running its exit handlers (a crash, a kill) leaves
  /// no server behind. When the exit handler did it first, the shell finds nothing to do.
  private static func stopWhenGone(folder: String) {
    let asPostgres = getuid() == 0 ? "runuser -u postgres -- " : ""
    let script = """
      while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
      \(asPostgres)\(binaries)/pg_ctl stop -D '\(folder)/data' -m immediate -w
      rm -rf '\(folder)'
      """
    _ = try? Subprocess.run(["setsid", "-f", "/bin/sh", "-c", script], output: .discard, errors: .discard)
  }

  static let superuserPassword = "secret-postgres"

  /// A URL on loopback; the superuser's carries its password.
  public func url(user: String, database: String = "postgres", password: String? = nil) -> String {
    let password = password ?? (user == superuser ? Self.superuserPassword : nil)
    return "postgresql://\(user)\(password.map { ":\($0)" } ?? "")@127.0.0.1:\(port)/\(database)"
  }

  /// A new database copied from the template: the sync schema and the users, under a server id
  /// of its own.
  public func makeDatabase() throws -> String {
    let name = "t_" + UUID().uuidString.prefix(13).lowercased().replacingOccurrences(of: "-", with: "")
    try administer("CREATE DATABASE \(name) TEMPLATE \(Self.template)")
    try administer("UPDATE sync.schema_info SET server_id = gen_random_uuid()", in: name)
    return name
  }

  /// Runs SQL as the superuser, through the cluster's socket, and returns what psql printed
  /// (unaligned, without headers).
  @discardableResult
  public func administer(_ sql: String, in database: String = "postgres") throws -> String {
    try Self.run([
      "\(Self.binaries)/psql", "-h", folder, "-p", "\(port)", "-U", superuser, "-d", database, "-X", "-q",
      "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql,
    ])
  }

  public func stop(immediately: Bool = true) throws {
    try Self.run(asPostgres: [
      "\(Self.binaries)/pg_ctl", "stop", "-D", "\(folder)/data", "-m", immediately ? "immediate" : "fast",
      "-w",
    ])
  }

  public func restart() throws {
    try Self.run(asPostgres: [
      "\(Self.binaries)/pg_ctl", "start", "-w", "-D", "\(folder)/data", "-l", "\(folder)/server.log", "-o",
      "-c listen_addresses=127.0.0.1 -p \(port) -k \(folder) \(serverOptions)",
    ])
  }

  // MARK: Processes

  public struct ClusterError: Error, CustomStringConvertible {
    public var description: String
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
