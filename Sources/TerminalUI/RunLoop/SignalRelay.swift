#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns signals into bytes on a pipe that the run loop reads like any other input (the
/// self-pipe technique): the handler only calls `write`, which is safe in a signal handler, and
/// everything else happens later on the main thread.
enum SignalRelay {
  /// The signals the run loop handles.
  static let handled: [Int32] = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT]

  /// The pipe's ends; -1 when not installed. Kept in memory that is never freed so the handler
  /// touches nothing the Swift runtime manages.
  nonisolated(unsafe) private static let ends: UnsafeMutablePointer<Int32> = {
    let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
    pointer.initialize(repeating: -1, count: 2)
    return pointer
  }()
  nonisolated(unsafe) private static var previous: [Int32: sigaction] = [:]

  /// The end the run loop reads signal numbers from, or nil if the pipe could not be made.
  static var readEnd: Int32? { ends[0] >= 0 ? ends[0] : nil }

  /// Creates the pipe and routes the handled signals to it.
  @MainActor
  static func install() -> Bool {
    guard ends[0] < 0 else { return true }
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return false }
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    ends[0] = fds[0]
    ends[1] = fds[1]
    for signal in handled {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = relaySignal
      action.sa_flags = SA_RESTART
      sigemptyset(&action.sa_mask)
      var old = sigaction()
      if sigaction(signal, &action, &old) == 0 { previous[signal] = old }
    }
    return true
  }

  /// Puts the previous handlers back and closes the pipe.
  @MainActor
  static func uninstall() {
    for (signal, action) in previous {
      var old = action
      sigaction(signal, &old, nil)
    }
    previous = [:]
    for index in 0..<2 where ends[index] >= 0 {
      close(ends[index])
      ends[index] = -1
    }
  }

  /// Runs `body` with a signal ignored, then routes it to the pipe again (or back to what it was).
  @MainActor
  static func ignoring(_ signal: Int32, _ body: () -> Void) {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigemptyset(&ignore.sa_mask)
    var current = sigaction()
    sigaction(signal, &ignore, &current)
    body()
    sigaction(signal, &current, nil)
  }

  /// Reads the signal numbers waiting on the pipe.
  static func drain() -> [Int32] {
    guard ends[0] >= 0 else { return [] }
    var signals: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(ends[0], &buffer, buffer.count)
      guard count > 0 else { break }
      signals += buffer[..<count].map { Int32($0) }
    }
    return signals
  }

  fileprivate static func forward(_ signal: Int32) {
    let fd = ends[1]
    guard fd >= 0 else { return }
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(fd, &byte, 1)
  }
}

private func relaySignal(_ signal: Int32) {
  let savedErrno = errno
  SignalRelay.forward(signal)
  errno = savedErrno
}
