import SQLiteEngine

/// `SELECT` of values, without a table: `Values(1, "a")` is `SELECT 1, 'a'`.
///
/// A row of literal values for a compound select, an `INSERT … SELECT`, or a statement of a
/// trigger that only calls functions:
///
///     Tag.insert { $0.title } select: { Values("errand") }
///     Values(#sql("raise(ABORT, 'A list needs a title')", as: Void.self))
///
/// A table row or a `@Selection`'s `Columns(…)` selects its columns by name:
/// `Values(Count(value: 1))` is `SELECT 1 AS "value"`.
public struct Values<QueryValue>: SelectStatement, @unchecked Sendable {
  let columns: [QueryFragment]
  let decodeRow: (inout QueryDecoder) throws -> QueryValue

  init(columns: [QueryFragment], decodeRow: @escaping (inout QueryDecoder) throws -> QueryValue) {
    self.columns = columns
    self.decodeRow = decodeRow
  }

  public var query: QueryFragment { "SELECT " + columns.joined(separator: ", ") }

  public func decode(_ decoder: inout QueryDecoder) throws -> QueryValue { try decodeRow(&decoder) }

  /// Every row.
  public func fetchAll(_ db: Database) throws -> [QueryValue] { try query.fetchAll(db, decodeRow) }

  /// The row.
  public func fetchOne(_ db: Database) throws -> QueryValue? { try query.fetchOne(db, decodeRow) }

  /// The rows one at a time.
  public func fetchCursor(_ db: Database) throws -> QueryCursor<QueryValue> {
    try query.fetchCursor(db, decodeRow)
  }

  /// Runs the statement, ignoring its row.
  public func execute(_ db: Database) throws { try query.execute(db) }
}

extension Values: FetchableStatement {
  public typealias Row = QueryValue
  public var fetchKey: String { query.debugDescription }
}

extension Values where QueryValue == Void {
  /// `SELECT f(…)` of a function called for what it does, as in a trigger.
  public init(_ value: some QueryExpression<Void>) {
    self.init(columns: [value.queryFragment]) { $0.skip(1) }
  }
}

// One initializer per number of values (not a variadic one: the type checker handles these
// faster, and closures over packs of tuples crash this compiler).
extension Values {
  /// `SELECT value`.
  public init<A: QueryExpression>(_ a: A)
  where QueryValue == A.QueryValue.QueryOutput, A.QueryValue: QueryRepresentable {
    self.init(columns: [valueFragment(a)]) { decoder in
      try decodeNext(A.QueryValue.self, &decoder).queryOutput
    }
  }

  /// `SELECT` of 2 values.
  public init<A: QueryExpression, B: QueryExpression>(_ a: A, _ b: B)
  where
    QueryValue == (A.QueryValue.QueryOutput, B.QueryValue.QueryOutput), A.QueryValue: QueryRepresentable,
    B.QueryValue: QueryRepresentable
  {
    self.init(columns: [valueFragment(a), valueFragment(b)]) { decoder in
      (
        try decodeNext(A.QueryValue.self, &decoder).queryOutput,
        try decodeNext(B.QueryValue.self, &decoder).queryOutput
      )
    }
  }

  /// `SELECT` of 3 values.
  public init<A: QueryExpression, B: QueryExpression, C: QueryExpression>(_ a: A, _ b: B, _ c: C)
  where
    QueryValue == (A.QueryValue.QueryOutput, B.QueryValue.QueryOutput, C.QueryValue.QueryOutput),
    A.QueryValue: QueryRepresentable, B.QueryValue: QueryRepresentable, C.QueryValue: QueryRepresentable
  {
    self.init(columns: [valueFragment(a), valueFragment(b), valueFragment(c)]) { decoder in
      (
        try decodeNext(A.QueryValue.self, &decoder).queryOutput,
        try decodeNext(B.QueryValue.self, &decoder).queryOutput,
        try decodeNext(C.QueryValue.self, &decoder).queryOutput
      )
    }
  }

  /// `SELECT` of 4 values.
  public init<A: QueryExpression, B: QueryExpression, C: QueryExpression, D: QueryExpression>(
    _ a: A, _ b: B, _ c: C, _ d: D
  )
  where
    QueryValue == (
      A.QueryValue.QueryOutput, B.QueryValue.QueryOutput, C.QueryValue.QueryOutput, D.QueryValue.QueryOutput
    ), A.QueryValue: QueryRepresentable, B.QueryValue: QueryRepresentable, C.QueryValue: QueryRepresentable,
    D.QueryValue: QueryRepresentable
  {
    self.init(columns: [valueFragment(a), valueFragment(b), valueFragment(c), valueFragment(d)]) { decoder in
      (
        try decodeNext(A.QueryValue.self, &decoder).queryOutput,
        try decodeNext(B.QueryValue.self, &decoder).queryOutput,
        try decodeNext(C.QueryValue.self, &decoder).queryOutput,
        try decodeNext(D.QueryValue.self, &decoder).queryOutput
      )
    }
  }

  /// `SELECT` of 5 values.
  public init<
    A: QueryExpression, B: QueryExpression, C: QueryExpression, D: QueryExpression, E: QueryExpression
  >(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E)
  where
    QueryValue == (
      A.QueryValue.QueryOutput, B.QueryValue.QueryOutput, C.QueryValue.QueryOutput, D.QueryValue.QueryOutput,
      E.QueryValue.QueryOutput
    ), A.QueryValue: QueryRepresentable, B.QueryValue: QueryRepresentable, C.QueryValue: QueryRepresentable,
    D.QueryValue: QueryRepresentable, E.QueryValue: QueryRepresentable
  {
    self.init(columns: [
      valueFragment(a), valueFragment(b), valueFragment(c), valueFragment(d), valueFragment(e),
    ]) { decoder in
      (
        try decodeNext(A.QueryValue.self, &decoder).queryOutput,
        try decodeNext(B.QueryValue.self, &decoder).queryOutput,
        try decodeNext(C.QueryValue.self, &decoder).queryOutput,
        try decodeNext(D.QueryValue.self, &decoder).queryOutput,
        try decodeNext(E.QueryValue.self, &decoder).queryOutput
      )
    }
  }

  /// `SELECT` of 6 values.
  public init<
    A: QueryExpression, B: QueryExpression, C: QueryExpression, D: QueryExpression, E: QueryExpression,
    F: QueryExpression
  >(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F)
  where
    QueryValue == (
      A.QueryValue.QueryOutput, B.QueryValue.QueryOutput, C.QueryValue.QueryOutput, D.QueryValue.QueryOutput,
      E.QueryValue.QueryOutput, F.QueryValue.QueryOutput
    ), A.QueryValue: QueryRepresentable, B.QueryValue: QueryRepresentable, C.QueryValue: QueryRepresentable,
    D.QueryValue: QueryRepresentable, E.QueryValue: QueryRepresentable, F.QueryValue: QueryRepresentable
  {
    self.init(columns: [
      valueFragment(a), valueFragment(b), valueFragment(c), valueFragment(d), valueFragment(e),
      valueFragment(f),
    ]) { decoder in
      (
        try decodeNext(A.QueryValue.self, &decoder).queryOutput,
        try decodeNext(B.QueryValue.self, &decoder).queryOutput,
        try decodeNext(C.QueryValue.self, &decoder).queryOutput,
        try decodeNext(D.QueryValue.self, &decoder).queryOutput,
        try decodeNext(E.QueryValue.self, &decoder).queryOutput,
        try decodeNext(F.QueryValue.self, &decoder).queryOutput
      )
    }
  }
}

/// A value as `Values` selects it: a table row or a `@Selection`'s `Columns(…)` as its named
/// columns, anything else as it is.
func valueFragment(_ expression: some QueryExpression) -> QueryFragment {
  if let row = expression as? any Table { return row.selectedColumns }
  return selectedFragment(expression)
}

extension Table {
  /// The row's values named after its columns: `1 AS "id", 'Milk' AS "title"`.
  var selectedColumns: QueryFragment {
    aliased(
      zip(ColumnNames.all(TableColumns.self), columnValues).map { (name: $0, fragment: $1, isColumn: true) })
  }
}
