import Foundation
import SQLiteData
import TerminalUITestSupport
import Testing

/// The seeds' bootstrap, verbatim: `prepareDependencies { $0.defaultDatabase = try! appDatabase() }`
/// with the seeds' `appDatabase()`, which reads `@Dependency(\.context)` while the dependencies are
/// being prepared. It runs in a child process with a time limit, so that a hang (a lock taken
/// twice) fails this test instead of stalling the suite, and the child's global dependencies are
/// its own.
@Suite("Seeds: bootstrap")
struct BootstrapTests {
  static let childVariable = "SQLITEDATA_SEEDS_BOOTSTRAP_CHILD"

  @Test func theSeedsBootstrapRunsWithoutHanging() throws {
    let child = try Subprocess.runTestInChild(named: "bootstrapInThisProcess", variable: Self.childVariable)
    guard !child.passedDeadline else {
      Issue.record("the seeds' bootstrap did not finish within 60 seconds: it hangs")
      return
    }
    #expect(child.exitStatus == 0)
    // The child ran the bootstrap (it is skipped unless asked for).
    #expect(child.output.contains("bootstrapInThisProcess() passed"), "\(child.output)")
  }

  /// The child's side: what an app's entry point does.
  @Test(.enabled(if: ProcessInfo.processInfo.environment[childVariable] != nil))
  func bootstrapInThisProcess() throws {
    prepareDependencies { $0.defaultDatabase = try! appDatabase() }
    @Dependency(\.defaultDatabase) var database
    #expect(try database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM items") } == 0)
  }
}

/// `\.date.now` is settable, as swift-dependencies lets the seeds write it.
@Suite("Seeds: a fixed date")
struct FixedDateTests {
  static let fixed = Date(timeIntervalSince1970: 1_800_000_000)

  @Test(.dependencies { $0.date.now = Self.fixed })
  func inATestTrait() {
    @Dependency(\.date.now) var now
    #expect(now == Self.fixed)
  }

  @Test func inWithDependencies() {
    let later = Self.fixed.addingTimeInterval(60)
    withDependencies {
      $0.date.now = later
    } operation: {
      @Dependency(\.date.now) var now
      #expect(now == later)
      @Dependency(\.date) var date
      #expect(date() == later)
    }
  }
}
