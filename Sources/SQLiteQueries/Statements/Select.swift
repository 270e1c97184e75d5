import SQLiteEngine

/// A SELECT statement on `From` and the tables joined to it, whose rows decode to `Columns`.
///
/// Built from a table and refined one clause at a time:
///
///     Reminder.where { !$0.isCompleted }.order { $0.title.desc() }.limit(10)
@dynamicMemberLookup
public struct Select<Columns, From: Table, Joins>: PartialSelectStatement, @unchecked Sendable {
  public typealias QueryValue = Columns

  var clauses: SelectClauses
  /// Reads one row of the selected columns.
  @usableFromInline
  let decodeRow: (inout QueryDecoder) throws -> Columns

  /// Whether rows decode as whole rows of `From` (no selection, no join): fetches then call
  /// `From(decoder:)` where they are specialized, rather than `decodeRow` row after row.
  @usableFromInline
  let decodesRowsOfFrom: Bool

  init(
    clauses: SelectClauses, decodeRow: @escaping (inout QueryDecoder) throws -> Columns,
    decodesRowsOfFrom: Bool = false
  ) {
    self.clauses = clauses
    self.decodeRow = decodeRow
    self.decodesRowsOfFrom = decodesRowsOfFrom
  }

  /// Decodes a row of the statement.
  public func decode(_ decoder: inout QueryDecoder) throws -> Columns { try decodeRow(&decoder) }

  public var query: QueryFragment {
    guard !clauses.isEmpty else { return QueryFragment() }
    let columns = clauses.columns ?? clauses.tableColumns ?? qualifiedColumns(of: From.self)
    return clauses.render(columns: columns, from: From.self)
  }
}

extension Select where Columns == From, Joins == () {
  /// The statement every query on `From` starts from.
  public init(isEmpty: Bool = false) {
    self.init(
      clauses: SelectClauses(isEmpty: isEmpty), decodeRow: { try From(decoder: &$0) }, decodesRowsOfFrom: true
    )
  }
}

extension Select where Columns == From, Joins == () {
  /// A query helper of the table, reached from any select of it, with this select's clauses
  /// merged in: `Tag.order(by: \.title).withReminders` for `extension Tag { static let
  /// withReminders = group(by: \.primaryKey).leftJoin(…) }`. Conditions, groups, havings and
  /// orders of both apply, this select's first; the helper's columns, joins and limit win.
  public subscript<HelperColumns, HelperJoins>(
    dynamicMember keyPath: KeyPath<From.Type, Select<HelperColumns, From, HelperJoins>>
  ) -> Select<HelperColumns, From, HelperJoins> {
    let helper = From.self[keyPath: keyPath]
    var clauses = helper.clauses
    clauses.isEmpty = clauses.isEmpty || self.clauses.isEmpty
    clauses.isDistinct = clauses.isDistinct || self.clauses.isDistinct
    clauses.wheres = self.clauses.wheres + clauses.wheres
    clauses.groups = self.clauses.groups + clauses.groups
    clauses.havings = self.clauses.havings + clauses.havings
    clauses.orders = self.clauses.orders + clauses.orders
    clauses.limit = clauses.limit ?? self.clauses.limit
    clauses.offset = clauses.offset ?? self.clauses.offset
    return Select<HelperColumns, From, HelperJoins>(
      clauses: clauses, decodeRow: helper.decodeRow, decodesRowsOfFrom: helper.decodesRowsOfFrom)
  }
}

/// The clauses of a SELECT, rendered in SQL's order.
struct SelectClauses: Sendable {
  var isEmpty = false
  var isDistinct = false
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

  func render<From: Table>(columns: [QueryFragment], from: From.Type) -> QueryFragment {
    var query: QueryFragment = isDistinct ? "SELECT DISTINCT " : "SELECT "
    query.append(columns.joined(separator: ", "))
    query.append("\nFROM " + From.tableFragment)
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
