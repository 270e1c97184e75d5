import Testing

@testable import TerminalUI

/// How the run loop paces frames: values arriving a few milliseconds apart are each drawn at once,
/// and a stream of changes is drawn at the interval's rate.
@Suite("Frame pacer")
struct FramePacerTests {
  private let start = ContinuousClock.now

  private func at(_ milliseconds: Int) -> ContinuousClock.Instant {
    start + .milliseconds(milliseconds)
  }

  @Test func aCommitsFewValuesAreEachDrawnAtOnce() {
    var pacer = FramePacer(interval: .milliseconds(16), burst: 3)
    // The sidebar's value, then the list's 3 ms later.
    #expect(pacer.delay(at: at(0)) == .zero)
    pacer.drew(at: at(0))
    #expect(pacer.delay(at: at(3)) == .zero)
    pacer.drew(at: at(3))
  }

  @Test func aStreamOfChangesIsDrawnAtTheIntervalsRate() {
    var pacer = FramePacer(interval: .milliseconds(16), burst: 3)
    var now = 0
    var frames = 0
    // A change every millisecond for a second: each frame is drawn as soon as the pacer allows.
    while now < 1000 {
      let delay = pacer.delay(at: at(now))
      now += Int(delay / .milliseconds(1)) + (delay == .zero ? 0 : 1)
      pacer.drew(at: at(now))
      frames += 1
      now += 1
    }
    // 60 a second, plus the burst it started with.
    #expect(frames >= 58 && frames <= 66, "\(frames) frames in a second")
  }

  @Test func theBudgetComesBackAfterAQuietMoment() {
    var pacer = FramePacer(interval: .milliseconds(16), burst: 2)
    pacer.drew(at: at(0))
    pacer.drew(at: at(1))
    #expect(pacer.delay(at: at(2)) > .milliseconds(10))
    // Quiet for longer than the burst takes to earn: two at once again, and no more.
    pacer.drew(at: at(100))
    #expect(pacer.delay(at: at(101)) == .zero)
    pacer.drew(at: at(101))
    #expect(pacer.delay(at: at(102)) > .zero)
  }
}

/// Which frames the host asks the loop for promptly: a key's, always (even while a paced frame
/// waits), and an observed change's paced.
@MainActor
@Suite("Frame requests")
struct FrameRequestTests {
  @Test func aKeysFrameIsAskedForPromptlyEvenWhileAPacedOneWaits() async {
    let model = Counters()
    let host = ApplicationHost(
      backend: HeadlessTerminal(size: Size(width: 40, height: 12)), application: CounterApp(model: model))
    var requests: [Bool] = []
    host.onInvalidate = { requests.append($0) }
    host.renderIfNeeded()
    // A value the frame drew changes on the main actor, as a live value's delivery does.
    model.names.append("plums")
    await host.waitForInvalidation()
    #expect(requests == [false])
    // The screen is already out of date, yet a key asks again, promptly.
    host.dispatch(.key(KeyPress("j")))
    #expect(requests == [false, true])
  }
}
