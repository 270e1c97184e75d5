#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Restores the terminal when the program crashes or is told to dump core (`SIGQUIT`, `SIGABRT`
/// from `kill`), then lets the signal proceed as it would have: the handler that was there before
/// (the default action, or the Swift runtime's backtracer that prints the crash report) runs, and
/// the process ends with the signal.
enum CrashGuard {
  static let signals: [Int32] = [SIGSEGV, SIGABRT, SIGILL, SIGBUS, SIGFPE, SIGTRAP, SIGQUIT]

  /// The handlers in place before, by signal number; filled before any handler can run.
  nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 64)
    pointer.initialize(repeating: sigaction(), count: 64)
    return pointer
  }()
  nonisolated(unsafe) private static var isInstalled = false

  @MainActor
  static func install() {
    guard !isInstalled else { return }
    isInstalled = true
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = handleCrash
      action.sa_flags = SA_SIGINFO | SA_ONSTACK
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, previous + Int(signal))
      // A signal the program was started ignoring (`SIGQUIT` for a background job) stays ignored.
      if address(of: previous[Int(signal)]) == 1 { sigaction(signal, previous + Int(signal), nil) }
    }
  }

  @MainActor
  static func uninstall() {
    guard isInstalled else { return }
    isInstalled = false
    for signal in signals { sigaction(signal, previous + Int(signal), nil) }
  }

  fileprivate static func handle(
    _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
  ) {
    TerminalRestoration.restoreFromSignalHandler()
    let before = previous[Int(signal)]
    sigaction(signal, previous + Int(signal), nil)
    // A fault (a code above zero) recurs when its instruction is retried, and a signal raised now
    // is delivered to the previous handler as soon as this one returns.
    guard let info, info.pointee.si_code <= 0 else {
      raise(signal)
      return
    }
    // Sent by a process (`kill`, `abort`): the previous handler, which may print a report and
    // return, runs now; then the default action ends the process as the signal means to.
    if address(of: before) > 1 {
      if before.sa_flags & SA_SIGINFO != 0 {
        before.__sigaction_handler.sa_sigaction?(signal, info, context)
      } else {
        before.__sigaction_handler.sa_handler?(signal)
      }
    }
    var defaultAction = sigaction()
    sigemptyset(&defaultAction.sa_mask)
    sigaction(signal, &defaultAction, nil)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    sigaddset(&unblocked, signal)
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    raise(signal)
    _exit(128 + signal)
  }

  /// The handler's address: 0 for the default action, 1 for "ignore", a function otherwise.
  private static func address(of action: sigaction) -> UInt {
    unsafeBitCast(action.__sigaction_handler.sa_handler, to: UInt.self)
  }
}

private func handleCrash(
  _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  CrashGuard.handle(signal, info, context)
}
