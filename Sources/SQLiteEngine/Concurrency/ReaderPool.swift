import Foundation

/// A bounded set of reader connections, opened on demand and handed out one read at a time.
/// Reads beyond the bound wait, in order, for a reader to come back.
final class ReaderPool: @unchecked Sendable {
  private let lock = NSLock()
  private let maximumCount: Int
  private let makeReader: @Sendable (Int) throws -> SerializedConnection
  private var all: [SerializedConnection] = []
  private var available: [SerializedConnection] = []
  private var waiters: [@Sendable (Result<SerializedConnection, any Error>) -> Void] = []
  private var isClosed = false

  init(maximumCount: Int, makeReader: @escaping @Sendable (Int) throws -> SerializedConnection) {
    self.maximumCount = max(1, maximumCount)
    self.makeReader = makeReader
  }

  /// Calls `handler` with a reader as soon as one is free. The reader must be given back with
  /// ``release(_:)``.
  func acquire(_ handler: @escaping @Sendable (Result<SerializedConnection, any Error>) -> Void) {
    lock.lock()
    if isClosed {
      lock.unlock()
      handler(.failure(DatabaseError.closed("")))
      return
    }
    if let reader = available.popLast() {
      lock.unlock()
      handler(.success(reader))
      return
    }
    guard all.count < maximumCount else {
      waiters.append(handler)
      lock.unlock()
      return
    }
    let number = all.count + 1
    do {
      let reader = try makeReader(number)
      all.append(reader)
      lock.unlock()
      handler(.success(reader))
    } catch {
      lock.unlock()
      handler(.failure(error))
    }
  }

  /// Blocks until a reader is free.
  func acquire() throws -> SerializedConnection {
    let semaphore = DispatchSemaphore(value: 0)
    let box = ResultBox()
    acquire { result in
      box.result = result
      semaphore.signal()
    }
    semaphore.wait()
    return try box.result!.get()
  }

  func release(_ reader: SerializedConnection) {
    lock.lock()
    if !waiters.isEmpty {
      let waiter = waiters.removeFirst()
      lock.unlock()
      waiter(.success(reader))
      return
    }
    available.append(reader)
    lock.unlock()
  }

  /// The reader whose queue runs the current code, if any: a read inside a read reuses it.
  var current: SerializedConnection? {
    lock.lock()
    defer { lock.unlock() }
    return all.first { $0.isCurrent }
  }

  func close() {
    lock.lock()
    isClosed = true
    let readers = all
    let pending = waiters
    waiters = []
    lock.unlock()
    for waiter in pending { waiter(.failure(DatabaseError.closed(""))) }
    for reader in readers { reader.close() }
  }

  private final class ResultBox: @unchecked Sendable {
    var result: Result<SerializedConnection, any Error>?
  }
}
