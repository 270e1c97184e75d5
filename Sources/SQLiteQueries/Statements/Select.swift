import SQLiteEngine

/// A SELECT statement on `From` and the tables joined to it, whose rows decode to `Columns`.
///
/// Built from a table and refined one clause at a time:
///
///     Reminder.where { !$0.isCompleted }.order { $0.title.desc() }.limit(10)
@dynamicMemberLookup
public struct Select<Columns, From: Table, Joins>: PartialSelectStatement, Sendable {
  public typealias QueryValue = Columns

  /// The clauses this select was given. `clauses` adds the table's default scope to them when
  /// `mergesDefaultScope`.
  var ownClauses: SelectClauses { didSet { rendered = RenderedQuery() } }
  /// Whether the table's default scope (`From.all`) is still to be merged in: `Table.where` leaves
  /// it for later, since a default scope declared as `static let all = Self.where { … }` would
  /// otherwise read itself while it is being made, and never return.
  var mergesDefaultScope: Bool { didSet { rendered = RenderedQuery() } }
  /// The statement as rendered the first time `query` was read, shared by the copies of this
  /// select and replaced by any change to its clauses: a live query renders its statement again
  /// at every fetch otherwise.
  private var rendered = RenderedQuery()

  /// The clauses the statement renders: its own, after the default scope's when that is pending.
  /// Changing one clause in place changes the statement's own (the scope is still merged later);
  /// assigning all of them settles the merge.
  var clauses: SelectClauses {
    get {
      guard mergesDefaultScope else { return ownClauses }
      return From.all.ownClauses.followed(by: ownClauses)
    }
    set {
      ownClauses = newValue
      mergesDefaultScope = false
    }
    _modify { yield &ownClauses }
  }

  /// Reads one row of the selected columns.
  @usableFromInline
  let decodeRow: @Sendable (inout QueryDecoder) throws -> Columns

  /// Whether rows decode as whole rows of `From` (no selection, no join): fetches then call
  /// `From(decoder:)` where they are specialized, rather than `decodeRow` row after row.
  @usableFromInline
  let decodesRowsOfFrom: Bool

  init(
    clauses: SelectClauses, decodeRow: @escaping @Sendable (inout QueryDecoder) throws -> Columns,
    decodesRowsOfFrom: Bool = false, mergesDefaultScope: Bool = false
  ) {
    self.ownClauses = clauses
    self.mergesDefaultScope = mergesDefaultScope
    self.decodeRow = decodeRow
    self.decodesRowsOfFrom = decodesRowsOfFrom
  }

  /// Decodes a row of the statement.
  public func decode(_ decoder: inout QueryDecoder) throws -> Columns { try decodeRow(&decoder) }

  public var query: QueryFragment {
    rendered.fragment {
      // Read once: with the default scope pending, each read merges it in.
      let clauses = self.clauses
      guard !clauses.isEmpty else { return QueryFragment() }
      let columns = clauses.selectedColumns(from: From.self)
      return clauses.render(columns: columns, from: From.self)
    }
  }
}

extension Select where Columns == From, Joins == () {
  /// The statement every query on `From` starts from.
  public init(isEmpty: Bool = false) {
    self.init(
      clauses: SelectClauses(isEmpty: isEmpty), decodeRow: { try From(decoder: &$0) }, decodesRowsOfFrom: true
    )
  }

  /// The statement `Table.where` starts from: every row, under the default scope, which is read
  /// when the statement is used rather than now.
  static var scopedLater: Self {
    Self(
      clauses: SelectClauses(), decodeRow: { try From(decoder: &$0) }, decodesRowsOfFrom: true,
      mergesDefaultScope: true)
  }
}

extension Select where Columns == From, Joins == () {
  /// A query helper of the table, reached from any select of it, with this select's clauses
  /// merged in: `Tag.order(by: \.title).withReminders` for `extension Tag { static let
  /// withReminders = group(by: \.primaryKey).leftJoin(…) }`. Conditions, groups, havings and
  /// orders of both apply, this select's first and each once (`Row.all.all` is `Row.all`); the
  /// helper's columns, joins and limit win.
  public subscript<HelperColumns, HelperJoins>(
    dynamicMember keyPath: KeyPath<From.Type, Select<HelperColumns, From, HelperJoins>>
  ) -> Select<HelperColumns, From, HelperJoins> {
    let helper = From.self[keyPath: keyPath]
    return Select<HelperColumns, From, HelperJoins>(
      clauses: clauses.followed(by: helper.clauses), decodeRow: helper.decodeRow,
      decodesRowsOfFrom: helper.decodesRowsOfFrom)
  }
}

extension Select where Joins == () {
  /// A query helper of the table, from a select that chose columns: the helper's columns follow
  /// the chosen ones, `RemindersList.select(\.title).withReminderCount` selects the title and
  /// the count. Clauses merge as above.
  @_disfavoredOverload
  public subscript<each Chosen, HelperColumns, HelperJoins>(
    dynamicMember keyPath: KeyPath<From.Type, Select<HelperColumns, From, HelperJoins>>
  ) -> Select<(repeat each Chosen, HelperColumns), From, HelperJoins> where Columns == (repeat each Chosen) {
    let helper = From.self[keyPath: keyPath]
    var merged = clauses.followed(by: helper.clauses)
    merged.columns =
      clauses.selectedColumns(from: From.self) + helper.clauses.selectedColumns(from: From.self)
    let decodeChosen = decodeRow
    let decodeHelper = helper.decodeRow
    return Select<(repeat each Chosen, HelperColumns), From, HelperJoins>(
      clauses: merged,
      decodeRow: { decoder in
        let chosen = try decodeChosen(&decoder)
        return (repeat each chosen, try decodeHelper(&decoder))
      })
  }
}

extension Select where From: TableDraft {
  /// A query helper of the table, on a select of its drafts: `Reminder.Draft.select(\.id)
  /// .incomplete`. The helper's conditions, groups and orders follow this select's; the columns
  /// stay this select's.
  public subscript(
    dynamicMember keyPath: KeyPath<From.SourceTable.Type, Select<From.SourceTable, From.SourceTable, ()>>
  ) -> Self {
    var helper = From.SourceTable.self[keyPath: keyPath].clauses
    helper.columns = nil
    helper.tableColumns = nil
    return Select(
      clauses: clauses.followed(by: helper), decodeRow: decodeRow, decodesRowsOfFrom: decodesRowsOfFrom)
  }
}

extension Select where Columns == From, Joins == () {
  /// `.where(…)` where a filter of this table is expected: `Reminder.where(\.isCompleted)
  /// .and(.where(\.isFlagged))`.
  public static func `where`(_ predicate: (From.TableColumns) -> some QueryExpression<Bool>) -> Self {
    From.where(predicate)
  }

  public static func `where`<Condition: QueryExpression>(_ keyPath: KeyPath<From.TableColumns, Condition>)
    -> Self
  where Condition.QueryValue == Bool {
    From.where(keyPath)
  }
}

/// The clauses of a SELECT, rendered in SQL's order.
struct SelectClauses: Sendable {
  var isEmpty = false
  var isDistinct = false
  /// What FROM names when it is not the table itself: a table-valued function's call,
  /// `json_each("trips"."geofence")`.
  var source: QueryFragment?
  /// The selected columns, or nil for every column of the tables.
  var columns: [QueryFragment]?
  /// Every column of `From` and the joined tables, once a table is joined.
  var tableColumns: [QueryFragment]?
  var joins: [QueryFragment] = []
  var wheres: [QueryFragment] = []
  var groups: [QueryFragment] = []
  var havings: [QueryFragment] = []
  var orders: [QueryFragment] = []
  var limit: QueryFragment?
  var offset: QueryFragment?

  /// A default scope's clauses followed by a statement's own: conditions, groups, havings and
  /// orders of both, the scope's first, leaving out the statement's conditions that repeat the
  /// scope's (a scope written as `Self.where { … }` is itself such a statement).
  func followed(by own: SelectClauses) -> SelectClauses {
    var merged = self
    merged.isEmpty = isEmpty || own.isEmpty
    merged.isDistinct = isDistinct || own.isDistinct
    merged.source = own.source ?? source
    merged.columns = own.columns ?? columns
    merged.tableColumns = own.tableColumns ?? tableColumns
    merged.joins += own.joins
    merged.wheres += own.wheres.filter { !wheres.contains($0) }
    merged.groups += own.groups.filter { !groups.contains($0) }
    merged.havings += own.havings.filter { !havings.contains($0) }
    merged.orders += own.orders.filter { !orders.contains($0) }
    merged.limit = own.limit ?? limit
    merged.offset = own.offset ?? offset
    return merged
  }

  /// The same clauses with every quoted mention of the table renamed: a default scope read under
  /// an alias. Like upstream, this is a rewrite of the text, so a string literal that quotes the
  /// table's name is renamed too.
  func renamingTable(_ name: String, to alias: String) -> SelectClauses {
    func rename(_ fragment: QueryFragment) -> QueryFragment {
      fragment.replacingIdentifier(name, with: alias)
    }
    var renamed = self
    renamed.columns = columns?.map(rename)
    renamed.tableColumns = tableColumns?.map(rename)
    renamed.joins = joins.map(rename)
    renamed.wheres = wheres.map(rename)
    renamed.groups = groups.map(rename)
    renamed.havings = havings.map(rename)
    renamed.orders = orders.map(rename)
    return renamed
  }

  /// The columns the statement selects: those chosen, else every column of `From` and the joined
  /// tables.
  func selectedColumns<From: Table>(from: From.Type) -> [QueryFragment] {
    columns ?? tableColumns ?? qualifiedColumns(of: From.self)
  }

  func render<From: Table>(columns: [QueryFragment], from: From.Type) -> QueryFragment {
    var query: QueryFragment = isDistinct ? "SELECT DISTINCT " : "SELECT "
    query.append(columns.joined(separator: ", "))
    query.append("\nFROM " + (source ?? From.tableFragment))
    if let alias = From.tableAlias { query.append(" AS " + QueryFragment(quote: alias)) }
    for join in joins { query.append("\n" + join) }
    query.append(renderFilters())
    return query
  }

  /// WHERE, GROUP BY, HAVING, ORDER BY and LIMIT, each on its own line.
  func renderFilters() -> QueryFragment {
    var query = QueryFragment()
    if !wheres.isEmpty { query.append("\nWHERE " + Self.conjunction(wheres)) }
    if !groups.isEmpty { query.append("\nGROUP BY " + groups.joined(separator: ", ")) }
    if !havings.isEmpty { query.append("\nHAVING " + Self.conjunction(havings)) }
    if !orders.isEmpty { query.append("\nORDER BY " + orders.joined(separator: ", ")) }
    if let limit {
      query.append("\nLIMIT " + limit)
      if let offset { query.append(" OFFSET " + offset) }
    } else if let offset {
      query.append("\nLIMIT -1 OFFSET " + offset)
    }
    return query
  }

  /// Conditions joined with AND, each in its own parentheses.
  static func conjunction(_ conditions: [QueryFragment]) -> QueryFragment {
    conditions.map { "(" + $0 + ")" }.joined(separator: " AND ")
  }
}

/// The qualified columns of a table, in order.
func qualifiedColumns<T: Table>(of table: T.Type) -> [QueryFragment] {
  T.TableColumns.allColumns.map { $0.queryFragment }
}

/// Decodes the next value of a row: a helper for decoding packs of tables and values.
@inlinable
func decodeNext<T: QueryDecodable>(_ type: T.Type, _ decoder: inout QueryDecoder) throws -> T {
  try T(decoder: &decoder)
}

/// A row decoder that reads one value of each type from consecutive columns. It is made from the
/// value types alone, not from the expressions that selected them: it captures only metatypes of
/// `QueryDecodable` types, which are `SendableMetatype`, so the decoder is `@Sendable`.
func decodeEach<each Value: QueryRepresentable>(
  _ types: repeat (each Value).Type
) -> @Sendable (inout QueryDecoder) throws -> (repeat (each Value).QueryOutput) {
  { decoder in (repeat try decodeNext((each Value).self, &decoder).queryOutput) }
}

/// A row decoder that reads the values of `first`, then those of `second`, as one flat tuple.
func decodeBoth<each First: SendableMetatype, each Second: SendableMetatype>(
  _ first: @escaping @Sendable (inout QueryDecoder) throws -> (repeat each First),
  _ second: @escaping @Sendable (inout QueryDecoder) throws -> (repeat each Second)
) -> @Sendable (inout QueryDecoder) throws -> (repeat each First, repeat each Second) {
  { decoder in
    let firstValues = try first(&decoder)
    let secondValues = try second(&decoder)
    return (repeat each firstValues, repeat each secondValues)
  }
}
