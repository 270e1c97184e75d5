import SQLiteEngine

/// Selects combined with `UNION`, `UNION ALL`, `INTERSECT` or `EXCEPT`: rows of the same type from
/// several queries, each operator on its own line.
///
///     let titles = Reminder.select(\.title).union(RemindersList.select(\.title))
///     // SELECT "reminders"."title"
///     // FROM "reminders"
///     //   UNION
///     // SELECT "remindersLists"."title"
///     // FROM "remindersLists"
public struct CompoundSelect<QueryValue>: SelectStatement, Sendable {
  /// The operands in order, each with the operator before it (the first has none). None when the
  /// result is known to be empty, as when intersecting with `Table.none`.
  let operands: [(operator: String, query: QueryFragment)]
  let decodeRow: @Sendable (inout QueryDecoder) throws -> QueryValue

  public var query: QueryFragment {
    var query = QueryFragment()
    for (index, operand) in operands.enumerated() {
      if index > 0 { query.append("\n  \(raw: operand.operator)\n") }
      query.append(operand.query)
    }
    return query
  }

  public func decode(_ decoder: inout QueryDecoder) throws -> QueryValue { try decodeRow(&decoder) }

  /// Every row.
  public func fetchAll(_ db: Database) throws -> [QueryValue] { try query.fetchAll(db, decodeRow) }

  /// The first row, or nil.
  public func fetchOne(_ db: Database) throws -> QueryValue? { try query.fetchOne(db, decodeRow) }

  /// The rows one at a time.
  public func fetchCursor(_ db: Database) throws -> QueryCursor<QueryValue> {
    try query.fetchCursor(db, decodeRow)
  }

  /// How many rows the statement selects.
  public func fetchCount(_ db: Database) throws -> Int { try query.fetchCount(db) }

  /// Runs the statement, ignoring its rows.
  public func execute(_ db: Database) throws { try query.execute(db) }
}

extension SelectStatement {
  /// `UNION`: the rows of either query, without duplicates; `UNION ALL` keeps them.
  public func union(all: Bool = false, _ other: some SelectStatement<QueryValue>) -> CompoundSelect<
    QueryValue
  > {
    combined(all ? "UNION ALL" : "UNION", with: other)
  }

  /// `INTERSECT`: the rows both queries select.
  public func intersect(_ other: some SelectStatement<QueryValue>) -> CompoundSelect<QueryValue> {
    combined("INTERSECT", with: other)
  }

  /// `EXCEPT`: the rows of this query that the other does not select.
  public func except(_ other: some SelectStatement<QueryValue>) -> CompoundSelect<QueryValue> {
    combined("EXCEPT", with: other)
  }

  func combined<Other: SelectStatement<QueryValue>>(_ keyword: String, with other: Other)
    -> CompoundSelect<QueryValue>
  {
    let left = (self as? CompoundSelect<QueryValue>)?.operands ?? compoundOperands(of: self)
    let right = compoundOperands(of: other).map { (operator: keyword, query: $0.query) }
    // An empty statement (`Table.none`) selects no rows: leave it out where it changes nothing.
    let operands: [(operator: String, query: QueryFragment)]
    switch (left.isEmpty, right.isEmpty) {
    case (false, false): operands = left + right
    case (true, _): operands = keyword.hasPrefix("UNION") ? right.map { (operator: "", query: $0.query) } : []
    case (false, true): operands = keyword == "INTERSECT" ? [] : left
    }
    if left.isEmpty, !right.isEmpty {
      return CompoundSelect(operands: operands) { try other.decode(&$0) }
    }
    return CompoundSelect(operands: operands) { try self.decode(&$0) }
  }
}

/// A statement as one operand of a compound select. SQLite reads an ORDER BY or LIMIT there as
/// the whole compound's, and a compound on the right as more operands of this one, so both are
/// wrapped to mean what they say: `SELECT * FROM (…)`.
func compoundOperands(of statement: some SelectStatement) -> [(operator: String, query: QueryFragment)] {
  let query = statement.query
  guard !query.isEmpty else { return [] }
  let needsWrapping: Bool
  if let select = statement as? any OrderedSelect {
    needsWrapping = select.isOrderedOrLimited
  } else {
    needsWrapping = statement is any CompoundSelectProtocol
  }
  guard needsWrapping else { return [("", query)] }
  return [("", "SELECT * FROM (\n" + query.indented() + "\n)")]
}

/// A select whose ORDER BY or LIMIT would leak into a compound around it.
protocol OrderedSelect {
  var isOrderedOrLimited: Bool { get }
}

extension Select: OrderedSelect {
  var isOrderedOrLimited: Bool {
    !clauses.orders.isEmpty || clauses.limit != nil || clauses.offset != nil
  }
}

/// Compound selects of any row type.
protocol CompoundSelectProtocol {}
extension CompoundSelect: CompoundSelectProtocol {}

extension Table {
  /// `UNION` of this row and a query's rows: how a recursive common table expression starts.
  ///
  ///     Count(value: 1).union(Count.select { Count.Columns(value: $0.value + 1) }.where { $0.value < 10 })
  public func union(all: Bool = false, _ other: some SelectStatement<Self>) -> CompoundSelect<Self> {
    Values(self).union(all: all, other)
  }

  /// `INTERSECT` of this row and a query's rows.
  public func intersect(_ other: some SelectStatement<Self>) -> CompoundSelect<Self> {
    Values(self).intersect(other)
  }

  /// `EXCEPT`: this row, unless the query selects it.
  public func except(_ other: some SelectStatement<Self>) -> CompoundSelect<Self> {
    Values(self).except(other)
  }
}
