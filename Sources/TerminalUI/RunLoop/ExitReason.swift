#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the run loop returned. The terminal has been restored in every case.
public enum ExitReason: Hashable, Sendable {
  /// The application asked to quit.
  case quit
  /// Ctrl-C that the application did not handle, or `SIGINT`.
  case interrupted
  /// `SIGTERM` or `SIGHUP`.
  case terminated(signal: Int32)

  /// The conventional exit status: 0, or 128 plus the signal number.
  public var exitStatus: Int32 {
    switch self {
    case .quit: 0
    case .interrupted: 128 + SIGINT
    case .terminated(let signal): 128 + signal
    }
  }
}
