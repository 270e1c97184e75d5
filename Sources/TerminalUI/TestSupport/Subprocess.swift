import Foundation

/// Runs a program and waits for it with `waitpid`, reading its output when asked. Foundation's
/// `Process` is not used for tmux: it notices a child's exit through a socket the child inherits,
/// which the tmux server forked by `new-session` keeps open for ever.
public enum Subprocess {
  @discardableResult
  public static func run(_ arguments: [String], capturingOutput: Bool = false) throws -> String {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var pipeEnds: [Int32] = [-1, -1]
    if capturingOutput {
      guard pipe(&pipeEnds) == 0 else { throw POSIXError(.EMFILE) }
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
      posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
      posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    } else {
      posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)

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
    if capturingOutput { close(pipeEnds[1]) }
    guard spawned == 0 else {
      if capturingOutput { close(pipeEnds[0]) }
      throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)
    }
    var output: [UInt8] = []
    if capturingOutput {
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
    return String(decoding: output, as: UTF8.self)
  }
}
