import CNCursesW
import Foundation

/// Runs a program and waits for it with `waitpid`, reading its output when asked.
///
/// Foundation's `Process` is not used for programs that leave a daemon behind (tmux, pg_ctl):
/// it notices a child's exit through a socket the child inherits, which a daemon forked by the
/// child keeps open for ever. For the same reason every child here starts with only its standard
/// descriptors: one that inherited the socket of a `Process` launched on another thread at the
/// same moment (or another child's pipe) would keep that one from ever being seen to end.
public enum Subprocess {
  /// Runs `arguments` and returns what it printed on standard output, whatever its exit status.
  @discardableResult
  public static func run(_ arguments: [String], capturingOutput: Bool = false) throws -> String {
    try spawn(arguments, output: capturingOutput ? .pipe : .discard).output
  }

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
    let (status, output) = try spawn(arguments, output: .pipeWithErrors)
    // WIFEXITED and WEXITSTATUS, which Swift cannot import.
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
      throw Failure(arguments: arguments, status: status, output: output)
    }
    return output
  }

  private enum Output { case discard, pipe, pipeWithErrors }

  private static func spawn(_ arguments: [String], output mode: Output) throws -> (
    status: Int32, output: String
  ) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var pipeEnds: [Int32] = [-1, -1]
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    switch mode {
    case .discard:
      posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    case .pipe, .pipeWithErrors:
      guard pipe(&pipeEnds) == 0 else { throw POSIXError(.EMFILE) }
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
      if mode == .pipeWithErrors {
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDERR_FILENO)
      } else {
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
      }
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

    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
    if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
    guard spawned == 0 else {
      if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
      throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)
    }
    var output: [UInt8] = []
    if pipeEnds[0] >= 0 {
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = read(pipeEnds[0], &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        output += buffer[..<count]
      }
      close(pipeEnds[0])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return (status, String(decoding: output, as: UTF8.self))
  }
}
