#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether stopping this program's job (Ctrl-Z) leaves someone to continue it.
///
/// A shell with job control runs each job in its own process group and resumes it with `fg`. A
/// program started without one (by `sh -c` in a terminal multiplexer, as the multiplexer's own
/// command, by a service manager) is in a group that no process of its session outside it
/// watches, an "orphaned" group in POSIX's words: stopped, it would stay stopped for good.
enum JobControl {
  /// True when an ancestor outside this process group, in this session, can continue it: the
  /// chain of parents is followed through the group's own members (a script that started this
  /// program is stopped with it) to the first process outside it.
  static var canStopThisJob: Bool {
    let group = getpgrp()
    let session = getsid(0)
    var process = getpid()
    // The chain is short; the bound only guards against a loop in what /proc says.
    for _ in 0..<64 {
      guard let parent = parentProcessID(of: process), parent > 0 else { return false }
      guard getsid(parent) == session else { return false }
      if getpgid(parent) != group { return true }
      process = parent
    }
    return false
  }

  /// The parent of `process`, from `/proc/<pid>/stat` (after the command name, in parentheses,
  /// which may itself hold spaces and parentheses, come the state and the parent's id).
  private static func parentProcessID(of process: pid_t) -> pid_t? {
    if process == getpid() { return getppid() }
    guard let file = fopen("/proc/\(process)/stat", "r") else { return nil }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 1024)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
    let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let close = line.lastIndex(of: ")") else { return nil }
    let fields = line[line.index(after: close)...].split(separator: " ")
    return fields.count > 1 ? pid_t(fields[1]) : nil
  }
}
