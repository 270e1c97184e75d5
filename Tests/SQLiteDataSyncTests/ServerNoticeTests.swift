import Foundation
import PostgresTestSupport
import Testing

@testable import SQLiteDataSync

/// What the server says outside a reply (a notice, or the error it sends as it shuts a connection
/// down) never reaches standard error, where a full-screen app draws.
@Suite struct ServerNoticeTests {
  @Test func noticesAndTerminationAreNotWrittenToStandardError() async throws {
    let cluster = try await PostgresCluster.start()
    let database = try cluster.makeDatabase()
    let connection = try PostgresConnection(cluster.url(user: cluster.superuser, database: database))
    let written = try capturingStandardError {
      try connection.execute("DO $$ BEGIN RAISE NOTICE 'notice from the server'; END $$")
      let pid = try connection.query("SELECT pg_backend_pid()").first?.first ?? nil
      try cluster.administer("SELECT pg_terminate_backend(\(pid ?? "0"))")
      // The next call reads the server's goodbye, and fails.
      #expect(throws: CloudError.self) { try connection.query("SELECT 1") }
    }
    // Other tests may write there meanwhile: only this test's text is looked for.
    #expect(!written.contains("notice from the server"), "\(written)")
    #expect(!written.contains("terminating connection"), "\(written)")
  }

  /// Runs `body` with standard error sent to a file, and returns what was written.
  private func capturingStandardError(_ body: () throws -> Void) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
    let saved = dup(STDERR_FILENO)
    guard file >= 0, saved >= 0 else { throw CocoaError(.fileWriteUnknown) }
    dup2(file, STDERR_FILENO)
    close(file)
    defer {
      dup2(saved, STDERR_FILENO)
      close(saved)
    }
    try body()
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }
}
