import Foundation
import SQLiteData
import Testing

/// A sync server for the behaviours, on either back end: each test gets one of its own.
protocol TestServer: Sendable {
  func database(for user: String) -> any CloudDatabase
  /// Takes the server down, or brings it back.
  func setAvailable(_ isAvailable: Bool) async throws
  /// A user of this server only, so that revoking it disturbs no other test.
  func makeUser() throws -> String
  /// Refuses the user's credentials from now on (a revoked account).
  func revoke(user: String) throws
}

enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case memory
  case postgres

  var testDescription: String { rawValue }

  func makeServer() async throws -> any TestServer {
    switch self {
    case .memory: InMemoryTestServer()
    case .postgres: try await PostgresTestServer()
    }
  }
}

struct InMemoryTestServer: TestServer {
  let server = InMemoryCloudServer()
  func database(for user: String) -> any CloudDatabase { server.database(for: user) }
  func setAvailable(_ isAvailable: Bool) async throws { server.isAvailable = isAvailable }
  func makeUser() throws -> String { "u" + UUID().uuidString.prefix(8).lowercased() }
  func revoke(user: String) throws { server.refuse(user: user) }
}
