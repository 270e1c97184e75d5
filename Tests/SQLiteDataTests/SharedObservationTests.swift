import Foundation
import SQLiteData
import Testing

/// Identical live queries on one database share one observation: a commit runs their query once.
@Suite struct SharedObservationTests {
  /// A pool over a new facts file that counts the `SELECT`s of the facts table its connections run.
  private func countingDatabase() throws -> (any DatabaseWriter, Counter) {
    let selects = Counter()
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      db.trace(options: .statement) { event in
        if event.sql.hasPrefix("SELECT"), event.sql.contains(#"FROM "facts""#) { selects.increment() }
      }
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString).db")
      .path
    let database = try DatabasePool(path: path, configuration: configuration)
    try database.write { db in
      try #sql(
        #"CREATE TABLE "facts" ("id" INTEGER PRIMARY KEY, "body" TEXT NOT NULL, "isFavorite" INTEGER NOT NULL)"#
      )
      .execute(db)
      try Fact.insert { Fact(id: 1, body: "One", isFavorite: false) }.execute(db)
    }
    return (database, selects)
  }

  @Test func identicalQueriesFetchOncePerCommit() async throws {
    let (database, selects) = try countingDatabase()
    try await withDependencies {
      $0.defaultDatabase = database
    } operation: {
      @FetchAll(Fact.order(by: \.id)) var first
      @FetchAll(Fact.order(by: \.id)) var second
      @FetchAll(Fact.order(by: \.id)) var third
      #expect(first.count == 1 && second.count == 1 && third.count == 1)
      let before = selects.value
      try await database.write { db in
        try Fact.insert { Fact(id: 2, body: "Two", isFavorite: false) }.execute(db)
      }
      try await waitUntil { first.count == 2 && second.count == 2 && third.count == 2 }
      #expect(selects.value - before == 1)
    }
  }

  @Test func differentQueriesDoNotShare() async throws {
    let (database, selects) = try countingDatabase()
    try await withDependencies {
      $0.defaultDatabase = database
    } operation: {
      @FetchAll(Fact.order(by: \.id)) var ascending
      @FetchAll(Fact.order { $0.id.desc() }) var descending
      let before = selects.value
      try await database.write { db in
        try Fact.insert { Fact(id: 2, body: "Two", isFavorite: false) }.execute(db)
      }
      try await waitUntil { ascending.map(\.id) == [1, 2] && descending.map(\.id) == [2, 1] }
      #expect(selects.value - before == 2)
    }
  }

  @Test func aLateSubscriberStartsFromTheCurrentRowsAndTheLastOneOutStops() async throws {
    let (database, selects) = try countingDatabase()
    try await withDependencies {
      $0.defaultDatabase = database
    } operation: {
      @FetchAll(Fact.order(by: \.id)) var early
      try await database.write { db in
        try Fact.insert { Fact(id: 2, body: "Two", isFavorite: false) }.execute(db)
      }
      // Declared right after the commit, it starts from the rows as they are now.
      @FetchAll(Fact.order(by: \.id)) var late
      #expect(late.map(\.id) == [1, 2])
      try await waitUntil { early.count == 2 }
      try await $early.load(Fact.where { $0.id.eq(1) })
      try await database.write { db in
        try Fact.insert { Fact(id: 3, body: "Three", isFavorite: false) }.execute(db)
      }
      try await waitUntil { late.count == 3 }
      #expect(early.map(\.id) == [1])
      // Once nobody follows a query, commits no longer run it.
      try await $late.load(Fact.order(by: \.id)).cancel()
      try await $early.load(Fact.where { $0.id.eq(1) }).cancel()
      let before = selects.value
      try await database.write { db in
        try Fact.insert { Fact(id: 4, body: "Four", isFavorite: false) }.execute(db)
      }
      try await Task.sleep(for: .milliseconds(100))
      #expect(selects.value == before)
    }
  }
}

@Suite(.dependency(\.defaultDatabase, try factsDatabase()))
struct SchedulerTests {
  @Dependency(\.defaultDatabase) var database

  @Test func theMainActorSchedulerDeliversOnTheMainQueue() async throws {
    // The main queue may be served by another thread once the main thread hands it over
    // (`dispatchMain`), so the queue is recognised by a value set on it, not by the thread.
    let mainQueueKey = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
    let deliveredOnMain = Locked<[Bool]>([])
    let cancellable = ValueObservation.tracking { db in try Fact.fetchCount(db) }
      .start(in: database, scheduling: .mainActor, onError: { _ in }) { _ in
        deliveredOnMain.withValue { $0.append(DispatchQueue.getSpecific(key: mainQueueKey) == true) }
      }
    defer { cancellable.cancel() }
    try await database.write { db in try Fact.insert { Fact.Draft(body: "Main") }.execute(db) }
    let deadline = ContinuousClock.now + .seconds(10)
    while deliveredOnMain.withValue({ $0.count }) < 2, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    // The first value comes on the caller; the one after the commit on the main queue.
    #expect(deliveredOnMain.withValue { $0.dropFirst() } == [true])
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

final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func withValue<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&value) } }
}
