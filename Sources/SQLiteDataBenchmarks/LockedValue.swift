import Synchronization

/// A value a workload's timing code shares with the threads that commit and deliver: the
/// instant of the last commit, the last count seen.
final class LockedValue<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>

  init(_ value: Value) {
    storage = Mutex(value)
  }

  var value: Value { storage.withLock { $0 } }

  func set(_ value: Value) {
    storage.withLock { $0 = value }
  }
}
