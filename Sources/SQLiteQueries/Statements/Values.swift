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
///
/// `Values { … }` is SQL's `VALUES` instead: rows of values built with `if` and `for`, each a
/// value, a tuple of them, or a `@Selection`'s `Columns(…)`.
///
///     Values { (1, "Hello"); (2, "Goodbye") }   // VALUES (1, 'Hello'), (2, 'Goodbye')
public struct Values<QueryValue>: SelectStatement, Sendable {
  /// What is selected: one `SELECT` of columns, or `VALUES` rows.
  let body: Body
  let decodeRow: @Sendable (inout QueryDecoder) throws -> QueryValue
  /// Where each value of a row sits, for `Select(Values { … })`; nil for no rows. Made once per
  /// row type.
  let layout: ValuesLayout?

  enum Body {
    /// The selected columns (a table row's named after its columns), and the same values as one
    /// row of VALUES.
    case columns([QueryFragment], row: QueryFragment)
    /// Each row's values, comma-separated; none runs nothing.
    case rows([QueryFragment])
  }

  init(
    values: [any QueryExpression], layout: () -> ValuesLayout,
    decodeRow: @escaping @Sendable (inout QueryDecoder) throws -> QueryValue
  ) {
    self.layout = ValuesLayout.remembered(for: QueryValue.self, orMake: layout)
    self.body = .columns(
      values.map { valueFragment($0) }, row: values.map(\.queryFragment).joined(separator: ", "))
    self.decodeRow = decodeRow
  }

  /// `VALUES (…), (…)`: the rows of the builder, one per expression, `if` and `for` included.
  public init(@ValuesBuilder _ rows: () -> ValuesRows<QueryValue>) {
    let built = rows()
    self.body = .rows(built.rows)
    self.decodeRow = built.decodeRow
    self.layout = built.layout
  }

  public var query: QueryFragment {
    switch body {
    case .columns(let columns, _): "SELECT " + columns.joined(separator: ", ")
    case .rows: rowsFragment
    }
  }

  /// The values as SQL's `VALUES (…), (…)`, or nothing for no rows.
  var rowsFragment: QueryFragment {
    rowValues.isEmpty ? QueryFragment() : "VALUES " + rowValues.map { "(" + $0 + ")" }.joined(separator: ", ")
  }

  /// Each row's values, comma-separated.
  var rowValues: [QueryFragment] {
    switch body {
    case .columns(_, let row): [row]
    case .rows(let rows): rows
    }
  }

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
  public var fetchKey: String { query.inlinedSQL }
}

extension Values where QueryValue == Void {
  /// `SELECT f(…)` of a function called for what it does, as in a trigger.
  public init(_ value: some QueryExpression<Void>) {
    self.init(values: [value], layout: { ValuesLayout.of(Void.self) }) { $0.skip(1) }
  }
}

// One initializer per number of values (not a variadic one: the type checker handles these
// faster, and closures over packs of tuples crash this compiler).
extension Values {
  /// `SELECT value`.
  public init<A: QueryExpression>(_ a: A)
  where QueryValue == A.QueryValue.QueryOutput, A.QueryValue: QueryRepresentable {
    self.init(values: [a], layout: { ValuesLayout.of(A.QueryValue.QueryOutput.self) }) { decoder in
      try decodeNext(A.QueryValue.self, &decoder).queryOutput
    }
  }

  /// `SELECT` of 2 values.
  public init<A: QueryExpression, B: QueryExpression>(_ a: A, _ b: B)
  where
    QueryValue == (A.QueryValue.QueryOutput, B.QueryValue.QueryOutput), A.QueryValue: QueryRepresentable,
    B.QueryValue: QueryRepresentable
  {
    self.init(
      values: [a, b],
      layout: { ValuesLayout.of(A.QueryValue.QueryOutput.self, B.QueryValue.QueryOutput.self) }
    ) { decoder in
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
    self.init(
      values: [a, b, c],
      layout: {
        ValuesLayout.of(
          A.QueryValue.QueryOutput.self, B.QueryValue.QueryOutput.self, C.QueryValue.QueryOutput.self)
      }
    ) { decoder in
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
    self.init(
      values: [a, b, c, d],
      layout: {
        ValuesLayout.of(
          A.QueryValue.QueryOutput.self, B.QueryValue.QueryOutput.self, C.QueryValue.QueryOutput.self,
          D.QueryValue.QueryOutput.self)
      }
    ) { decoder in
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
    self.init(
      values: [a, b, c, d, e],
      layout: {
        ValuesLayout.of(
          A.QueryValue.QueryOutput.self, B.QueryValue.QueryOutput.self, C.QueryValue.QueryOutput.self,
          D.QueryValue.QueryOutput.self, E.QueryValue.QueryOutput.self)
      }
    ) { decoder in
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
    self.init(
      values: [a, b, c, d, e, f],
      layout: {
        ValuesLayout.of(
          A.QueryValue.QueryOutput.self, B.QueryValue.QueryOutput.self, C.QueryValue.QueryOutput.self,
          D.QueryValue.QueryOutput.self, E.QueryValue.QueryOutput.self, F.QueryValue.QueryOutput.self)
      }
    ) { decoder in
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

/// The rows of a `Values { … }`, with how each decodes.
public struct ValuesRows<Row> {
  let rows: [QueryFragment]
  let decodeRow: @Sendable (inout QueryDecoder) throws -> Row
  /// Where each value of a row sits; nil for no rows.
  var layout: ValuesLayout? = nil

  /// No rows: a `VALUES` that runs nothing.
  static var none: Self {
    ValuesRows(rows: []) { _ in throw QueryDecodingError(message: "VALUES of no rows has no row to decode") }
  }
}

/// Builds the rows of `Values { … }`: a value, a tuple of values, or a `@Selection`'s
/// `Columns(…)` per row (a selection's columns in a tuple are flattened into the row).
@resultBuilder
public enum ValuesBuilder {
  public static func buildExpression<Value: QueryExpression>(_ value: Value) -> ValuesRows<
    Value.QueryValue.QueryOutput
  >
  where Value.QueryValue: QueryRepresentable {
    ValuesRows(
      rows: [value.queryFragment], decodeRow: { try decodeNext(Value.QueryValue.self, &$0).queryOutput },
      layout: ValuesLayout.remembered(for: Value.QueryValue.QueryOutput.self) {
        ValuesLayout.of(Value.QueryValue.QueryOutput.self)
      })
  }

  @_disfavoredOverload
  public static func buildExpression<each Value: QueryExpression>(_ row: (repeat each Value))
    -> ValuesRows<(repeat (each Value).QueryValue.QueryOutput)>
  where repeat (each Value).QueryValue: QueryRepresentable {
    var values: [QueryFragment] = []
    for value in repeat each row { values.append(value.queryFragment) }
    return ValuesRows(
      rows: [values.joined(separator: ", ")],
      decodeRow: decodeEach(repeat (each Value).QueryValue.self),
      layout: ValuesLayout.remembered(for: (repeat (each Value).QueryValue.QueryOutput).self) {
        ValuesLayout.of(repeat ((each Value).QueryValue.QueryOutput).self)
      })
  }

  // Rows of 2 to 6 values, one overload per count: with the count known before the values'
  // types, a key path into the row (`Select(Values { … }).where(\.2)`) type-checks in the same
  // expression, which it does not through the pack above. Each row is the `Values(…)` of its
  // values.
  public static func buildExpression<A: QueryExpression, B: QueryExpression>(_ row: (A, B)) -> ValuesRows<
    (A.QueryValue.QueryOutput, B.QueryValue.QueryOutput)
  >
  where A.QueryValue: QueryRepresentable, B.QueryValue: QueryRepresentable {
    rows(of: Values(row.0, row.1))
  }

  public static func buildExpression<A: QueryExpression, B: QueryExpression, C: QueryExpression>(
    _ row: (A, B, C)
  ) -> ValuesRows<(A.QueryValue.QueryOutput, B.QueryValue.QueryOutput, C.QueryValue.QueryOutput)>
  where A.QueryValue: QueryRepresentable, B.QueryValue: QueryRepresentable, C.QueryValue: QueryRepresentable {
    rows(of: Values(row.0, row.1, row.2))
  }

  public static func buildExpression<
    A: QueryExpression, B: QueryExpression, C: QueryExpression, D: QueryExpression
  >(_ row: (A, B, C, D)) -> ValuesRows<
    (A.QueryValue.QueryOutput, B.QueryValue.QueryOutput, C.QueryValue.QueryOutput, D.QueryValue.QueryOutput)
  >
  where
    A.QueryValue: QueryRepresentable, B.QueryValue: QueryRepresentable, C.QueryValue: QueryRepresentable,
    D.QueryValue: QueryRepresentable
  {
    rows(of: Values(row.0, row.1, row.2, row.3))
  }

  public static func buildExpression<
    A: QueryExpression, B: QueryExpression, C: QueryExpression, D: QueryExpression, E: QueryExpression
  >(_ row: (A, B, C, D, E)) -> ValuesRows<
    (
      A.QueryValue.QueryOutput, B.QueryValue.QueryOutput, C.QueryValue.QueryOutput, D.QueryValue.QueryOutput,
      E.QueryValue.QueryOutput
    )
  >
  where
    A.QueryValue: QueryRepresentable, B.QueryValue: QueryRepresentable, C.QueryValue: QueryRepresentable,
    D.QueryValue: QueryRepresentable, E.QueryValue: QueryRepresentable
  {
    rows(of: Values(row.0, row.1, row.2, row.3, row.4))
  }

  public static func buildExpression<
    A: QueryExpression, B: QueryExpression, C: QueryExpression, D: QueryExpression, E: QueryExpression,
    F: QueryExpression
  >(_ row: (A, B, C, D, E, F)) -> ValuesRows<
    (
      A.QueryValue.QueryOutput, B.QueryValue.QueryOutput, C.QueryValue.QueryOutput, D.QueryValue.QueryOutput,
      E.QueryValue.QueryOutput, F.QueryValue.QueryOutput
    )
  >
  where
    A.QueryValue: QueryRepresentable, B.QueryValue: QueryRepresentable, C.QueryValue: QueryRepresentable,
    D.QueryValue: QueryRepresentable, E.QueryValue: QueryRepresentable, F.QueryValue: QueryRepresentable
  {
    rows(of: Values(row.0, row.1, row.2, row.3, row.4, row.5))
  }

  /// The rows of a `Values(…)`, for the builder.
  static func rows<Row>(of values: Values<Row>) -> ValuesRows<Row> {
    ValuesRows(rows: values.rowValues, decodeRow: values.decodeRow, layout: values.layout)
  }

  public static func buildBlock<Row>(_ rows: ValuesRows<Row>...) -> ValuesRows<Row> { combined(rows) }

  public static func buildOptional<Row>(_ rows: ValuesRows<Row>?) -> ValuesRows<Row> {
    rows ?? .none
  }

  public static func buildEither<Row>(first rows: ValuesRows<Row>) -> ValuesRows<Row> { rows }
  public static func buildEither<Row>(second rows: ValuesRows<Row>) -> ValuesRows<Row> { rows }
  public static func buildArray<Row>(_ rows: [ValuesRows<Row>]) -> ValuesRows<Row> { combined(rows) }

  static func combined<Row>(_ parts: [ValuesRows<Row>]) -> ValuesRows<Row> {
    // Every part decodes the same row type the same way, whatever rows it holds.
    guard let first = parts.first else { return .none }
    return ValuesRows(rows: parts.flatMap(\.rows), decodeRow: first.decodeRow, layout: first.layout)
  }
}
