/// A full-text search table (SQLite's FTS5), declared with `@Table` and created with
/// `CREATE VIRTUAL TABLE … USING fts5(…)`.
///
///     @Table struct ReminderText: FTS5 {
///       let rowid: Int
///       let title: String
///     }
public protocol FTS5: Table {}

extension TableDefinition where QueryValue: FTS5 {
  /// Rows that match an FTS5 query over every column: `("reminderTexts" MATCH 'take')`.
  public func match(_ pattern: String) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(
      "(" + QueryFragment(quote: QueryValue.referenceName) + " MATCH " + pattern.queryFragment + ")")
  }

  /// The relevance of a match, best first when ordered ascending.
  public var rank: SQLQueryExpression<Double> {
    SQLQueryExpression(QueryFragment(quote: QueryValue.referenceName) + ".\"rank\"")
  }

  /// `bm25("table")`: relevance, lower is better.
  public func bm25() -> SQLQueryExpression<Double> {
    SQLQueryExpression("bm25(" + QueryFragment(quote: QueryValue.tableName) + ")")
  }
}

extension TableColumn where Root: FTS5, Value == String {
  /// Rows whose column matches: `("reminderTexts" MATCH 'title:"take"')`.
  public func match(_ term: String) -> SQLQueryExpression<Bool> {
    let quoted = "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    return SQLQueryExpression(
      "(" + QueryFragment(quote: Root.referenceName) + " MATCH " + "\(name):\(quoted)".queryFragment + ")")
  }

  /// The column's text with matches wrapped in `open` and `close`.
  public func highlight(_ open: String, _ close: String) -> SQLQueryExpression<String> {
    SQLQueryExpression(
      "highlight(" + QueryFragment(quote: Root.tableName) + ", " + columnIndex + ",\n" + open.queryFragment
        + ", " + close.queryFragment + ")")
  }

  /// A short piece of the column's text around the matches.
  public func snippet(_ open: String, _ close: String, _ ellipsis: String, _ tokens: Int)
    -> SQLQueryExpression<String>
  {
    SQLQueryExpression(
      "snippet(" + QueryFragment(quote: Root.tableName) + ", " + columnIndex + ",\n" + open.queryFragment
        + ", "
        + close.queryFragment + ", " + ellipsis.queryFragment + ", \(raw: tokens))")
  }

  /// The column's index, looked up by name so that it never goes stale.
  private var columnIndex: QueryFragment {
    "(SELECT \"cid\" FROM pragma_table_info(" + QueryFragment(quote: Root.tableName, delimiter: .text)
      + ") WHERE \"name\" = " + QueryFragment(quote: name, delimiter: .text) + ")"
  }
}
