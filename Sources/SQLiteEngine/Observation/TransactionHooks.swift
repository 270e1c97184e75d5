import CSQLite
import Foundation

/// Follows one connection's transactions: which tables they change (from the update hook and
/// from what statements do), and when they commit or roll back. Statements hold it strongly and
/// report to it when they finish; it holds no statement and no connection, so there is no cycle.
final class ChangeTracker {
  private let connection: SQLiteConnection
  // The tracker's state is read and written only on its connection's thread, by hooks that run
  // inside a statement's step and by `statementDidFinish` after it: never two at once, so the
  // per-row accesses of a bulk write skip the dynamic exclusivity checks.
  /// Tables changed by the current transaction, frame by frame for savepoints.
  @exclusivity(unchecked) private var changes = TransactionChanges()
  @exclusivity(unchecked) private var commitIsPending = false
  /// The update hook's filter, which calls `tableDidChange` only for a table other than the last.
  private let changedTableFilter: UnsafeMutablePointer<csqlite_changed_table_filter>
  let commitObservers = CommitObserverList()

  init(connection: SQLiteConnection) {
    self.connection = connection
    changedTableFilter = .allocate(capacity: 1)
    changedTableFilter.initialize(to: csqlite_changed_table_filter())
  }

  deinit {
    csqlite_changed_table_filter_reset(changedTableFilter)
    changedTableFilter.deallocate()
  }

  /// The tables changed so far by the current transaction (savepoints rolled back excluded).
  var tablesChangedInCurrentTransaction: Set<String> { changes.allTables }

  /// The update hook records each changed table; the commit and rollback hooks mark the end of
  /// the transaction. Observers are told after the commit has completed, once the statement that
  /// committed has finished (see `statementDidFinish`).
  func install() {
    let context = Unmanaged.passUnretained(self).toOpaque()
    changedTableFilter.pointee.context = context
    changedTableFilter.pointee.table_did_change = { context, table in
      guard let context, let table else { return }
      Unmanaged<ChangeTracker>.fromOpaque(context).takeUnretainedValue().tableDidChange(table)
    }
    csqlite_install_changed_table_filter(connection, changedTableFilter)
    sqlite3_commit_hook(
      connection,
      { context in
        Unmanaged<ChangeTracker>.fromOpaque(context!).takeUnretainedValue().commitIsPending = true
        return 0
      }, context)
    sqlite3_rollback_hook(
      connection,
      { context in
        Unmanaged<ChangeTracker>.fromOpaque(context!).takeUnretainedValue().transactionDidRollBack()
      }, context)
  }

  func uninstall() {
    sqlite3_update_hook(connection, nil, nil)
    sqlite3_commit_hook(connection, nil, nil)
    sqlite3_rollback_hook(connection, nil, nil)
  }

  /// Called by the update hook's filter for a changed table other than the last it reported.
  private func tableDidChange(_ table: UnsafePointer<CChar>) {
    changes.insert(String(cString: table))
  }

  private func transactionDidRollBack() {
    commitIsPending = false
    resetChanges()
  }

  /// Forgets every change: the transaction ended.
  private func resetChanges() {
    changes.reset()
    // The filter would otherwise drop the next transaction's first changes to the last table.
    csqlite_changed_table_filter_reset(changedTableFilter)
  }

  /// Applies what a statement did to the transaction once it has run, and tells commit observers
  /// when it completed a commit.
  @inline(__always)
  func statementDidFinish(_ statement: Statement, succeeded: Bool) {
    if succeeded {
      // The statement's own target is recorded even when the update hook is silent about it
      // (WITHOUT ROWID tables); once per transaction generation, to keep bulk inserts cheap. The
      // effects are read member by member, only when needed: copying them would cost reference
      // counting on every row of a bulk insert.
      if statement.recordedWritesGeneration != changes.generation, let target = statement.effects.target,
        sqlite3_changes64(connection) > 0
      {
        changes.insert(target)
        statement.recordedWritesGeneration = changes.generation
      }
      if statement.effects.changesSchemaOrSavepoints {
        let effects = statement.effects
        changes.formUnion(effects.schemaWrites)
        switch effects.savepoint {
        case .begin(let name): changes.beginSavepoint(name)
        case .release(let name): changes.releaseSavepoint(name)
        case .rollback(let name):
          changes.rollbackToSavepoint(name)
          csqlite_changed_table_filter_reset(changedTableFilter)
        case nil: break
        }
      }
    }
    guard commitIsPending else { return }
    if sqlite3_get_autocommit(connection) != 0 {
      commitIsPending = false
      let tables = changes.allTables
      resetChanges()
      if !tables.isEmpty { commitObservers.notify(tables: tables) }
    } else if !succeeded {
      commitIsPending = false  // the COMMIT failed (SQLITE_BUSY) and the transaction goes on
    }
  }
}

extension Database {
  /// Calls `handler` on this connection's queue after every commit that changed at least one
  /// table, with the set of tables it changed. Rolled-back work is never reported.
  public func observeCommits(_ handler: @escaping @Sendable (DatabaseChanges) -> Void) -> CommitObservation {
    changeTracker.commitObservers.add(handler)
  }

  /// The tables changed so far by the current transaction (savepoints rolled back excluded).
  public var tablesChangedInCurrentTransaction: Set<String> {
    changeTracker.tablesChangedInCurrentTransaction
  }
}
