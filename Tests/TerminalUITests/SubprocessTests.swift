import Foundation
import TerminalUI
import TerminalUITestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct SubprocessTests {
  @Test("A child starts with only its standard descriptors, so a daemon it forks holds none of ours")
  func childInheritsOnlyStandardDescriptors() throws {
    // A descriptor of the test process that is not close-on-exec, as the socket Foundation's
    // Process hands its own children is.
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("inherit-\(UUID())").path
    let descriptor = open(path, O_CREAT | O_WRONLY, 0o600)
    #expect(descriptor > 2)
    defer {
      close(descriptor)
      unlink(path)
    }
    let listing = try Subprocess.run(["/bin/sh", "-c", "ls /proc/$$/fd"]).output
    #expect(listing.split(separator: "\n").sorted() == ["0", "1", "2"])
  }

  @Test("A checked run returns standard output and error, and a failure says what failed")
  func checkedRun() throws {
    #expect(try Subprocess.runChecked(["/bin/sh", "-c", "echo out; echo err >&2"]) == "out\nerr\n")
    #expect {
      try Subprocess.runChecked(["/bin/sh", "-c", "echo broken >&2; exit 3"])
    } throws: { error in
      (error as? Subprocess.Failure).map { $0.status == 3 && $0.output == "broken\n" } ?? false
    }
  }

  @Test("A run writes the input, keeps output and errors apart, and adds to the environment")
  func inputOutputErrorsAndEnvironment() throws {
    // More input than a pipe holds, echoed back while it is written: neither side may block.
    let input = String(repeating: "line of input\n", count: 20_000)
    let result = try Subprocess.run(
      ["/bin/sh", "-c", #"cat; echo "$GREETING" >&2; exit 4"#], environment: ["GREETING": "hello"],
      input: input)
    #expect(result.exitStatus == 4)
    #expect(result.signal == nil)
    #expect(result.output == input)
    #expect(result.errors == "hello\n")
    #expect(!result.passedDeadline)
  }

  @Test("A child still running at the deadline is handed over, then waited for")
  func deadline() throws {
    let start = ContinuousClock.now
    var handedOver: pid_t = 0
    let result = try Subprocess.run(
      ["sleep", "600"], deadline: .now + .milliseconds(200)
    ) { pid in
      handedOver = pid
      kill(pid, SIGTERM)
    }
    #expect(result.passedDeadline)
    #expect(handedOver > 0)
    #expect(result.signal == SIGTERM)
    #expect(result.status == 128 + SIGTERM)
    #expect(start.duration(to: .now) < .seconds(60))
  }
}
