import Foundation
import Observation
import SQLiteData
import SQLiteDataTestSupport
import Synchronization
import Testing

@Suite(.dependency(\.defaultDatabase, try factsDatabase()))
struct FetchWrapperTests {
  @Dependency(\.defaultDatabase) var database

  @Test func bareFetchAllFollowsTheTable() async throws {
    @FetchAll var facts: [Fact]
    #expect(facts.map(\.id) == [1, 2])
    var values = $facts.values.makeAsyncIterator()
    _ = try await nextValue(&values)
    try await database.write { db in try Fact.insert { Fact.Draft(body: "New") }.execute(db) }
    #expect(try await nextValue(&values).count == 3)
    #expect(facts.count == 3)
  }

  /// A `@Selection` type is no table of its own: the bare wrappers run no query and report no
  /// error, until a query is loaded.
  @Test func bareWrappersOfASelectionRunNoQuery() throws {
    @FetchAll var rows: [FactSummary]
    @FetchOne var first: FactSummary?
    #expect(rows.isEmpty)
    #expect(first == nil)
    #expect($rows.loadError == nil)
    #expect($first.loadError == nil)
  }

  @Test func filteredFetchAll() async throws {
    @FetchAll(Fact.where(\.isFavorite).order { $0.id.desc() }) var favorites
    #expect(favorites.map(\.id) == [1])
    var values = $favorites.values.makeAsyncIterator()
    _ = try await nextValue(&values)
    try await database.write { db in try Fact.find(2).update { $0.isFavorite = true }.execute(db) }
    #expect(try await nextValue(&values).map(\.id) == [2, 1])
  }

  @Test func fetchAllWithRawSQL() throws {
    @FetchAll(#sql("SELECT \(Fact.columns) FROM \(Fact.self) ORDER BY \(Fact.id) DESC")) var facts: [Fact]
    #expect(facts.map(\.id) == [2, 1])
  }

  @Test func countGoesFromTwoToZero() async throws {
    @FetchOne(Fact.count()) var count = 0
    #expect(count == 2)
    var values = $count.values.makeAsyncIterator()
    _ = try await nextValue(&values)
    try await database.write { db in try Fact.delete().execute(db) }
    #expect(try await nextValue(&values) == 0)
    #expect(count == 0)
  }

  @Test func anOptionalRowBecomesNilWithoutError() async throws {
    @FetchOne(Fact.where(\.isFavorite)) var favorite: Fact?
    #expect(favorite?.id == 1)
    var values = $favorite.values.makeAsyncIterator()
    _ = try await nextValue(&values)
    try await database.write { db in try Fact.find(1).delete().execute(db) }
    #expect(try await nextValue(&values) == nil)
    #expect($favorite.loadError == nil)
  }

  @Test func aNonOptionalRowKeepsItsLastValueAndReportsTheError() async throws {
    @FetchOne var fact = Fact(id: 2)
    #expect(fact.body == "Honey never spoils")
    try await database.write { db in try Fact.find(2).delete().execute(db) }
    try await waitUntil { $fact.loadError != nil }
    #expect($fact.loadError is NotFound)
    #expect(fact.body == "Honey never spoils")
  }

  @Test func loadSwapsTheQuery() async throws {
    @FetchAll(Fact.order(by: \.id)) var facts
    #expect(facts.map(\.id) == [1, 2])
    try await $facts.load(Fact.where { $0.body.contains("Honey") })
    #expect(facts.map(\.id) == [2])
    try await database.write { db in try Fact.insert { Fact.Draft(body: "Honey is sweet") }.execute(db) }
    try await waitUntil { facts.count == 2 }
  }

  @Test func aCancelledSubscriptionStopsWhileAnotherGoesOn() async throws {
    @FetchAll(Fact.order(by: \.id)) var first
    @FetchAll(Fact.order(by: \.id)) var second
    let subscription = try await $first.load(Fact.order(by: \.id))
    subscription.cancel()
    try await database.write { db in try Fact.insert { Fact.Draft(body: "Third") }.execute(db) }
    try await waitUntil { second.count == 3 }
    #expect(first.count == 2)
  }

  @Test func queryErrorsAreReportedAndRecoveredFrom() async throws {
    @FetchAll(Fact.order(by: \.id)) var facts
    try await database.write { db in try #sql("DROP TABLE facts").execute(db) }
    try await waitUntil { $facts.loadError != nil }
    #expect("\($facts.loadError!)".contains("no such table: facts"))
    try await database.write { db in
      try #sql(
        #"CREATE TABLE "facts" ("id" INTEGER PRIMARY KEY, "body" TEXT NOT NULL, "isFavorite" INTEGER NOT NULL)"#
      )
      .execute(db)
      try Fact.insert { Fact(id: 7, body: "Back", isFavorite: false) }.execute(db)
    }
    try await waitUntil { $facts.loadError == nil && facts.map(\.id) == [7] }
  }

  @Test func observableModelsFireOncePerRelevantCommit() async throws {
    // Each firing of the trackings below, in order. A value is stored before observers hear of it,
    // so a wait on the values alone could end before the tracking fires: the test waits on this.
    let (changes, change) = AsyncStream<Void>.makeStream()
    var fired = changes.makeAsyncIterator()
    func track(_ model: FactsModel) {
      withObservationTracking {
        _ = model.facts
        _ = model.count
      } onChange: {
        change.yield()
      }
    }
    let model = FactsModel()
    track(model)
    try await database.write { db in try Fact.insert { Fact.Draft(body: "Tracked") }.execute(db) }
    _ = try await nextValue(&fired)
    try await waitUntil { [model.facts.count == 3, model.count == 3].allSatisfy { $0 } }
    // A new model, to which nothing of the first commit is still on its way.
    let later = FactsModel()
    track(later)
    try await database.write { db in try #sql("CREATE TABLE unrelated (x)").execute(db) }
    try await database.write { db in try Fact.find(1).update { $0.body = "Boiling" }.execute(db) }
    // Fired by the update, not by the unrelated commit before it.
    _ = try await nextValue(&fired)
    #expect(later.facts.first?.body == "Boiling")
    // Each tracking fired once: nothing more came.
    change.finish()
    #expect(await fired.next() == nil)
  }

  /// A commit that leaves an `Equatable` value as it was (a fact added, the favorites counted the
  /// same) is fetched again, and the value is not announced: its streams and observers hear only
  /// of values that changed.
  @Test func anUnchangedValueIsNotAnnounced() async throws {
    let fetches = FetchLog()
    var fetched = fetches.events.makeAsyncIterator()
    @Fetch(FavoriteCount(log: fetches)) var favorites = 0
    _ = try await nextValue(&fetched)
    var values = $favorites.values.makeAsyncIterator()
    #expect(try await nextValue(&values) == 1)
    try await database.write { db in try Fact.insert { Fact.Draft(body: "Not a favorite") }.execute(db) }
    // Fetched again, the same count: had it been announced, the stream would give it before any
    // value the next commit makes (values are delivered in the order they are fetched).
    _ = try await nextValue(&fetched)
    try await database.write { db in
      try Fact.insert { Fact.Draft(body: "A favorite", isFavorite: true) }.execute(db)
    }
    #expect(try await nextValue(&values) == 2)
  }

  @Test func fetchKeyRequestsReadSeveralQueriesTogether() async throws {
    @Fetch(Facts()) var facts = Facts.Value()
    #expect(facts.count == 2)
    #expect(facts.favorites.map(\.id) == [1])
    try await database.write { db in try Fact.insert { Fact.Draft(body: "x", isFavorite: true) }.execute(db) }
    try await waitUntil { facts.count == 3 && facts.favorites.count == 2 }
  }
}

struct Facts: FetchKeyRequest {
  struct Value: Sendable {
    var favorites: [Fact] = []
    var count = 0
  }
  func fetch(_ db: Database) throws -> Value {
    try Value(favorites: Fact.where(\.isFavorite).order(by: \.id).fetchAll(db), count: Fact.fetchCount(db))
  }
}

/// The number of favorite facts, each fetch told to `log`.
struct FavoriteCount: FetchKeyRequest {
  let log: FetchLog
  func fetch(_ db: Database) throws -> Int {
    defer { log.continuation.yield() }
    return try Fact.where(\.isFavorite).fetchCount(db)
  }
}

/// Hears of every fetch of a request; one request per log (compared by identity).
final class FetchLog: Hashable, Sendable {
  let events: AsyncStream<Void>
  let continuation: AsyncStream<Void>.Continuation

  init() { (events, continuation) = AsyncStream.makeStream() }

  static func == (lhs: FetchLog, rhs: FetchLog) -> Bool { lhs === rhs }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

@Observable
final class FactsModel: @unchecked Sendable {
  @ObservationIgnored
  @FetchAll(Fact.order { $0.id }) var facts

  @ObservationIgnored
  @FetchOne(Fact.count()) var count = 0
}

/// Counts events from any thread.
final class Counter: Sendable {
  private let count = Mutex(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

@Suite struct UnconfiguredDatabaseTests {
  @Test func aWrapperWithNoDatabaseReportsAClearError() {
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      @FetchAll var facts: [Fact]
      #expect(facts.isEmpty)
      #expect($facts.loadError is NoDefaultDatabase)
      #expect("\($facts.loadError!)".contains("prepareDependencies"))
    }
  }
}
