import Foundation
import Synchronization

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
final class CommitObserverList: Sendable {
  private struct State {
    var observers: [(id: UInt64, handler: @Sendable (DatabaseChanges) -> Void)] = []
    var nextID: UInt64 = 0
    var commitCount: UInt64 = 0
  }

  private let state = Mutex(State())

  func add(_ handler: @escaping @Sendable (DatabaseChanges) -> Void) -> CommitObservation {
    let id = state.withLock { state in
      state.nextID += 1
      state.observers.append((state.nextID, handler))
      return state.nextID
    }
    return CommitObservation(list: self, id: id)
  }

  func remove(_ id: UInt64) {
    state.withLock { $0.observers.removeAll { $0.id == id } }
  }

  var hasObservers: Bool { state.withLock { !$0.observers.isEmpty } }

  func notify(tables: Set<String>) {
    let (changes, handlers) = state.withLock { state in
      state.commitCount += 1
      return (DatabaseChanges(tables: tables, commitNumber: state.commitCount), state.observers)
    }
    // An observer removed by an earlier one's handler is not called.
    for observer in handlers where isRegistered(observer.id) { observer.handler(changes) }
  }

  private func isRegistered(_ id: UInt64) -> Bool {
    state.withLock { $0.observers.contains { $0.id == id } }
  }
}
