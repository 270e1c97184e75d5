import CSQLite

/// Keeps a read from writing: inside `DatabaseQueue.read`, a statement that may write runs with
/// SQLite's `query_only` on, so that it fails if it does write. A queue has one connection for
/// both, so it cannot open reads on a read-only connection as a pool does.
final class ReadGuard {
  private let connection: SQLiteConnection
  // Read and written only on the connection's thread, around and between statements.
  /// Set while a read runs that must not write.
  @exclusivity(unchecked) private var isInRead = false
  /// Whether `query_only` is on for the current read.
  @exclusivity(unchecked) private var queryOnlyIsOn = false

  init(connection: SQLiteConnection) {
    self.connection = connection
  }

  /// A read that must not write begins: statements that may write will run with `query_only` on.
  func beginRead() { isInRead = true }

  /// The read ends, and `query_only` with it if a statement needed it.
  func endRead() {
    isInRead = false
    guard queryOnlyIsOn else { return }
    sqlite3_exec(connection, "PRAGMA query_only = 0", nil, nil, nil)
    queryOnlyIsOn = false
  }

  /// Before a statement runs: in a read, a statement that may write (`sqlite3_stmt_readonly` is
  /// false, as for some PRAGMAs that only read) turns `query_only` on. The pragma is switched on
  /// only then, once per read: switching it expires every prepared statement, which would all be
  /// compiled again.
  @inline(__always)
  func statementWillRun(_ statement: SQLiteStatement) {
    guard isInRead, !queryOnlyIsOn, sqlite3_stmt_readonly(statement) == 0 else { return }
    sqlite3_exec(connection, "PRAGMA query_only = 1", nil, nil, nil)
    queryOnlyIsOn = true
  }
}

extension Database {
  /// Reads in a transaction where a write attempted fails, as with `query_only` (switched on only
  /// for a statement that may write: see ``ReadGuard``). Inside a write, the read joins it as it
  /// is.
  func readOnly<T>(_ value: (Database) throws -> T) throws -> T {
    guard !isInsideTransaction else { return try value(self) }
    readGuard.beginRead()
    defer { readGuard.endRead() }
    return try transaction(.deferred) { try value(self) }
  }
}
