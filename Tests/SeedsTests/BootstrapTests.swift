import Foundation
import SQLiteData
import Synchronization
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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--testing-library", "swift-testing", "--filter", "bootstrapInThisProcess"]
    var environment = ProcessInfo.processInfo.environment
    environment[Self.childVariable] = "1"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    // The output is read as it comes, so that a full pipe cannot stop the child.
    let text = Mutex("")
    let read = DispatchSemaphore(value: 0)
    Thread {
      let data = output.fileHandleForReading.readDataToEndOfFile()
      text.withLock { $0 = String(decoding: data, as: UTF8.self) }
      read.signal()
    }
    .start()
    guard exited.wait(timeout: .now() + 60) == .success else {
      kill(process.processIdentifier, SIGKILL)
      Issue.record("the seeds' bootstrap did not finish within 60 seconds: it hangs")
      return
    }
    #expect(process.terminationStatus == 0)
    // The child ran the bootstrap (it is skipped unless asked for).
    #expect(read.wait(timeout: .now() + 10) == .success)
    #expect(text.withLock { $0 }.contains("bootstrapInThisProcess() passed"), "\(text.withLock { $0 })")
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
