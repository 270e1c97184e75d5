import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output through one buffer, written with `write(2)`: unlike `print`, a write that
/// fails (a full disk, a file that refuses writes) is seen, and ``finish()`` reports it. On a
/// terminal every line goes out at once; into a file or a pipe, in large blocks.
final class StandardOutput: Sendable {
  static let shared = StandardOutput()

  private struct State {
    var buffer: [UInt8] = []
    /// The error of the first write that failed; what comes after it is dropped.
    var failure: Int32?
  }

  private let state = Mutex(State())
  private let isTerminal = isatty(STDOUT_FILENO) == 1
  private static let blockSize = 1 << 16

  func write(_ text: String) { write(bytes: text.utf8) }

  func write(bytes: some Sequence<UInt8>) {
    state.withLock { state in
      guard state.failure == nil else { return }
      state.buffer.append(contentsOf: bytes)
      if isTerminal || state.buffer.count >= Self.blockSize { Self.flush(&state) }
    }
  }

  /// Writes what is left, and throws the reason when any of the output could not be written.
  func finish() throws(SystemError) {
    let failure = state.withLock { state in
      Self.flush(&state)
      return state.failure
    }
    if let failure { throw SystemError(errno: failure) }
  }

  private static func flush(_ state: inout State) {
    defer { state.buffer.removeAll(keepingCapacity: true) }
    guard state.failure == nil else { return }
    state.failure = state.buffer.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int32? in
      do throws(SystemError) {
        try OutputFile.write(bytes, to: STDOUT_FILENO)
        return nil
      } catch {
        return error.errno
      }
    }
  }
}
