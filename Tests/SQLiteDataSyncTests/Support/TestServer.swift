import Foundation
import SQLiteData
import Testing

/// A sync server for the behaviours, on either back end: each test gets one of its own.
protocol TestServer: Sendable {
  func database(for user: String) -> any CloudDatabase
  /// Takes the server down, or brings it back.
  func setAvailable(_ isAvailable: Bool) async throws
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
}
