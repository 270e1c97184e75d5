import Foundation
import TerminalUITestSupport
import Testing

/// The server's SQL API checks (`ServerSQL/api-checks.sql`: who may read and write what, batch
/// answers, the change feeds, sharing), run as `Scripts/server-sql-check.sh` runs them: every
/// migration applied to a scratch cluster of its own, once installed by a superuser and once by a
/// database owner, each check an ASSERT that stops the script when broken.
@Suite struct ServerSQLChecksTests {
  @Test func theServerSQLChecksPass() async throws {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Scripts/server-sql-check.sh").path
    // On a thread of its own: the script takes seconds, and waiting for it on one of the test
    // run's few shared threads would hold back the tests beside it.
    let output = try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(with: Result { try Subprocess.runChecked(["bash", script]) })
      }
    }
    #expect(output.contains("server SQL checks passed"))
  }
}
