import SQLiteEngine

/// The rows of an insert of `@Table` values or drafts: their column values as fragments, for the
/// SQL, and bound straight into the statement, for running it. Inserting a draft at a time then
/// renders no SQL and makes no fragment: the statement is found by the row type and count, and
/// each value is bound where it is.
@usableFromInline
protocol InsertRows {
  var count: Int { get }
  /// The rows' values, a list per row.
  var columnValues: [[QueryFragment]] { get }
  /// Binds every value of every row, in order.
  func bindColumnValues(to binder: inout ColumnBinder) throws
  /// The quoted names of the columns the rows give values for.
  var quotedColumnNames: QueryFragment { get }
  /// The number of columns the rows give values for.
  var columnCount: Int { get }
  /// The key of the statement inserting these rows (into their own table, not an alias): with
  /// the type of the rows and their count, the SQL is decided.
  var statementKey: StatementCacheKey { get }
}

@usableFromInline
struct TableRows<Row: Table>: InsertRows {
  @usableFromInline
  let rows: [Row]

  @inlinable
  init(_ rows: [Row]) { self.rows = rows }

  @usableFromInline
  var count: Int { rows.count }

  @usableFromInline
  var columnValues: [[QueryFragment]] { rows.map(\.columnValues) }

  @usableFromInline
  func bindColumnValues(to binder: inout ColumnBinder) throws {
    // Each row binds where it lies: this runs unspecialized, where copying a row out of the
    // array costs more than binding it.
    try rows.withUnsafeBufferPointer { rows in
      guard var row = rows.baseAddress else { return }
      for _ in rows.indices {
        try row.pointee.bindColumnValues(to: &binder)
        row += 1
      }
    }
  }

  @usableFromInline
  var quotedColumnNames: QueryFragment { ColumnNames.quotedWritable(Row.TableColumns.self) }

  @usableFromInline
  var columnCount: Int { ColumnNames.writable(Row.TableColumns.self).count }

  @usableFromInline
  var statementKey: StatementCacheKey { StatementCacheKey(Row.self, variant: rows.count) }
}

extension Insert {
  /// Runs an insert of rows with nothing else (no conflict clause, no RETURNING, no alias) by
  /// binding their values into the statement kept for their type and count. False for any other
  /// insert, and for rows with a value that is not one binding: those render their SQL.
  func executeBindingRows(_ db: Database) throws -> Bool {
    guard case .rows(let rows) = source, rows.count > 0, conflictTarget == nil, doUpdate == nil,
      returning.isEmpty, Into.tableAlias == nil
    else { return false }
    let statement = try db.cachedStatement(key: rows.statementKey) { sqlWithParameters(for: rows) }
    do {
      try statement.execute { handle in
        var binder = ColumnBinder(statement: handle)
        try rows.bindColumnValues(to: &binder)
        return binder.count
      }
      return true
    } catch is ColumnBinder.NotBindable {
      return false
    } catch let error as DatabaseError where error.arguments?.isEmpty ?? true {
      // The values as bound: a nil renders as NULL in SQL, but takes a parameter here.
      let bindings = rows.columnValues.joined().map { value -> QueryBinding in
        guard value.segments.count == 1, case .binding(let binding) = value.segments[0] else { return .null }
        return binding
      }
      throw error.adding(bindings: bindings, sql: statement.sql)
    }
  }

  /// The SQL with a parameter for every value of the rows, whatever the values: one statement
  /// for every row of the type, with NULL values or not.
  private func sqlWithParameters(for rows: any InsertRows) -> String {
    let parameter = QueryFragment(segments: [.binding(.null)])
    var template = self
    template.source = .values(
      Array(repeating: Array(repeating: parameter, count: rows.columnCount), count: rows.count))
    template.quotedColumnNames = rows.quotedColumnNames
    return template.query.prepare().sql
  }
}

extension DatabaseError {
  /// The error with the statement's values, which a statement bound value by value did not keep:
  /// they are worked out only when there is an error.
  func adding(bindings: [QueryBinding], sql: String) -> DatabaseError {
    DatabaseError(
      resultCode: extendedResultCode, message: message, sql: self.sql ?? sql,
      arguments: StatementArguments(bindings.map { (try? $0.databaseValue()) ?? .null }),
      path: path, hint: hint)
  }
}
