import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// A detached POSIX thread for the demo's background work (the --tick clock), which talks to the
/// screen only through MainLoop.post.
enum BackgroundThread {
  static func detach(_ body: @escaping @Sendable () -> Void) {
    final class Box: Sendable {
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
