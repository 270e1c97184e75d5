import Foundation
import SQLiteData
import Testing

@Suite(.dependency(\.defaultDatabase, try factsDatabase()))
struct SchedulerTests {
  @Dependency(\.defaultDatabase) var database

  @Test func theMainActorSchedulerDeliversOnTheMainQueue() async throws {
    // The main queue may be served by another thread once the main thread hands it over
    // (`dispatchMain`), so the queue is recognised by a value set on it, not by the thread.
    let mainQueueKey = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
    let (deliveries, delivered) = AsyncStream.makeStream(of: Bool.self)
    let cancellable = ValueObservation.tracking { db in try Fact.fetchCount(db) }
      .start(in: database, scheduling: .mainActor, onError: { _ in }) { _ in
        delivered.yield(DispatchQueue.getSpecific(key: mainQueueKey) == true)
      }
    defer { cancellable.cancel() }
    var onMain = deliveries.makeAsyncIterator()
    // The first value comes on the caller; the one after the commit on the main queue.
    _ = try await nextValue(&onMain)
    try await database.write { db in try Fact.insert { Fact.Draft(body: "Main") }.execute(db) }
    #expect(try await nextValue(&onMain))
  }

  @Test func aSerialQueueSchedulerDeliversInCommitOrder() async throws {
    let queue = DispatchQueue(label: "deliveries")
    @FetchOne(Fact.count(), scheduler: .async(onQueue: queue)) var count = 0
    var values = $count.values.makeAsyncIterator()
    for body in ["a", "b", "c"] {
      try await database.write { db in try Fact.insert { Fact.Draft(body: body) }.execute(db) }
    }
    var last = 0
    while last < 5 {
      let next = try await nextValue(&values)
      #expect(next >= last)
      last = next
    }
  }
}
