import Foundation
import TerminalUITestSupport
import Testing

/// The server's SQL API checks (`ServerSQL/api-checks.sql`: who may read and write what, batch
/// answers, the change feeds, sharing), run as `Scripts/server-sql-check.sh` runs them: every
/// migration applied to a scratch cluster of its own, once installed by a superuser and once by a
/// database owner, each check an ASSERT that stops the script when broken.
@Suite struct ServerSQLChecksTests {
  @Test func theServerSQLChecksPass() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let output = try Subprocess.runChecked([
      "bash", root.appendingPathComponent("Scripts/server-sql-check.sh").path,
    ])
    #expect(output.contains("server SQL checks passed"))
  }
}
