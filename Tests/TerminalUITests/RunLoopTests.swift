import Observation
import Testing

@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

@Observable
final class Temperature: @unchecked Sendable {
  var celsius = 20
  var unrelated = 0
}

@MainActor
@Suite("Run loop pieces", .serialized)
struct RunLoopTests {
  @Test func observeRerunsWhenReadValuesChange() async {
    let model = Temperature()
    let (readings, continuation) = AsyncStream.makeStream(of: Int.self)
    let token = observe { continuation.yield(model.celsius) }
    var iterator = readings.makeAsyncIterator()
    #expect(await iterator.next() == 20)
    model.celsius = 25
    #expect(await iterator.next() == 25)
    // From another thread, through the run loop as background work must (Observation announces
    // a change before storing it, so a change made on another thread could be read too early):
    // two changes in one post make one re-run, which sees the last value.
    await Task.detached {
      MainLoop.post {
        model.celsius = 30
        model.celsius = 31
      }
    }.value
    #expect(await iterator.next() == 31)
    token.cancel()
    model.celsius = 40
    model.unrelated = 1
    continuation.finish()
    #expect(await iterator.next() == nil)
  }

  @Test func observeIgnoresValuesItDidNotRead() async {
    let model = Temperature()
    let (readings, continuation) = AsyncStream.makeStream(of: Int.self)
    let token = observe { continuation.yield(model.celsius) }
    var iterator = readings.makeAsyncIterator()
    _ = await iterator.next()
    model.unrelated = 5
    model.celsius = 21
    // The first re-run is for the value it read, not the unrelated one.
    #expect(await iterator.next() == 21)
    token.cancel()
  }

  @Test func signalsArriveThroughThePipe() {
    #expect(SignalRelay.install())
    defer { SignalRelay.uninstall() }
    // Sent to the process, as a terminal or a shell would: whichever thread does not block the
    // signal runs the handler, so the test waits for the pipe to become readable.
    kill(getpid(), SIGWINCH)
    #expect(waitUntilReadable(SignalRelay.readEnd))
    #expect(SignalRelay.drain() == [SIGWINCH])
    #expect(SignalRelay.drain() == [])
  }

  private func waitUntilReadable(_ fd: Int32?) -> Bool {
    guard let fd else { return false }
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 10_000) == 1
  }

  @Test func exitStatuses() {
    #expect(ExitReason.quit.exitStatus == 0)
    #expect(ExitReason.interrupted.exitStatus == 130)
    #expect(ExitReason.terminated(signal: SIGTERM).exitStatus == 143)
  }

  @Test func durationsForDispatch() {
    #expect(Duration.milliseconds(25).dispatchInterval == .nanoseconds(25_000_000))
    #expect(Duration.seconds(2).dispatchInterval == .nanoseconds(2_000_000_000))
  }

  @Test func externalEditorEditsATemporaryFile() throws {
    let edited = try ExternalEditor.edit(
      "first line\nsecond", fileExtension: "md", command: "sed -i s/second/2nd/")
    #expect(edited == "first line\n2nd")
    #expect(throws: ExternalEditorError.failed(command: "false", status: 1)) {
      try ExternalEditor.edit("x", command: "false")
    }
    #expect(throws: ExternalEditorError.failed(command: "no-such-editor-here", status: 127)) {
      try ExternalEditor.edit("x", command: "no-such-editor-here")
    }
  }

  @Test func theLoopRefusesToStartWithoutATerminal() {
    guard isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 else { return }
    #expect(throws: TerminalError.notATerminal) {
      _ = try MainLoop(application: CounterApp(model: Counters()))
    }
  }
}
