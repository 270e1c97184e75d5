/// How a transaction takes its locks.
public enum TransactionKind: String, Sendable {
  /// Locks nothing until the first read or write.
  case deferred = "DEFERRED"
  /// Takes the write lock at once: no other connection can start writing.
  case immediate = "IMMEDIATE"
  /// Takes the write lock at once, and in rollback-journal mode keeps readers out too.
  case exclusive = "EXCLUSIVE"
}

extension TransactionKind {
  /// Constant text, so that the statement cache finds it without building a string.
  var beginSQL: String {
    switch self {
    case .deferred: "BEGIN DEFERRED TRANSACTION"
    case .immediate: "BEGIN IMMEDIATE TRANSACTION"
    case .exclusive: "BEGIN EXCLUSIVE TRANSACTION"
    }
  }
}

/// Whether a transaction or savepoint body wants its work kept.
public enum TransactionCompletion: Sendable {
  case commit
  case rollback
}

extension Database {
  /// Runs `body` in a transaction, committed when it returns `.commit`, rolled back when it
  /// returns `.rollback` or throws.
  public func inTransaction(
    _ kind: TransactionKind = .deferred, _ body: () throws -> TransactionCompletion
  ) throws {
    try execute(sql: kind.beginSQL)
    let completion: TransactionCompletion
    do {
      completion = try body()
    } catch {
      rollbackQuietly()
      throw error
    }
    switch completion {
    case .commit:
      do {
        try execute(sql: "COMMIT TRANSACTION")
      } catch {
        rollbackQuietly()
        throw error
      }
    case .rollback:
      rollbackQuietly()
    }
  }

  /// Runs `body` in a savepoint, which nests inside a transaction: `.rollback` or an error undoes
  /// the savepoint's work only. Outside a transaction it is a deferred transaction.
  public func inSavepoint(_ body: () throws -> TransactionCompletion) throws {
    guard isInsideTransaction else {
      try inTransaction(.deferred, body)
      return
    }
    try execute(sql: "SAVEPOINT sqlitedata")
    let completion: TransactionCompletion
    do {
      completion = try body()
    } catch {
      try? execute(sql: "ROLLBACK TO SAVEPOINT sqlitedata")
      try? execute(sql: "RELEASE SAVEPOINT sqlitedata")
      throw error
    }
    if completion == .rollback { try execute(sql: "ROLLBACK TO SAVEPOINT sqlitedata") }
    try execute(sql: "RELEASE SAVEPOINT sqlitedata")
  }

  /// Runs `body` in a transaction that commits unless it throws, and returns its result.
  func transaction<T>(_ kind: TransactionKind, _ body: () throws -> T) throws -> T {
    var result: T?
    try inTransaction(kind) {
      result = try body()
      return .commit
    }
    return result!
  }

  /// Runs `body` in a savepoint that is released unless it throws, and returns its result.
  func savepoint<T>(_ body: () throws -> T) throws -> T {
    var result: T?
    try inSavepoint {
      result = try body()
      return .commit
    }
    return result!
  }

  /// A failed statement may already have ended the transaction; a rollback then has nothing to do.
  private func rollbackQuietly() {
    if isInsideTransaction { try? execute(sql: "ROLLBACK TRANSACTION") }
  }
}
