import Foundation
import SQLiteData
import SQLiteDataTestSupport
import Synchronization
import Testing

/// Identical live queries on one database share one observation: a commit runs their query once.
@Suite struct SharedObservationTests {
  /// A pool over a new facts file that counts the `SELECT`s of the facts table its connections run.
  private func countingDatabase() throws -> (any DatabaseWriter, Counter) {
    let selects = Counter()
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      db.trace(options: .statement) { event in
        // The rows of facts, as the queries under test select them (a count is left out: tests
        // use one as a witness of commits).
        if event.sql.hasPrefix(#"SELECT "facts"."id""#) { selects.increment() }
      }
    }
    let database = try DatabasePool.temporary(configuration: configuration)
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
      try await waitUntil { [first.count == 2, second.count == 2, third.count == 2].allSatisfy { $0 } }
      #expect(selects.value - before == 1)
    }
  }

  /// A scheduler of the program's own that names its one delivery queue shares as the library's
  /// do: sharing is decided by what a scheduler says of itself, not by its type.
  private struct LoggingScheduler: ValueObservationScheduler {
    let queue: DispatchQueue
    let scheduled: Counter
    var deliversInitialValueImmediately: Bool { true }
    var deliveryQueue: DispatchQueue? { queue }
    func schedule(_ action: @escaping @Sendable () -> Void) {
      scheduled.increment()
      queue.async(execute: action)
    }
  }

  @Test func aSchedulerWithOneDeliveryQueueShares() async throws {
    let (database, selects) = try countingDatabase()
    let scheduled = Counter()
    try await withDependencies {
      $0.defaultDatabase = database
      $0.liveValueScheduler = LoggingScheduler(
        queue: DispatchQueue(label: "deliveries"), scheduled: scheduled)
    } operation: {
      @FetchAll(Fact.order(by: \.id)) var first
      @FetchAll(Fact.order(by: \.id)) var second
      let before = selects.value
      try await database.write { db in
        try Fact.insert { Fact(id: 2, body: "Two", isFavorite: false) }.execute(db)
      }
      try await waitUntil { [first.count == 2, second.count == 2].allSatisfy { $0 } }
      #expect(selects.value - before == 1)
      #expect(scheduled.value > 0)
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
      try await waitUntil {
        [ascending.map(\.id) == [1, 2], descending.map(\.id) == [2, 1]].allSatisfy { $0 }
      }
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
      @FetchOne(Fact.count()) var witness = 0
      let before = selects.value
      try await database.write { db in
        try Fact.insert { Fact(id: 4, body: "Four", isFavorite: false) }.execute(db)
      }
      // The witness heard the commit and fetched again; the cancelled queries did not.
      try await waitUntil { witness == 4 }
      #expect(selects.value == before)
    }
  }

  /// A late subscriber's own first fetch read a newer commit than a shared fetch still on its
  /// way: when that older value arrives, the subscriber keeps its own (the newer commit wins).
  @Test func aLateSubscriberKeepsItsNewerValueOverAnOlderSharedOne() async throws {
    let database = try factsDatabase()
    try await withDependencies {
      $0.defaultDatabase = database
    } operation: {
      let gate = FetchGate()
      @Fetch(GatedFactCount(gate: gate)) var early = 0
      #expect(early == 2)
      // The next shared fetch reads 3 facts, then waits at the gate.
      gate.closeForNextFetch()
      try await database.write { db in try Fact.insert { Fact.Draft(body: "Third") }.execute(db) }
      await gate.waitUntilAFetchIsHeld()
      try await database.write { db in try Fact.insert { Fact.Draft(body: "Fourth") }.execute(db) }
      @Fetch(GatedFactCount(gate: gate)) var late = 0
      var values = $late.values.makeAsyncIterator()
      #expect(try await nextValue(&values) == 4)
      // The held fetch delivers 3, then the fetch after it 4, to both.
      gate.open()
      try await waitUntil { early == 4 }
      try await database.write { db in try Fact.insert { Fact.Draft(body: "Fifth") }.execute(db) }
      #expect(try await nextValue(&values) == 5)
    }
  }

  /// Late subscribers join while another task commits: whatever crossed on the way, each ends on
  /// the last commit.
  @Test func lateSubscribersJoiningDuringCommitsEndOnTheLastOne() async throws {
    let (database, _) = try countingDatabase()
    try await withDependencies {
      $0.defaultDatabase = database
    } operation: {
      @FetchOne(Fact.count()) var first = 0
      let writer = Task.detached {
        for number in 2...101 {
          try await database.write { db in
            try Fact.insert { Fact(id: number, body: "\(number)", isFavorite: false) }.execute(db)
          }
        }
      }
      var late: [FetchOne<Int>] = []
      while late.count < 100 {
        late.append(FetchOne(wrappedValue: 0, Fact.count()))
        await Task.yield()
      }
      try await writer.value
      let subscribers = late
      try await waitUntil { subscribers.allSatisfy { $0.wrappedValue == 101 } }
      #expect(first == 101)
    }
  }
}

/// The number of facts; a fetch that finds the gate closed holds there, after its read, until the
/// gate opens. Requests with the same gate share one observation.
private struct GatedFactCount: FetchKeyRequest {
  let gate: FetchGate
  func fetch(_ db: Database) throws -> Int {
    let count = try Fact.fetchCount(db)
    gate.pass()
    return count
  }
}

/// Holds one fetch (the first to come once it is closed) until it is opened.
private final class FetchGate: Hashable, Sendable {
  private let isClosed = Mutex(false)
  private let released = DispatchSemaphore(value: 0)
  private let held: AsyncStream<Void>
  private let heldContinuation: AsyncStream<Void>.Continuation

  init() { (held, heldContinuation) = AsyncStream.makeStream() }

  func closeForNextFetch() { isClosed.withLock { $0 = true } }

  /// Called by every fetch: the first after `closeForNextFetch` waits for `open`.
  func pass() {
    let holds = isClosed.withLock { closed in
      defer { closed = false }
      return closed
    }
    guard holds else { return }
    heldContinuation.yield()
    released.wait()
  }

  func waitUntilAFetchIsHeld() async {
    var iterator = held.makeAsyncIterator()
    _ = await iterator.next()
  }

  func open() { released.signal() }

  static func == (lhs: FetchGate, rhs: FetchGate) -> Bool { lhs === rhs }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
