import Foundation
import SQLiteEngine
import Synchronization

/// The values the library and apps depend on, set once at launch with `prepareDependencies` and
/// overridden for a scope (a test) with `withDependencies`.
public struct DependencyValues: Sendable {
  /// The database `@FetchAll`, `@FetchOne` and `@Fetch` read when given none.
  public var defaultDatabase: any DatabaseWriter {
    get {
      if let database = storedDefaultDatabase { return database }
      return UnconfiguredDatabase.shared.database(context: context)
    }
    set { storedDefaultDatabase = newValue }
  }

  /// The sync engine of the app: `@Dependency(\.defaultSyncEngine) var syncEngine`. Set it
  /// with the database, in `prepareDependencies`.
  public var defaultSyncEngine: SyncEngine {
    get {
      if let engine = storedDefaultSyncEngine { return engine }
      reportIssue(
        "defaultSyncEngine was read before it was set: set it in prepareDependencies, "
          + "`$0.defaultSyncEngine = try SyncEngine(for: $0.defaultDatabase, tables: …)`")
      return UnconfiguredSyncEngine.shared
    }
    set { storedDefaultSyncEngine = newValue }
  }

  /// The current date: `@Dependency(\.date.now) var now`.
  public var date = DateGenerator { Date() }

  /// New UUIDs: `@Dependency(\.uuid) var uuid; let id = uuid()`.
  public var uuid = UUIDGenerator { UUID() }

  /// The calendar that decides what "today" is: `@Dependency(\.calendar) var calendar`. Its time
  /// zone is the user's (`TZ`) unless a test fixes one.
  public var calendar = Calendar.autoupdatingCurrent

  /// The user's time zone, replaceable in tests: `@Dependency(\.timeZone) var timeZone`.
  public var timeZone = TimeZone.autoupdatingCurrent

  /// Whether the code runs for real, in a test, or in a preview.
  public var context: DependencyContext = .current

  /// Where `@FetchAll`, `@FetchOne` and `@Fetch` deliver values after the first, when they are
  /// given no `scheduler:`. By default, a serial queue shared by every live value (`.liveValues`),
  /// which needs no run loop. A program whose views are drawn by a run loop on the main actor (the
  /// terminal toolkit's `MainLoop`) sets `.mainActor`: Swift Observation starts watching what a
  /// frame read only once the frame is drawn, so a value changed by another thread while it is
  /// drawn would go unnoticed, and the screen would stay one change behind.
  public var liveValueScheduler: any ValueObservationScheduler = .liveValues

  var storedDefaultDatabase: (any DatabaseWriter)?
  var storedDefaultSyncEngine: SyncEngine?

  public init() {}

  /// The values in effect here: those of the innermost `withDependencies`, else those prepared
  /// at launch.
  public static var current: DependencyValues {
    DependencyValues.scoped ?? DependencyValues.global.value
  }

  @TaskLocal static var scoped: DependencyValues?
  static let global = GlobalDependencies()
}

/// The current date, replaceable in tests.
public struct DateGenerator: Sendable {
  private var generate: @Sendable () -> Date
  public init(_ generate: @escaping @Sendable () -> Date) { self.generate = generate }
  /// The date now; setting it fixes the date: `withDependencies { $0.date.now = fixed } …`.
  public var now: Date {
    get { generate() }
    set { generate = { newValue } }
  }
  public func callAsFunction() -> Date { generate() }
  /// Always the same date.
  public static func constant(_ date: Date) -> Self { Self { date } }
}

/// New UUIDs, replaceable in tests.
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID
  public init(_ generate: @escaping @Sendable () -> UUID) { self.generate = generate }
  public func callAsFunction() -> UUID { generate() }

  /// 00000000-0000-0000-0000-000000000000, …-000000000001, and so on.
  public static var incrementing: Self {
    let counter = Counter()
    return Self {
      let next = counter.next()
      return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012llx", next))!
    }
  }
}

final class Counter: Sendable {
  private let value = Atomic<UInt64>(0)
  func next() -> UInt64 { value.add(1, ordering: .relaxed).oldValue }
}

/// The values prepared at launch.
final class GlobalDependencies: Sendable {
  private let state = Mutex((values: DependencyValues(), isPrepared: false))

  var value: DependencyValues { state.withLock { $0.values } }

  /// Runs `body` on a copy of the values, outside the lock: the body may read dependencies itself
  /// (the seeds' `appDatabase()` reads `@Dependency(\.context)`), and sees those in effect before.
  func prepare(_ body: (inout DependencyValues) throws -> Void) rethrows {
    var prepared = state.withLock { state in
      if state.isPrepared, DependencyValues.scoped == nil {
        reportIssue("prepareDependencies was called more than once: prepare dependencies once, at launch")
      }
      return state.values
    }
    try body(&prepared)
    state.withLock { [prepared] in $0 = (prepared, true) }
  }
}

/// Sets the dependencies of the whole program, once, early at launch:
///
///     prepareDependencies { $0.defaultDatabase = try! appDatabase() }
public func prepareDependencies(_ body: (inout DependencyValues) throws -> Void) rethrows {
  try DependencyValues.global.prepare(body)
}

/// Runs `operation` with some dependencies changed: for tests and scoped overrides.
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void, operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current
  try update(&values)
  return try DependencyValues.$scoped.withValue(values, operation: operation)
}

/// The same, for asynchronous work, on the caller's actor (a `@MainActor` test or model can use
/// it as it is).
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) throws -> Void, operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.current
  try update(&values)
  return try await DependencyValues.$scoped.withValue(values, operation: operation, isolation: isolation)
}

/// A dependency, read where it is used: `@Dependency(\.defaultDatabase) var database`.
@propertyWrapper
public struct Dependency<Value>: @unchecked Sendable {
  private let keyPath: KeyPath<DependencyValues, Value>
  /// The values in effect when the owner was made, so that a model made in a test keeps the
  /// test's database.
  private let values: DependencyValues

  public init(_ keyPath: KeyPath<DependencyValues, Value>) {
    self.keyPath = keyPath
    self.values = DependencyValues.current
  }

  public var wrappedValue: Value { values[keyPath: keyPath] }
}

/// What `defaultSyncEngine` is before it is set: an engine on an empty in-memory database that
/// synchronizes nothing and talks to no server.
enum UnconfiguredSyncEngine {
  static let shared: SyncEngine = {
    do {
      return try SyncEngine(
        for: DatabaseQueue(), tables: [], cloudDatabase: nil, startImmediately: false)
    } catch {
      fatalError("An empty sync engine could not be made: \(error)")
    }
  }()
}
