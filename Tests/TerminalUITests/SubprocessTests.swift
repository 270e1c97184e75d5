import Foundation
import TerminalUI
import TerminalUITestSupport
import Testing

@Suite struct SubprocessTests {
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
    let listing = try Subprocess.run(["/bin/sh", "-c", "ls /proc/$$/fd"], capturingOutput: true)
    #expect(listing.split(separator: "\n").sorted() == ["0", "1", "2"])
  }

  @Test("A checked run returns standard output and error, and a failure says what failed")
  func checkedRun() throws {
    #expect(try Subprocess.runChecked(["/bin/sh", "-c", "echo out; echo err >&2"]) == "out\nerr\n")
    #expect {
      try Subprocess.runChecked(["/bin/sh", "-c", "echo broken >&2; exit 3"])
    } throws: { error in
      (error as? Subprocess.Failure).map { $0.status >> 8 == 3 && $0.output == "broken\n" } ?? false
    }
  }
}
