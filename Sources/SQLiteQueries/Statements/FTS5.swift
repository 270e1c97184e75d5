/// A full-text search table (SQLite's FTS5), declared with `@Table` and created with
/// `CREATE VIRTUAL TABLE … USING fts5(…)`.
///
///     @Table struct ReminderText: FTS5 {
///       let rowid: Int
///       let title: String
///     }
public protocol FTS5: Table {}

extension TableDefinition where QueryValue: FTS5 {
  /// Rows that match an FTS5 query over every column: `"reminderTexts" MATCH 'take'`. The left
  /// side names the table even under an alias, as SQLite needs (`"alias" MATCH` is no column).
  public func match(_ pattern: String) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(QueryFragment(quote: QueryValue.tableName) + " MATCH " + pattern.queryFragment)
  }

  /// The relevance of a match, best first when ordered ascending; NULL outside a `MATCH`.
  public var rank: SQLQueryExpression<Double?> {
    SQLQueryExpression(QueryFragment(quote: QueryValue.referenceName) + ".\"rank\"")
  }

  /// `bm25("table")`: relevance, lower is better.
  public func bm25() -> SQLQueryExpression<Double> { fts5BM25(QueryValue.self) }

  /// `bm25("table", w0, w1, …)`: relevance with a weight per column (1 for those not given):
  /// `$0.bm25([\.title: 10, \.notes: 5])`. Each weight is looked up by the column's name, so that
  /// it stays right if the table's columns are reordered.
  public func bm25(_ weights: [PartialKeyPath<QueryValue.TableColumns>: Double]) -> SQLQueryExpression<Double>
  {
    fts5BM25(QueryValue.self, weights: weights)
  }
}

extension OptionalTableColumns where Wrapped: FTS5 {
  /// `bm25("table")` of an outer-joined full-text table.
  public func bm25() -> SQLQueryExpression<Double?> { fts5BM25(Wrapped.self) }
}

private func fts5BM25<Row: FTS5, Result>(
  _: Row.Type, weights: [PartialKeyPath<Row.TableColumns>: Double] = [:]
) -> SQLQueryExpression<Result> {
  var arguments = [QueryFragment(quote: Row.tableName)]
  if !weights.isEmpty {
    let columns = Row.TableColumns.allColumns.map(\.name)
    let named = weights.compactMap { keyPath, weight -> (name: String, weight: Double)? in
      guard let column = Row.columns[keyPath: keyPath] as? any TableColumnExpression else { return nil }
      return (column.name, weight)
    }
    .sorted { (columns.firstIndex(of: $0.name) ?? 0) < (columns.firstIndex(of: $1.name) ?? 0) }
    let cases = named.map {
      "WHEN " + QueryFragment(quote: $0.name, delimiter: .text) + " THEN \(raw: $0.weight)"
    }
    for index in columns.indices {
      arguments.append(
        "(SELECT CASE \"name\" " + cases.joined(separator: " ") + " ELSE 1 END FROM pragma_table_info("
          + QueryFragment(quote: Row.tableName, delimiter: .text) + ") WHERE \"cid\" = \(raw: index))")
    }
  }
  return SQLQueryExpression("bm25(" + arguments.joined(separator: ", ") + ")")
}

extension TableColumn where Root: FTS5, Value == String {
  /// Rows whose column matches: `"reminderTexts" MATCH 'title:"take"'`.
  public func match(_ term: String) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(
      QueryFragment(quote: Root.tableName) + " MATCH " + "\(name):\(term.quoted())".queryFragment)
  }

  /// The column's text with matches wrapped in `open` and `close`.
  public func highlight(_ open: String, _ close: String) -> SQLQueryExpression<String> {
    fts5Highlight(Root.self, column: name, open, close)
  }

  /// A short piece of the column's text around the matches.
  public func snippet(_ open: String, _ close: String, _ ellipsis: String, _ tokens: Int)
    -> SQLQueryExpression<String>
  {
    fts5Snippet(Root.self, column: name, open, close, ellipsis, tokens)
  }
}

extension TableColumn where Value == String? {
  /// The text of an outer-joined full-text table's column with matches wrapped.
  public func highlight<Wrapped: FTS5>(_ open: String, _ close: String) -> SQLQueryExpression<String?>
  where Root == Wrapped? {
    fts5Highlight(Wrapped.self, column: name, open, close)
  }

  /// A short piece of an outer-joined full-text table's column around the matches.
  public func snippet<Wrapped: FTS5>(_ open: String, _ close: String, _ ellipsis: String, _ tokens: Int)
    -> SQLQueryExpression<String?> where Root == Wrapped?
  {
    fts5Snippet(Wrapped.self, column: name, open, close, ellipsis, tokens)
  }
}

private func fts5Highlight<Row: FTS5, Result>(_: Row.Type, column: String, _ open: String, _ close: String)
  -> SQLQueryExpression<Result>
{
  SQLQueryExpression(
    "highlight(" + QueryFragment(quote: Row.tableName) + ", " + fts5ColumnIndex(Row.self, column) + ",\n"
      + open.queryFragment + ", " + close.queryFragment + ")")
}

private func fts5Snippet<Row: FTS5, Result>(
  _: Row.Type, column: String, _ open: String, _ close: String, _ ellipsis: String, _ tokens: Int
) -> SQLQueryExpression<Result> {
  SQLQueryExpression(
    "snippet(" + QueryFragment(quote: Row.tableName) + ", " + fts5ColumnIndex(Row.self, column) + ",\n"
      + open.queryFragment + ", " + close.queryFragment + ", " + ellipsis.queryFragment + ", \(raw: tokens))")
}

/// A column's index, looked up by name so that it never goes stale.
private func fts5ColumnIndex<Row: FTS5>(_: Row.Type, _ column: String) -> QueryFragment {
  "(SELECT \"cid\" FROM pragma_table_info(" + QueryFragment(quote: Row.tableName, delimiter: .text)
    + ") WHERE \"name\" = " + QueryFragment(quote: column, delimiter: .text) + ")"
}

/// A full-text table under an alias is still one: its functions name the table, which is what
/// SQLite's FTS5 functions take (`highlight("reminderTexts", …)`), never the alias.
extension TableAlias: FTS5 where Base: FTS5 {}
