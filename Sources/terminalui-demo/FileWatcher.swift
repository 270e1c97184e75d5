import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a text file's lines whenever it changes, on a background thread, and hands them over
/// with `MainLoop.post`: the stand-in for a live query that another process writes to.
final class FileWatcher: Sendable {
  let path: String
  let interval: Duration

  init(path: String, interval: Duration = .milliseconds(100)) {
    self.path = path
    self.interval = interval
  }

  /// Calls `deliver` on the main actor with the file's lines now and after every change.
  func start(deliver: @escaping @Sendable @MainActor ([String]) -> Void) {
    let path = path
    let interval = interval
    BackgroundThread.detach {
      var last: [UInt8]?
      while true {
        let contents = Self.read(path)
        if contents != last {
          last = contents
          let lines = String(decoding: contents, as: UTF8.self).split(separator: "\n").map(String.init)
          MainLoop.post { deliver(lines) }
        }
        let nanoseconds =
          interval.components.attoseconds / 1_000_000_000 + interval.components.seconds * 1_000_000_000
        var request = timespec(tv_sec: 0, tv_nsec: Int(nanoseconds))
        nanosleep(&request, nil)
      }
    }
  }

  private static func read(_ path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = Glibc.read(fd, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return bytes
  }
}

/// A plain POSIX thread for blocking background work.
enum BackgroundThread {
  static func detach(_ body: @escaping @Sendable () -> Void) {
    final class Box: @unchecked Sendable {
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    pthread_create(
      &thread, nil,
      { argument in
        guard let argument else { return nil }
        let box = Unmanaged<Box>.fromOpaque(argument).takeRetainedValue()
        box.body()
        return nil
      }, box)
    pthread_detach(thread)
  }
}
