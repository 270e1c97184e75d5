import SQLiteEngine

extension Insert {
  /// Runs an insert of nothing but `@Table` rows or drafts by binding their values into the
  /// statement kept for their type and count: inserting a draft at a time renders no SQL and makes
  /// no fragment. False for no rows and for rows with a value that is not one binding: those
  /// render their SQL. Inlinable, so that binding runs specialized for the rows' type.
  @inlinable
  static func insertBinding<Row: Table>(_ row: Row, _ db: Database) throws -> Bool {
    try insertBinding(Row.self, count: 1, db, rows: { [row] }) { try row.bindColumnValues(to: &$0) }
  }

  @inlinable
  static func insertBinding<Row: Table>(_ rows: [Row], _ db: Database) throws -> Bool {
    guard !rows.isEmpty else { return false }
    return try insertBinding(Row.self, count: rows.count, db, rows: { rows }) { binder in
      // Through a pointer: each row is bound where it lies, not copied out (and retained).
      try rows.withUnsafeBufferPointer { rows in
        guard var row = rows.baseAddress else { return }
        for _ in rows.indices {
          try row.pointee.bindColumnValues(to: &binder)
          row += 1
        }
      }
    }
  }

  /// Runs the statement inserting `count` rows of `Row`, bound by `bind`; `rows` gives them for
  /// an error message. Static: a plain insert's statement depends on nothing but its table, the
  /// type of its rows and their count.
  ///
  /// Inlined, with its binding, where the insert is written: a row at a time, the call to a
  /// function and to its binding closure cost more than the rest of the work of this one.
  @inlinable @inline(__always)
  static func insertBinding<Row: Table>(
    _ type: Row.Type, count: Int, _ db: Database, rows: () -> [Row],
    bind: (inout ColumnBinder) throws -> Void
  ) throws -> Bool {
    let statement = try db.cachedStatement(key: StatementCacheKey(Row.self, variant: count)) {
      sqlWithParameters(for: Row.self, count: count)
    }
    do {
      try statement.execute { handle in
        var binder = ColumnBinder(statement: handle)
        try bind(&binder)
        return binder.count
      }
      return true
    } catch {
      return try bindingFailed(error, rows: rows(), sql: statement.sql)
    }
  }

  /// What a failed insert of bound rows does: a value that is not one binding gives up binding
  /// (false: the insert renders its SQL); a database error is thrown with the values of `rows`.
  @usableFromInline
  static func bindingFailed<Row: Table>(_ error: any Error, rows: @autoclosure () -> [Row], sql: String)
    throws -> Bool
  {
    switch error {
    case is ColumnBinder.NotBindable: return false
    case let error as DatabaseError where error.arguments?.isEmpty ?? true:
      throw error.adding(valuesOf: rows(), sql: sql)
    default: throw error
    }
  }

  /// The SQL of a plain insert of `count` rows of `Row` with a parameter for every value, whatever
  /// the values: one statement for every such insert, with NULL values or not.
  @usableFromInline
  static func sqlWithParameters<Row: Table>(for row: Row.Type, count: Int) -> String {
    let parameter = QueryFragment(segments: [.binding(.null)])
    let columnCount = ColumnNames.writable(Row.TableColumns.self).count
    let template = Insert<Into, ()>(
      source: .values(Array(repeating: Array(repeating: parameter, count: columnCount), count: count)),
      clauses: InsertClauses(quotedColumnNames: ColumnNames.quotedWritable(Row.TableColumns.self)),
      decodeRow: { _ in () })
    return template.query.prepare().sql
  }
}

extension DatabaseError {
  /// The error with the values of `rows` as they were bound: a nil renders as NULL in SQL, but
  /// takes a parameter here.
  @usableFromInline
  func adding<Row: Table>(valuesOf rows: [Row], sql: String) -> DatabaseError {
    let bindings = rows.flatMap(\.columnValues).map { value -> QueryBinding in
      guard value.segments.count == 1, case .binding(let binding) = value.segments[0] else { return .null }
      return binding
    }
    return adding(bindings: bindings, sql: sql)
  }

  /// The error with the statement's values, which a statement bound value by value did not keep:
  /// they are worked out only when there is an error.
  func adding(bindings: [QueryBinding], sql: String) -> DatabaseError {
    DatabaseError(
      resultCode: extendedResultCode, message: message, sql: self.sql ?? sql,
      arguments: StatementArguments(bindings.map { (try? $0.databaseValue()) ?? .null }),
      path: path, hint: hint)
  }
}
