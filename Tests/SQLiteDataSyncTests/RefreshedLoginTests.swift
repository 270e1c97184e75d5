import Foundation
import PostgresTestSupport
import Synchronization
import Testing

@testable import SQLiteDataSync

/// A password changed while the program runs is used from the next connection on.
@Suite struct RefreshedLoginTests {
  @Test func aNewPasswordIsUsedByTheNextConnection() async throws {
    let cluster = try await PostgresCluster.start()
    let database = try cluster.makeDatabase()
    let password = Mutex("wrong")
    let url = { @Sendable in
      cluster.url(user: "alice", database: database, password: password.withLock { $0 })
    }
    let cloud = PostgresCloudDatabase(connectionString: url()) { url() }
    await #expect(throws: CloudError.self) { try await cloud.account() }
    password.withLock { $0 = "secret-alice" }
    #expect(try await cloud.account().user == "alice")
  }
}
