import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The files of temporary databases, removed with their `-wal`, `-shm` and `-journal` files when
/// their database is released, or at the latest when the process exits (a database held until
/// then by a global, such as a test's dependency, is never released).
final class TemporaryFiles: Sendable {
  static let shared: TemporaryFiles = {
    atexit { TemporaryFiles.shared.removeAll() }
    return TemporaryFiles()
  }()

  private let paths = Mutex<Set<String>>([])

  func add(_ path: String) {
    paths.withLock { _ = $0.insert(path) }
  }

  func remove(_ path: String) {
    paths.withLock { _ = $0.remove(path) }
    Self.delete(path)
  }

  private func removeAll() {
    for path in paths.withLock({ $0 }) { Self.delete(path) }
  }

  private static func delete(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
  }
}
