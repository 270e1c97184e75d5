import CSQLite

/// A prepared statement.
///
/// Get one from ``Database/cachedStatement(sql:)`` (reused across calls) or
/// ``Database/makeStatement(sql:)``. Statements belong to their connection's thread.
public final class Statement {
  /// The SQL text, as prepared.
  public let sql: String
  /// The SQLite handle.
  public let sqliteStatement: SQLiteStatement
  /// Told when the statement finishes, to follow transactions. Not the connection itself, so that
  /// a statement kept after its connection is released neither keeps it nor crashes: SQLite keeps
  /// the handle alive until the statement is finalized.
  let changeTracker: ChangeTracker
  /// Told before the statement runs, to keep a read from writing.
  let readGuard: ReadGuard
  /// What the statement reads, as recorded while it was prepared.
  private let reads: DatabaseRegion
  /// What the statement does to the transaction, as recorded while it was prepared.
  let effects: TransactionEffects
  // A statement is used on its connection's thread, one call at a time: the accesses to its state
  // on every run skip the dynamic exclusivity checks.
  /// The arguments bound by the last ``setArguments(_:)`` (a cursor's, a fetch's), for error
  /// messages.
  @exclusivity(unchecked) public private(set) var arguments = StatementArguments()
  /// The change-tracking generation in which this statement's written tables were last recorded.
  @exclusivity(unchecked) var recordedWritesGeneration = -1

  init(database: Database, handle: SQLiteStatement, sql: String, authorization: AuthorizerRecord) {
    self.changeTracker = database.changeTracker
    self.readGuard = database.readGuard
    self.sqliteStatement = handle
    self.sql = sql
    self.parameterCount = Int(sqlite3_bind_parameter_count(handle))
    self.reads = authorization.reads
    self.effects = TransactionEffects(authorization)
  }

  deinit { sqlite3_finalize(sqliteStatement) }

  /// The tables and columns this statement reads, as SQLite reported them while preparing it.
  public var region: DatabaseRegion { reads }

  /// The table this statement inserts into, updates or deletes from, if any.
  public var writtenTable: String? { effects.target }

  /// Whether the statement leaves the database unchanged.
  public var isReadOnly: Bool { sqlite3_stmt_readonly(sqliteStatement) != 0 }

  public var columnCount: Int { Int(sqlite3_column_count(sqliteStatement)) }

  public private(set) lazy var columnNames: [String] = (0..<Int32(columnCount)).map {
    String(cString: sqlite3_column_name(sqliteStatement, $0))
  }

  /// The number of parameters, fixed when the statement was prepared (read once, as every bind
  /// checks it).
  public let parameterCount: Int

  // MARK: - Binding

  /// Resets the statement and binds new arguments: one for each parameter, by position or name.
  public func setArguments(_ arguments: StatementArguments) throws {
    readGuard.statementWillRun(sqliteStatement)
    sqlite3_reset(sqliteStatement)
    self.arguments = arguments
    let count = Int32(parameterCount)
    // Positional arguments only: no parameter names to look up.
    if arguments.named.isEmpty {
      guard arguments.positional.count == Int(count) else { throw wrongArgumentCount() }
      try arguments.positional.withUnsafeBufferPointer(bind(positional:))
      return
    }
    guard count > 0 else { return }
    var position = 0
    for index in 1...count {
      // Named parameters (`:name`, `@name`, `$name`) take their named value when there is one;
      // every other parameter takes the next positional value.
      if let name = sqlite3_bind_parameter_name(sqliteStatement, index),
        name.pointee != CChar(UInt8(ascii: "?")),
        let value = arguments.named[String(cString: name + 1)]
      {
        try bind(value, at: index)
        continue
      }
      guard position < arguments.positional.count else {
        let name = sqlite3_bind_parameter_name(sqliteStatement, index).map { String(cString: $0) }
        throw DatabaseError(
          resultCode: .SQLITE_MISUSE,
          message:
            "missing value for parameter \(name ?? "?\(index)") (statement has \(count), got \(arguments.positional.count) positional and \(arguments.named.count) named)",
          sql: sql, arguments: arguments)
      }
      try bind(arguments.positional[position], at: index)
      position += 1
    }
    guard position == arguments.positional.count else { throw wrongArgumentCount() }
  }

  @inline(__always)
  private func bind(_ value: (any DatabaseValueConvertible)?, at index: Int32) throws {
    if let value {
      try value.bind(to: sqliteStatement, at: index)
    } else {
      try check(sqlite3_bind_null(sqliteStatement, index), sqliteStatement)
    }
  }

  /// Binds one value per parameter, in order, from arguments the statement keeps (a cursor's, a
  /// fetch's): the array is shared, so each value is read out of it (a copy) to be opened.
  private func bind(positional values: UnsafeBufferPointer<(any DatabaseValueConvertible)?>) throws {
    var index: Int32 = 1
    for position in values.indices {
      if let value = values[position] {
        try value.bind(to: sqliteStatement, at: index)
      } else {
        try check(sqlite3_bind_null(sqliteStatement, index), sqliteStatement)
      }
      index += 1
    }
  }

  /// Binds one value per parameter, in order, each opened where it lies in an array the caller
  /// owns. An existential read out of an array is copied before it is opened (through its type's
  /// value witnesses, for every value); one accessed in place for mutation is not. No value is
  /// changed, but opening a large value (one kept in a box) for mutation makes its box unique,
  /// which may write a new box into the array: that is why the array must be the caller's own (a
  /// consumed argument, not one shared with another thread).
  @inlinable @inline(__always)
  func bindInPlace(positional values: UnsafeMutableBufferPointer<(any DatabaseValueConvertible)?>)
    throws
  {
    guard let base = values.baseAddress else { return }
    var index: Int32 = 1
    for position in values.indices {
      if try base[position]?.bindInPlace(to: sqliteStatement, at: index) == nil {
        try check(sqlite3_bind_null(sqliteStatement, index), sqliteStatement)
      }
      index += 1
    }
  }

  /// Resets the statement and binds values by position, with no intermediate array of
  /// ``DatabaseValue``: the fast path for repeated inserts.
  @inlinable
  public func bind<each Value: DatabaseValueConvertible>(_ values: repeat each Value) throws {
    prepareForBinding()
    // Each value is bound where it is (a `for … in repeat` loop would copy it first); values past
    // the last parameter are counted, not bound, so that the count check below can name them.
    let statement = sqliteStatement
    let parameterCount = Int32(self.parameterCount)
    var index: Int32 = 0
    func bindNext(_ value: some DatabaseValueConvertible) throws {
      index += 1
      if index <= parameterCount { try value.bind(to: statement, at: index) }
    }
    repeat try bindNext(each values)
    guard index == parameterCount else { throw wrongValueCount(index) }
  }

  /// Resets the statement for new values.
  @usableFromInline
  func prepareForBinding() {
    readGuard.statementWillRun(sqliteStatement)
    sqlite3_reset(sqliteStatement)
    if !arguments.isEmpty { arguments = StatementArguments() }
  }

  /// Resets the statement for new values, and checks that there is one per parameter.
  @usableFromInline
  func prepareForBinding(count: Int32) throws {
    prepareForBinding()
    guard count == parameterCount else { throw wrongValueCount(count) }
  }

  @usableFromInline
  func wrongValueCount(_ count: Int32) -> DatabaseError {
    DatabaseError(
      resultCode: .SQLITE_MISUSE,
      message: "wrong number of statement arguments: expected \(parameterCount), got \(count)", sql: sql)
  }

  private func wrongArgumentCount() -> DatabaseError {
    DatabaseError(
      resultCode: .SQLITE_MISUSE,
      message:
        "wrong number of statement arguments: expected \(parameterCount), got \(arguments.positional.count)",
      sql: sql, arguments: arguments)
  }

  // MARK: - Running

  /// Resets the statement so it can run again, keeping its bindings.
  public func reset() { sqlite3_reset(sqliteStatement) }

  /// Advances to the next row: true when a row is available, false when the statement is done.
  /// Inlinable, so that a fetch loop elsewhere steps to each row with no call in between.
  @inlinable
  public func step() throws -> Bool {
    let code = sqlite3_step(sqliteStatement)
    if code == SQLITE_ROW { return true }
    return try finishStep(code)
  }

  /// The last step: the statement is done, or failed.
  @usableFromInline @inline(__always)
  func finishStep(_ code: Int32) throws -> Bool {
    switch code {
    case SQLITE_DONE:
      changeTracker.statementDidFinish(self, succeeded: true)
      return false
    default:
      changeTracker.statementDidFinish(self, succeeded: false)
      let error = DatabaseError.from(
        connection: sqlite3_db_handle(sqliteStatement), code: code, sql: sql, arguments: arguments)
      // A failed statement stays active until it is reset. A COMMIT refused by a deferred foreign
      // key would keep the connection's WAL snapshot after the rollback, and once another
      // connection committed, every later write from this one would fail with
      // SQLITE_BUSY_SNAPSHOT.
      sqlite3_reset(sqliteStatement)
      throw error
    }
  }

  /// Binds values by position and runs the statement to completion: the fastest way to run an
  /// insert or update many times, with no array and no existential per value.
  ///
  ///     let insert = try db.cachedStatement(sql: "INSERT INTO items (title, isInStock) VALUES (?, ?)")
  ///     for item in items { try insert.execute(item.title, item.isInStock) }
  @inlinable
  public func execute<each Value: DatabaseValueConvertible>(_ values: repeat each Value) throws {
    try bind(repeat each values)
    try run()
  }

  /// Binds `count` values, calling `bind` with each parameter's index (from 1) to bind it to
  /// `sqliteStatement`, and runs the statement to completion: for callers with values of their
  /// own kind, bound with no array of existentials.
  public func execute(bindingEach count: Int, _ bind: (_ index: Int32) throws -> Void) throws {
    try prepareForBinding(count: Int32(count))
    var index: Int32 = 1
    while index <= Int32(count) {
      try bind(index)
      index += 1
    }
    try run()
  }

  /// Resets the statement, lets `bind` bind every parameter (with `sqlite3_bind_*` on the handle
  /// it is given) and runs the statement to completion: for callers that bind values of their own
  /// kind, in their own order. `bind` returns how many parameters it bound, which must be all.
  @inlinable
  public func execute(binding bind: (SQLiteStatement) throws -> Int) throws {
    prepareForBinding()
    let count = try bind(sqliteStatement)
    guard count == parameterCount else { throw wrongValueCount(Int32(count)) }
    try run()
  }

  /// Binds the arguments and runs the statement to completion.
  @inlinable @inline(__always)
  public func execute(arguments: consuming StatementArguments = StatementArguments()) throws {
    let named = arguments.named
    // One value per parameter, by position: each is bound where it lies in the array, which is
    // owned here. Only copies of the array are kept (by the slow path, by an error), so that,
    // inlined here, the array need not outlive the call and need not be allocated at all.
    try arguments.positional.withUnsafeMutableBufferPointer { values in
      guard named.isEmpty, values.count == parameterCount else {
        try setArguments(StatementArguments(Array(values), named: named))
        return try run()
      }
      prepareForBinding()
      try bindInPlace(positional: values)
      do {
        try run()
      } catch let error as DatabaseError {
        throw error.naming(StatementArguments(Array(values)))
      }
    }
  }

  /// Runs the statement, with its current bindings, to completion. A statement that has run to
  /// completion holds no lock, so it is not reset until it is next bound.
  public func run() throws {
    while try step() {}
  }

  /// Binds the arguments and returns a cursor over the rows.
  public func makeCursor(arguments: StatementArguments = StatementArguments()) throws -> RowCursor {
    try setArguments(arguments)
    return RowCursor(statement: self)
  }

  /// Every row, each turned into a value by `decode` while it is current.
  @inlinable
  public func fetchAll<T>(
    arguments: StatementArguments = StatementArguments(), _ decode: (Row) throws -> T
  ) throws -> [T] {
    try setArguments(arguments)
    return try fetchAllWithCurrentBindings(decode)
  }

  /// Every row, with the statement's current bindings.
  @inlinable
  public func fetchAllWithCurrentBindings<T>(_ decode: (Row) throws -> T) throws -> [T] {
    defer { reset() }
    var results: [T] = []
    let row = Row(statement: self)
    while try step() { results.append(try decode(row)) }
    return results
  }

  /// The first row, turned into a value, or nil when there is none.
  @inlinable
  public func fetchOne<T>(
    arguments: StatementArguments = StatementArguments(), _ decode: (Row) throws -> T
  ) throws -> T? {
    try setArguments(arguments)
    defer { reset() }
    guard try step() else { return nil }
    return try decode(Row(statement: self))
  }

  /// The SQL with the current bindings written in, as SQLite expands it.
  public var expandedSQL: String {
    guard let text = sqlite3_expanded_sql(sqliteStatement) else { return sql }
    defer { sqlite3_free(text) }
    return String(cString: text)
  }
}
