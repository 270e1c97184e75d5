import Foundation
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// Subscriptions end as the seeds' library ends them: a cancelled wrapper keeps its last value,
/// `load()` does not start it again, a wrapper on the same query goes on, and awaiting `task`
/// returns once `cancel()` is called.
@Suite("Seeds: subscriptions", .dependency(\.defaultDatabase, try appDatabase()))
struct SubscriptionTests {
  @Dependency(\.defaultDatabase) var database

  private func add(_ title: String) throws {
    try database.write { db in try Item.insert { Item.Draft(title: title) }.execute(db) }
  }

  /// The next value of `values` that satisfies `condition`: a delivery to wait on, not a sleep.
  private func next(_ values: AsyncStream<[Item]>, where condition: ([Item]) -> Bool) async -> [Item]? {
    for await value in values where condition(value) { return value }
    return nil
  }

  @Test func aCancelledWrapperKeepsItsValueAndAnotherOnTheSameQueryGoesOn() async throws {
    try add("Milk")
    @FetchAll(Item.order(by: \.title)) var cancelled
    @FetchAll(Item.order(by: \.title)) var live
    let subscription = try await $cancelled.load(Item.order(by: \.title))
    try await $live.load(Item.order(by: \.title))
    #expect(cancelled.map(\.title) == ["Milk"])
    subscription.cancel()

    let liveValues = $live.values
    try add("Bread")
    // Once the live wrapper has the new row, the cancelled one would have had it too.
    #expect(await next(liveValues) { $0.count == 2 }?.map(\.title) == ["Bread", "Milk"])
    #expect(cancelled.map(\.title) == ["Milk"])

    // load() does not start a cancelled query again.
    try await $cancelled.load()
    try add("Eggs")
    #expect(await next(liveValues) { $0.count == 3 } != nil)
    #expect(cancelled.map(\.title) == ["Milk"])
  }

  @Test func awaitingTheTaskReturnsOnceCancelled() async throws {
    @FetchAll(Item.all) var items
    let subscription = try await $items.load(Item.all)
    let waiting = Task { try await subscription.task }
    subscription.cancel()
    // Bounded, so that a task that never returns fails the test instead of stalling the suite.
    let returned = await withTaskGroup(of: Bool.self) { group in
      group.addTask { (try? await waiting.value) != nil }
      group.addTask {
        try? await Task.sleep(for: .seconds(30))
        waiting.cancel()
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
    #expect(returned, "awaiting the task did not return after cancel()")
    // Cancelled by its task instead, it throws the task's cancellation.
    let other = try await $items.load(Item.all)
    let cancelledTask = Task { try await other.task }
    cancelledTask.cancel()
    await #expect(throws: CancellationError.self) { try await cancelledTask.value }
  }
}
