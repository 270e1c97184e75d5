import Foundation

/// What one committed transaction changed.
public struct DatabaseChanges: Sendable, Hashable {
  /// The tables whose rows were inserted, updated or deleted, by the statements themselves or by
  /// the triggers and foreign-key actions they set off. Names are as the schema spells them.
  public let tables: Set<String>
  /// Counts the connection's commits: later commits have larger numbers.
  public let commitNumber: UInt64

  /// Whether a statement reading `region` may see different rows after this commit.
  public func modifies(_ region: DatabaseRegion) -> Bool {
    region.isModified(byTables: tables)
  }
}

/// A registration made with `observeCommits`; `cancel()` stops it, from any thread.
public final class CommitObservation: Sendable {
  private let list: CommitObserverList
  let id: UInt64

  init(list: CommitObserverList, id: UInt64) {
    self.list = list
    self.id = id
  }

  public func cancel() { list.remove(id) }

  deinit { list.remove(id) }
}

/// The commit observers of one connection. Called on the connection's queue, right after a commit.
final class CommitObserverList: @unchecked Sendable {
  private let lock = NSLock()
  private var observers: [(id: UInt64, handler: @Sendable (DatabaseChanges) -> Void)] = []
  private var nextID: UInt64 = 0
  private(set) var commitCount: UInt64 = 0

  func add(_ handler: @escaping @Sendable (DatabaseChanges) -> Void) -> CommitObservation {
    lock.lock()
    defer { lock.unlock() }
    nextID += 1
    observers.append((nextID, handler))
    return CommitObservation(list: self, id: nextID)
  }

  func remove(_ id: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    observers.removeAll { $0.id == id }
  }

  var hasObservers: Bool { lock.withLock { !observers.isEmpty } }

  func notify(tables: Set<String>) {
    lock.lock()
    commitCount += 1
    let changes = DatabaseChanges(tables: tables, commitNumber: commitCount)
    let handlers = observers
    lock.unlock()
    for observer in handlers where isRegistered(observer.id) { observer.handler(changes) }
  }

  private func isRegistered(_ id: UInt64) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return observers.contains { $0.id == id }
  }
}
