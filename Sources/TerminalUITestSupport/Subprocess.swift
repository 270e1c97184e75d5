import CNCursesW
import Foundation

/// Runs a program to its end and waits for it with `waitpid`: its input written, its output and
/// errors read or discarded.
///
/// Foundation's `Process` is not used. It notices a child's exit through a socket the child
/// inherits, which a daemon forked by the child (tmux, pg_ctl) keeps open for ever; and on this
/// toolchain its `run()` reads past the end of a directory entry while listing `/proc/self/fd`,
/// which crashes a process with many descriptors open (a test run) now and then. For the first
/// reason every child here starts with only its standard descriptors: one that inherited the
/// socket of a `Process` launched on another thread at the same moment (or another child's pipe)
/// would keep that one from ever being seen to end.
public enum Subprocess {
  /// A program that ended with a status other than 0, with what it printed.
  public struct Failure: Error, CustomStringConvertible {
    public var arguments: [String]
    public var status: Int32
    public var output: String
    public var description: String {
      "\(arguments.joined(separator: " ")) failed (status \(status)): \(output)"
    }
  }

  /// Runs `arguments` and returns what it printed on standard output and standard error, or
  /// throws `Failure` if it did not exit with status 0.
  @discardableResult
  public static func runChecked(_ arguments: [String]) throws -> String {
    let result = try run(arguments, errors: .mergeIntoOutput)
    guard result.exitStatus == 0 else {
      throw Failure(arguments: arguments, status: result.status, output: result.output)
    }
    return result.output
  }

  /// Where a child's standard output or error goes.
  public enum Destination: Sendable {
    /// To `/dev/null`: the only choice for a program that leaves a daemon behind, which would
    /// hold a pipe open for ever.
    case discard
    /// Into a pipe, read until the child (and any program it started) closes it.
    case capture
    /// Standard error only: into standard output's pipe, interleaved as it was written.
    case mergeIntoOutput
  }

  /// How a program ended, and what it printed.
  public struct Result: Sendable {
    /// The status it exited with; nil when a signal ended it.
    public var exitStatus: Int32?
    /// The signal that ended it, if one did.
    public var signal: Int32?
    public var output: String
    public var errors: String
    /// Whether the deadline passed before the program closed its output.
    public var passedDeadline: Bool

    /// The status as a shell reports it: the exit status, or 128 plus the signal.
    public var status: Int32 { exitStatus ?? 128 + (signal ?? 0) }
  }

  /// Writing to a child that stopped reading raises SIGPIPE, which would end this process.
  private static let brokenPipesIgnored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  /// Runs `arguments` (a program found on `PATH`, and its arguments) to its end.
  ///
  /// - Parameters:
  ///   - environment: variables set for the child on top of this process's environment.
  ///   - input: written to the child's standard input, which is then closed; `/dev/null` when nil.
  ///   - deadline: when the child has not closed its captured output by then, `atDeadline` is
  ///     called with its process id (it kills the child unless told otherwise), and reading goes
  ///     on until it does. Only for a child whose output or errors are captured: their end is
  ///     what is waited for.
  @discardableResult
  public static func run(
    _ arguments: [String], environment: [String: String] = [:], input: String? = nil,
    output: Destination = .capture, errors: Destination = .capture,
    deadline: ContinuousClock.Instant? = nil, atDeadline: (pid_t) -> Void = { kill($0, SIGKILL) }
  ) throws -> Result {
    precondition(output != .mergeIntoOutput, "standard output cannot be merged into itself")
    precondition(
      deadline == nil || output == .capture || errors == .capture,
      "a deadline is watched while reading a captured output")
    _ = brokenPipesIgnored
    let child = try Child(
      arguments, environment: environment, hasInput: input != nil,
      output: output, errors: errors)
    defer { child.closeAll() }
    var passedDeadline = false
    var outputBytes: [UInt8] = []
    var errorBytes: [UInt8] = []
    var pendingInput = Array((input ?? "").utf8)[...]
    do {
      try child.exchange(
        input: &pendingInput, output: &outputBytes, errors: &errorBytes, deadline: deadline
      ) {
        passedDeadline = true
        atDeadline(child.pid)
      }
    } catch {
      // No child outlives this call, whatever happens in it.
      kill(child.pid, SIGKILL)
      _ = child.waitForExit()
      throw error
    }
    let status = child.waitForExit()
    // WIFEXITED, WEXITSTATUS and WTERMSIG, which Swift cannot import.
    let signal = status & 0x7f
    return Result(
      exitStatus: signal == 0 ? (status >> 8) & 0xff : nil, signal: signal == 0 ? nil : signal,
      output: String(decoding: outputBytes, as: UTF8.self),
      errors: String(decoding: errorBytes, as: UTF8.self), passedDeadline: passedDeadline)
  }
}

/// A child started with `posix_spawnp`, and this process's ends of its pipes.
private final class Child {
  private(set) var pid: pid_t = 0
  private var inputEnd: Int32 = -1
  private var outputEnd: Int32 = -1
  private var errorsEnd: Int32 = -1

  init(
    _ arguments: [String], environment: [String: String], hasInput: Bool,
    output: Subprocess.Destination, errors: Subprocess.Destination
  ) throws {
    precondition(!arguments.isEmpty, "no program to run")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // The child's ends, closed here once it has them.
    var childEnds: [Int32] = []
    defer { for end in childEnds { close(end) } }
    func makePipe() throws -> (read: Int32, write: Int32) {
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
      // Kept from children started on other threads meanwhile, which would hold them open.
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      return (ends[0], ends[1])
    }
    do {
      if hasInput {
        let ends = try makePipe()
        inputEnd = ends.write
        childEnds.append(ends.read)
        // Written as the child reads, between reads of its output: a full pipe must not block.
        _ = fcntl(ends.write, F_SETFL, O_NONBLOCK)
        posix_spawn_file_actions_adddup2(&actions, ends.read, STDIN_FILENO)
      } else {
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
      }
      var outputWrite: Int32 = -1
      if output == .capture {
        let ends = try makePipe()
        outputEnd = ends.read
        outputWrite = ends.write
        childEnds.append(ends.write)
        posix_spawn_file_actions_adddup2(&actions, ends.write, STDOUT_FILENO)
      } else {
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
      }
      switch errors {
      case .capture:
        let ends = try makePipe()
        errorsEnd = ends.read
        childEnds.append(ends.write)
        posix_spawn_file_actions_adddup2(&actions, ends.write, STDERR_FILENO)
      case .mergeIntoOutput where outputWrite >= 0:
        posix_spawn_file_actions_adddup2(&actions, outputWrite, STDERR_FILENO)
      case .mergeIntoOutput, .discard:
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
      }
    } catch {
      closeAll()
      throw error
    }
    posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1)

    // Test threads block signals, and a child would inherit that mask: the shells under test
    // would then never stop on SIGTSTP. Children start with every signal unblocked and default.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let spawned: Int32
    if environment.isEmpty {
      spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
    } else {
      let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      var envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0)=\($1)") } + [nil]
      defer { for variable in envp { free(variable) } }
      spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &envp)
    }
    guard spawned == 0 else {
      closeAll()
      throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)
    }
    self.pid = pid
  }

  /// Writes `input` and reads the child's output and errors until it has closed them, calling
  /// `atDeadline` once if `deadline` passes first.
  func exchange(
    input: inout ArraySlice<UInt8>, output: inout [UInt8], errors: inout [UInt8],
    deadline: ContinuousClock.Instant?, atDeadline: () -> Void
  ) throws {
    var deadline = deadline
    var buffer = [UInt8](repeating: 0, count: 65536)
    while inputEnd >= 0 || outputEnd >= 0 || errorsEnd >= 0 {
      var watched = [
        pollfd(fd: inputEnd, events: Int16(POLLOUT), revents: 0),
        pollfd(fd: outputEnd, events: Int16(POLLIN), revents: 0),
        pollfd(fd: errorsEnd, events: Int16(POLLIN), revents: 0),
      ]
      var timeout: Int32 = -1
      if let due = deadline {
        // Checked on every turn, not only when poll times out: a child that writes without a
        // pause would otherwise never be stopped.
        guard ContinuousClock.now < due else {
          deadline = nil
          atDeadline()
          continue
        }
        let remaining = ContinuousClock.now.duration(to: due).components
        let milliseconds = remaining.seconds * 1000 + remaining.attoseconds / 1_000_000_000_000_000
        timeout = Int32(clamping: milliseconds + 1)
      }
      // A negative descriptor is ignored by poll.
      let ready = poll(&watched, nfds_t(watched.count), timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      }
      if ready == 0 { continue }
      if watched[0].revents != 0 {
        let written = input.withUnsafeBytes { write(inputEnd, $0.baseAddress, $0.count) }
        if written > 0 { input = input.dropFirst(written) }
        // Everything written, or the child stopped reading (EPIPE): its input ends.
        if input.isEmpty || (written < 0 && errno != EINTR && errno != EAGAIN) {
          close(inputEnd)
          inputEnd = -1
        }
      }
      if watched[1].revents != 0 { try read(&outputEnd, into: &output, buffer: &buffer) }
      if watched[2].revents != 0 { try read(&errorsEnd, into: &errors, buffer: &buffer) }
    }
  }

  /// Reads what is there from `end`, closing it (and setting it to -1) at its end.
  private func read(_ end: inout Int32, into bytes: inout [UInt8], buffer: inout [UInt8]) throws {
    let count = Glibc.read(end, &buffer, buffer.count)
    if count > 0 {
      bytes += buffer[..<count]
    } else if count == 0 || errno != EINTR {
      close(end)
      end = -1
    }
  }

  /// Waits for the child to end and returns its raw `waitpid` status.
  func waitForExit() -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return status
  }

  func closeAll() {
    for end in [inputEnd, outputEnd, errorsEnd] where end >= 0 { close(end) }
    inputEnd = -1
    outputEnd = -1
    errorsEnd = -1
  }
}

extension Subprocess {
  /// Runs one test of this test bundle in a child process, with `variable` set so that the test,
  /// skipped otherwise, runs there: for what must not happen in the test run's own process (its
  /// standard streams taken over, its global state changed, a hang). Ends it at `timeout`.
  public static func runTestInChild(
    named test: String, variable: String, timeout: Duration = .seconds(60)
  ) throws -> Result {
    try run(
      [CommandLine.arguments[0], "--testing-library", "swift-testing", "--filter", test],
      environment: [variable: "1"], errors: .mergeIntoOutput, deadline: .now + timeout)
  }
}
