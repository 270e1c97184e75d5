import CSQLite
import Foundation

extension Database {
  /// The update hook records each changed table; the commit and rollback hooks mark the end of
  /// the transaction. Observers are told after the commit has completed, once the statement that
  /// committed has finished (see `statementDidFinish`).
  func installTransactionHooks() {
    let context = Unmanaged.passUnretained(self).toOpaque()
    sqlite3_update_hook(
      sqliteConnection,
      { context, _, _, table, _ in
        guard let context, let table else { return }
        Unmanaged<Database>.fromOpaque(context).takeUnretainedValue().tableDidChange(table)
      }, context)
    sqlite3_commit_hook(
      sqliteConnection,
      { context in
        Unmanaged<Database>.fromOpaque(context!).takeUnretainedValue().commitIsPending = true
        return 0
      }, context)
    sqlite3_rollback_hook(
      sqliteConnection,
      { context in
        let database = Unmanaged<Database>.fromOpaque(context!).takeUnretainedValue()
        database.commitIsPending = false
        database.transactionChanges.reset()
        database.lastChangedTable = nil
      }, context)
  }

  /// Called for every changed row: the last table name is remembered so that a bulk write costs
  /// one string comparison per row, not a Set insertion.
  @inline(__always)
  private func tableDidChange(_ table: UnsafePointer<CChar>) {
    if let last = lastChangedTable, last.generation == transactionChanges.generation,
      strcmp(last.name, table) == 0
    {
      return
    }
    let name = String(cString: table)
    transactionChanges.insert(name)
    lastChangedTable = ChangedTableCache(
      name: Array(name.utf8CString), generation: transactionChanges.generation)
  }

  /// Applies what a statement did to the transaction once it has run, and tells commit observers
  /// when it completed a commit.
  @inline(__always)
  func statementDidFinish(_ statement: Statement, succeeded: Bool) {
    let authorization = statement.authorization
    if succeeded {
      // The statement's own target is recorded even when the update hook is silent about it
      // (WITHOUT ROWID tables); once per transaction generation, to keep bulk inserts cheap.
      if let target = authorization.target,
        statement.recordedWritesGeneration != transactionChanges.generation,
        sqlite3_changes64(sqliteConnection) > 0
      {
        transactionChanges.insert(target)
        statement.recordedWritesGeneration = transactionChanges.generation
      }
      if !authorization.schemaWrites.isEmpty { transactionChanges.formUnion(authorization.schemaWrites) }
      switch authorization.savepoint {
      case .begin(let name): transactionChanges.beginSavepoint(name)
      case .release(let name): transactionChanges.releaseSavepoint(name)
      case .rollback(let name):
        transactionChanges.rollbackToSavepoint(name)
        lastChangedTable = nil
      case nil: break
      }
    }
    guard commitIsPending else { return }
    if sqlite3_get_autocommit(sqliteConnection) != 0 {
      commitIsPending = false
      let tables = transactionChanges.allTables
      transactionChanges.reset()
      lastChangedTable = nil
      if !tables.isEmpty { commitObservers.notify(tables: tables) }
    } else if !succeeded {
      commitIsPending = false  // the COMMIT failed (SQLITE_BUSY) and the transaction goes on
    }
  }

  /// Calls `handler` on this connection's queue after every commit that changed at least one
  /// table, with the set of tables it changed. Rolled-back work is never reported.
  public func observeCommits(_ handler: @escaping @Sendable (DatabaseChanges) -> Void) -> CommitObservation {
    commitObservers.add(handler)
  }

  /// The tables changed so far by the current transaction (savepoints rolled back excluded).
  public var tablesChangedInCurrentTransaction: Set<String> { transactionChanges.allTables }
}

struct ChangedTableCache {
  var name: [CChar]
  var generation: Int
}
