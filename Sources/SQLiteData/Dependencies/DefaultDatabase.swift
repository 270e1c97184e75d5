import Foundation
import SQLiteEngine
import Synchronization

/// The app's database: when live, a file under `$XDG_DATA_HOME` (or `~/.local/share`) named after
/// the program, or `path`; in tests and previews, a fresh temporary file each time.
public func defaultDatabase(
  path: String? = nil, configuration: Configuration = Configuration()
) throws -> any DatabaseWriter {
  @Dependency(\.context) var context
  switch context {
  case .live:
    let file = path ?? defaultDatabasePath()
    let folder = (file as NSString).deletingLastPathComponent
    if !folder.isEmpty, !file.hasPrefix("file:") {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    return try DatabasePool(path: file, configuration: configuration)
  case .test, .preview:
    return try DatabasePool.temporary(configuration: configuration)
  }
}

/// `$XDG_DATA_HOME/<program>/SQLiteData.db`.
func defaultDatabasePath() -> String {
  let dataHome = xdgDataHome { ProcessInfo.processInfo.environment[$0] }
  let program = (CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent }) ?? "SQLiteData"
  return "\(dataHome)/\(program)/SQLiteData.db"
}

/// What `defaultDatabase` is before it is prepared: an empty in-memory database, and a report that
/// says how to prepare the real one. Fetch wrappers recognise it and report an error instead of
/// querying it.
final class UnconfiguredDatabase: Sendable {
  static let shared = UnconfiguredDatabase()
  static let label = "SQLiteData.unconfiguredDefaultDatabase"
  /// Made on first use.
  private let queue = Mutex<DatabaseQueue?>(nil)

  /// The placeholder. Reading it says nothing (setting the dependency through a key path reads
  /// it first); running a statement on it reports how to set the real one.
  func database(context: DependencyContext) -> any DatabaseWriter {
    queue.withLock { queue in
      if let queue { return queue }
      var configuration = Configuration()
      configuration.label = Self.label
      let made = try! DatabaseQueue(configuration: configuration)  // in memory: cannot fail
      // Once it is open, every statement run on it reports (`reportIssue` says each message once).
      try? made.writeWithoutTransaction { db in db.trace(options: .statement) { _ in Self.report(context) } }
      queue = made
      return made
    }
  }

  private static func report(_ context: DependencyContext) {
    switch context {
    case .live:
      reportIssue(
        "The default database was used before it was set: call prepareDependencies { $0.defaultDatabase = … } at launch"
      )
    case .test:
      reportIssue(
        "A test used the default database without setting it: use the .dependency(\\.defaultDatabase, …) trait, "
          + "or withDependencies { $0.defaultDatabase = … }")
    case .preview:
      reportIssue("A preview used the default database before it was set: call prepareDependencies first")
    }
  }

  static func isUnconfigured(_ database: any DatabaseReader) -> Bool {
    database.configuration.label == label
  }
}

/// The error a fetch reports when no database was configured.
public struct NoDefaultDatabase: Error, CustomStringConvertible {
  public var description: String {
    "No database is configured: set one with prepareDependencies { $0.defaultDatabase = … }, "
      + "or pass database: to the property wrapper"
  }
}
