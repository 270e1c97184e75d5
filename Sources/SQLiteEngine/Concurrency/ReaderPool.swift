import Foundation
import Synchronization

/// A bounded set of reader connections, opened on demand and handed out one read at a time.
/// Reads beyond the bound wait, in order, for a reader to come back.
final class ReaderPool: Sendable {
  private struct State {
    var all: [SerializedConnection] = []
    var available: [SerializedConnection] = []
    var waiters: [@Sendable (Result<SerializedConnection, any Error>) -> Void] = []
    var isClosed = false
  }

  private let state = Mutex(State())
  private let maximumCount: Int
  private let makeReader: @Sendable (Int) throws -> SerializedConnection

  init(maximumCount: Int, makeReader: @escaping @Sendable (Int) throws -> SerializedConnection) {
    self.maximumCount = max(1, maximumCount)
    self.makeReader = makeReader
  }

  /// Calls `handler` with a reader as soon as one is free. The reader must be given back with
  /// ``release(_:)``.
  func acquire(_ handler: @escaping @Sendable (Result<SerializedConnection, any Error>) -> Void) {
    let ready: Result<SerializedConnection, any Error>? = state.withLock { state in
      if state.isClosed { return .failure(DatabaseError.closed("")) }
      if let reader = state.available.popLast() { return .success(reader) }
      guard state.all.count < maximumCount else {
        state.waiters.append(handler)
        return nil
      }
      // Opened under the lock, so that the readers never outnumber the bound.
      do {
        let reader = try makeReader(state.all.count + 1)
        state.all.append(reader)
        return .success(reader)
      } catch {
        return .failure(error)
      }
    }
    if let ready { handler(ready) }
  }

  /// Opens the first reader on a background thread, while the caller goes on. A read that comes
  /// meanwhile waits for it rather than open a second one; if it fails, the next read opens one
  /// itself (and reports why it cannot).
  func openFirstReaderInBackground() {
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      state.withLock { state in
        guard !state.isClosed, state.all.isEmpty, let reader = try? makeReader(1) else { return }
        state.all.append(reader)
        state.available.append(reader)
      }
    }
  }

  /// Blocks until a reader is free.
  func acquire() throws -> SerializedConnection {
    let semaphore = DispatchSemaphore(value: 0)
    let box = ResultBox()
    acquire { result in
      box.result.withLock { $0 = result }
      semaphore.signal()
    }
    semaphore.wait()
    return try box.result.withLock { $0 }!.get()
  }

  func release(_ reader: SerializedConnection) {
    let waiter = state.withLock { state -> (@Sendable (Result<SerializedConnection, any Error>) -> Void)? in
      guard !state.waiters.isEmpty else {
        state.available.append(reader)
        return nil
      }
      return state.waiters.removeFirst()
    }
    waiter?(.success(reader))
  }

  /// The reader whose queue runs the current code, if any: a read inside a read reuses it.
  var current: SerializedConnection? {
    state.withLock { $0.all.first { $0.isCurrent } }
  }

  func close() {
    let (readers, pending) = state.withLock { state in
      state.isClosed = true
      defer { state.waiters = [] }
      return (state.all, state.waiters)
    }
    for waiter in pending { waiter(.failure(DatabaseError.closed(""))) }
    for reader in readers { reader.close() }
  }

  /// The result an `acquire` handler hands to the thread waiting for it.
  private final class ResultBox: Sendable {
    let result = Mutex<Result<SerializedConnection, any Error>?>(nil)
  }
}
