import Foundation

/// How connections are opened and prepared.
public struct Configuration: Sendable {
  /// `PRAGMA foreign_keys`: on by default.
  public var foreignKeysEnabled = true

  /// Opens the file read-only: every write fails with `SQLITE_READONLY`.
  public var readonly = false

  /// A name for the connections, shown in traces and errors (`"reader 2 of MyApp"`).
  public var label: String?

  /// How long a statement waits for another connection's lock before failing with
  /// `SQLITE_BUSY` ("database is locked"). Zero fails at once.
  public var busyTimeout: TimeInterval = 5

  /// The journal mode set on open. A ``DatabasePool`` always uses WAL.
  public var journalMode: JournalMode = .default

  /// The most reader connections a ``DatabasePool`` opens at once.
  public var maximumReaderCount = 5

  /// SQLite's legacy acceptance of `"text"` as a string literal when no column has that name.
  /// Off, so that a misspelt column is an error rather than a string.
  public var acceptsDoubleQuotedStringLiterals = false

  /// `PRAGMA recursive_triggers`: off, so a trigger that writes its own table does not fire itself.
  public var recursiveTriggersEnabled = false

  /// How often, in seconds, a database file is checked for commits by other connections and processes when no
  /// file event told of one. Writes to the file's folder are reported at once (inotify); the
  /// checks catch what those reports miss, such as writes on a network file system.
  public var otherConnectionsPollInterval: TimeInterval = 2

  var preparations: [@Sendable (Database) throws -> Void] = []

  public init() {}

  /// Runs `body` on every new connection, after the engine's own setup: the place to register
  /// functions, start tracing, attach databases or set pragmas.
  public mutating func prepareDatabase(_ body: @escaping @Sendable (Database) throws -> Void) {
    preparations.append(body)
  }

  public enum JournalMode: String, Sendable {
    /// Leaves the file's journal mode as it is (`DELETE` for a new file).
    case `default`
    case delete
    case truncate
    case persist
    case memory
    case wal
    case off
  }
}
