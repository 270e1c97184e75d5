import Foundation
import PostgresTestSupport
import SQLiteData

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
  func administer(_ sql: String) throws { try cluster.administer(sql, in: database) }

  func setAvailable(_ isAvailable: Bool) async throws { proxy.set(isAvailable ? .pass : .cut) }

  func makeUser() throws -> String {
    let user = "u" + UUID().uuidString.prefix(8).lowercased()
    try SyncServer.addUser(
      user, password: "secret-\(user)",
      connectionString: cluster.url(user: cluster.superuser, database: database))
    return user
  }

  func revoke(user: String) throws {
    try cluster.administer("ALTER ROLE \(user) NOLOGIN", in: database)
  }
}
