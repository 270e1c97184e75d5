import Foundation
import Testing

@testable import SQLiteDataSync

/// The background loop's wake-up: a signal wakes one wait, and nothing else does. The waits that
/// must be woken have timeouts far beyond the tests' time limit, so only a signal ends them.
@Suite(.timeLimit(.minutes(3))) struct WakeSignalTests {
  @Test func aSignalWakesTheWaitAndIsThenSpent() async throws {
    let wake = WakeSignal()
    wake.signal()
    await wake.wait(timeout: .seconds(3600))
    // The first wait's timer was cancelled: it must not wake the second, which times out.
    let second = await ContinuousClock().measure { await wake.wait(timeout: .milliseconds(300)) }
    #expect(second >= .milliseconds(250))
  }

  @Test func aSignalFromAnotherThreadWakesTheWait() async throws {
    let wake = WakeSignal()
    let thread = Thread {
      usleep(50_000)
      wake.signal()
    }
    thread.start()
    await wake.wait(timeout: .seconds(3600))
  }
}
