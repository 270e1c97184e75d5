#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Restores the terminal when the program crashes, then lets the crash proceed exactly as it
/// would have: the handler that was there before (the default action, or the Swift runtime's
/// backtracer that prints the crash report) is put back and the signal raised again.
enum CrashGuard {
  static let signals: [Int32] = [SIGSEGV, SIGABRT, SIGILL, SIGBUS, SIGFPE, SIGTRAP]

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
      action.__sigaction_handler.sa_handler = handleCrash
      action.sa_flags = 0
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, previous + Int(signal))
    }
  }

  @MainActor
  static func uninstall() {
    guard isInstalled else { return }
    isInstalled = false
    for signal in signals { sigaction(signal, previous + Int(signal), nil) }
  }

  fileprivate static func handle(_ signal: Int32) {
    TerminalRestoration.restoreFromSignalHandler()
    sigaction(signal, previous + Int(signal), nil)
    // The signal is blocked while its handler runs; raised now, it is delivered to the previous
    // handler as soon as this one returns. A fault also recurs when its instruction is retried.
    raise(signal)
  }
}

private func handleCrash(_ signal: Int32) {
  CrashGuard.handle(signal)
}
