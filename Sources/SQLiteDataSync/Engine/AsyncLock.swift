/// Runs async operations one at a time, in the order they asked: an actor alone would let a
/// second sync start while the first waits on the network. A task that holds the lock (a
/// delegate called during a sync that calls `deleteLocalData()`) runs nested operations at once.
final class AsyncLock: Sendable {
  private let gate = Gate()
  @TaskLocal private static var heldLocks: Set<ObjectIdentifier> = []

  func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
    let id = ObjectIdentifier(self)
    if Self.heldLocks.contains(id) { return try await body() }
    await gate.enter()
    do {
      let result = try await Self.$heldLocks.withValue(Self.heldLocks.union([id])) { try await body() }
      await gate.leave()
      return result
    } catch {
      await gate.leave()
      throw error
    }
  }

  private actor Gate {
    private var isLocked = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func enter() async {
      if isLocked {
        await withCheckedContinuation { waiters.append($0) }
      } else {
        isLocked = true
      }
    }

    func leave() {
      if waiters.isEmpty { isLocked = false } else { waiters.removeFirst().resume() }
    }
  }
}
