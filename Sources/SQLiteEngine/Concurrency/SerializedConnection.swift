import Dispatch

/// A connection and the serial queue that owns it: every use of the connection happens on the queue.
final class SerializedConnection: @unchecked Sendable {
  private let database: Database
  let queue: DispatchQueue
  private let queueKey = DispatchSpecificKey<ObjectIdentifier>()

  init(path: String, configuration: Configuration, description: String) throws {
    queue = DispatchQueue(label: description)
    database = try Database(path: path, configuration: configuration, description: description)
    queue.setSpecific(key: queueKey, value: ObjectIdentifier(self))
  }

  /// Whether the current code runs on this connection's queue (inside one of its closures).
  var isCurrent: Bool { DispatchQueue.getSpecific(key: queueKey) == ObjectIdentifier(self) }

  /// Runs `body` on the queue and waits. Called from the queue itself, it runs in place.
  func sync<T>(_ body: (Database) throws -> T) rethrows -> T {
    if isCurrent { return try body(database) }
    return try queue.sync { try body(database) }
  }

  /// Runs `body` on the queue and resumes the caller with its result, without blocking a thread.
  func run<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      queue.async {
        continuation.resume(with: Result { try body(self.database) })
      }
    }
  }

  /// Runs `body` on the queue and waits, after the set-up that waits for the next write
  /// (`DatabaseWriter.prepareBeforeWriting`): every write of a queue or a pool comes through here.
  func write<T>(_ body: (Database) throws -> T) throws -> T {
    try sync { db in
      try db.runWritePreparations()
      return try body(db)
    }
  }

  /// The same, resuming the caller with the result without blocking a thread.
  func runWrite<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
    try await run { db in
      try db.runWritePreparations()
      return try body(db)
    }
  }

  /// Runs `body` on the queue later.
  func async(_ body: @escaping @Sendable (Database) -> Void) {
    queue.async { body(self.database) }
  }

  func close() {
    sync { $0.close() }
  }
}
