import SQLiteEngine

extension QueryFragment {
  /// The executed form on the connection's statement cache, with its arguments; nil for an empty
  /// query, which runs no SQL.
  @usableFromInline
  func cachedStatement(_ db: Database) throws -> (SQLiteEngine.Statement, StatementArguments)? {
    guard !isEmpty else { return nil }
    let (sql, bindings) = prepare()
    let arguments = StatementArguments(try bindings.map { try $0.databaseValue() })
    return (try db.cachedStatement(sql: sql), arguments)
  }

  /// Every row, decoded by `decode`. Inlinable, as the fetches that call it, so that the loop over
  /// the rows is specialized for the type it makes.
  @inlinable
  func fetchAll<T>(_ db: Database, _ decode: (inout QueryDecoder) throws -> T) throws -> [T] {
    guard let (statement, arguments) = try cachedStatement(db) else { return [] }
    // One decoder for every row (the row is the statement's current one): making one per row
    // would count a reference to the statement per row.
    var decoder: QueryDecoder?
    return try statement.fetchAll(arguments: arguments) { row in
      if decoder == nil { decoder = QueryDecoder(row: row) } else { decoder!.currentIndex = 0 }
      return try decode(&decoder!)
    }
  }

  /// The first row, decoded by `decode`, or nil.
  @inlinable
  func fetchOne<T>(_ db: Database, _ decode: (inout QueryDecoder) throws -> T) throws -> T? {
    guard let (statement, arguments) = try cachedStatement(db) else { return nil }
    return try statement.fetchOne(arguments: arguments) { row in
      var decoder = QueryDecoder(row: row)
      return try decode(&decoder)
    }
  }

  /// Runs the statement to completion.
  func execute(_ db: Database) throws {
    guard let (statement, arguments) = try cachedStatement(db) else { return }
    try statement.execute(arguments: arguments)
  }

  /// A cursor over the rows, on its own statement so that other queries cannot disturb it.
  func fetchCursor<T>(_ db: Database, _ decode: @escaping (inout QueryDecoder) throws -> T) throws
    -> QueryCursor<T>
  {
    guard !isEmpty else { return QueryCursor(cursor: nil, decode: decode) }
    let (sql, bindings) = prepare()
    let arguments = StatementArguments(try bindings.map { try $0.databaseValue() })
    let cursor = try db.makeStatement(sql: sql).makeCursor(arguments: arguments)
    return QueryCursor(cursor: cursor, decode: decode)
  }
}

/// Decoded rows one at a time.
public final class QueryCursor<Element> {
  private let cursor: RowCursor?
  private let decode: (inout QueryDecoder) throws -> Element

  init(cursor: RowCursor?, decode: @escaping (inout QueryDecoder) throws -> Element) {
    self.cursor = cursor
    self.decode = decode
  }

  public func next() throws -> Element? {
    guard let row = try cursor?.next() else { return nil }
    var decoder = QueryDecoder(row: row)
    return try decode(&decoder)
  }

  public func forEach(_ body: (Element) throws -> Void) throws {
    while let element = try next() { try body(element) }
  }
}

// MARK: - SELECT

extension Select {
  /// Every row.
  @inlinable
  public func fetchAll(_ db: Database) throws -> [Columns] {
    if decodesRowsOfFrom, Columns.self == From.self {
      // Known once per fetch (and where this is specialized, known at compile time).
      let rows: [From] = try query.fetchAll(db) { try From(decoder: &$0) }
      return unsafeBitCast(rows, to: [Columns].self)
    }
    return try query.fetchAll(db, decodeRow)
  }

  /// The first row, or nil.
  @inlinable
  public func fetchOne(_ db: Database) throws -> Columns? { try limit(1).query.fetchOne(db, decodeRow) }

  /// The rows one at a time.
  public func fetchCursor(_ db: Database) throws -> QueryCursor<Columns> {
    try query.fetchCursor(db, decodeRow)
  }

  /// How many rows the statement selects.
  public func fetchCount(_ db: Database) throws -> Int {
    let clauses = self.clauses
    guard !clauses.isEmpty else { return 0 }
    let simple =
      clauses.groups.isEmpty && clauses.limit == nil && clauses.offset == nil && !clauses.isDistinct
    let counting: QueryFragment =
      simple ? count().query : "SELECT count(*) FROM " + queryFragment
    return try counting.fetchOne(db) { try Int(decoder: &$0) } ?? 0
  }

  /// Runs the statement, ignoring its rows.
  public func execute(_ db: Database) throws { try query.execute(db) }
}

extension Table {
  public static func fetchAll(_ db: Database) throws -> [Self] { try all.fetchAll(db) }
  public static func fetchOne(_ db: Database) throws -> Self? { try all.fetchOne(db) }
  public static func fetchCount(_ db: Database) throws -> Int { try all.fetchCount(db) }
  public static func fetchCursor(_ db: Database) throws -> QueryCursor<Self> { try all.fetchCursor(db) }
}

// MARK: - Raw SQL

extension SQLQueryExpression where QueryValue == () {
  /// Runs the statement. Empty SQL does nothing.
  public func execute(_ db: Database) throws { try queryFragment.execute(db) }
}

extension SQLQueryExpression where QueryValue: QueryRepresentable {
  /// Every row, decoded as `QueryValue` (a value, or a table's columns in order).
  public func fetchAll(_ db: Database) throws -> [QueryValue.QueryOutput] {
    try queryFragment.fetchAll(db) { try QueryValue(decoder: &$0).queryOutput }
  }

  /// The first row, or nil.
  public func fetchOne(_ db: Database) throws -> QueryValue.QueryOutput? {
    try queryFragment.fetchOne(db) { try QueryValue(decoder: &$0).queryOutput }
  }

  /// The rows one at a time.
  public func fetchCursor(_ db: Database) throws -> QueryCursor<QueryValue.QueryOutput> {
    try queryFragment.fetchCursor(db) { try QueryValue(decoder: &$0).queryOutput }
  }
}

// MARK: - Statements known by what they select

extension Statement where QueryValue: QueryRepresentable {
  /// Every row of a statement known only by what it selects, `some Statement<Bool?>`: each
  /// decoded as `QueryValue` reads it. (A concrete statement's own `fetchAll` is used where its
  /// type is known.)
  public func fetchAll(_ db: Database) throws -> [QueryValue.QueryOutput] {
    try query.fetchAll(db) { try QueryValue(decoder: &$0).queryOutput }
  }

  /// The first row, or nil.
  public func fetchOne(_ db: Database) throws -> QueryValue.QueryOutput? {
    try query.fetchOne(db) { try QueryValue(decoder: &$0).queryOutput }
  }
}

extension SQLQueryExpression {
  /// Every row, decoded as the values of a tuple type, in order: `#sql("…", as: (Reminder,
  /// RemindersList).self)`.
  public func fetchAll<each Value: QueryRepresentable>(_ db: Database) throws -> [(
    repeat (each Value).QueryOutput
  )]
  where QueryValue == (repeat each Value) {
    try queryFragment.fetchAll(db) { decoder in (repeat try (each Value)(decoder: &decoder).queryOutput) }
  }

  /// The first row, or nil.
  public func fetchOne<each Value: QueryRepresentable>(_ db: Database) throws -> (
    repeat (each Value).QueryOutput
  )?
  where QueryValue == (repeat each Value) {
    try queryFragment.fetchOne(db) { decoder in (repeat try (each Value)(decoder: &decoder).queryOutput) }
  }
}
