import SQLiteEngine

/// `CREATE TEMPORARY VIEW`: a query named after a `@Table` or `@Selection` type declared for it,
/// which is then queried like a table. Temporary views live on one connection, as temporary
/// triggers do.
///
///     @Table struct CompletedReminder {
///       let reminderID: Reminder.ID
///       let title: String
///     }
///
///     try CompletedReminder.createTemporaryView(
///       as: Reminder.where(\.isCompleted).select {
///         CompletedReminder.Columns(reminderID: $0.id, title: $0.title)
///       }
///     )
///     .execute(db)
///     let completed = try CompletedReminder.order(by: \.title).fetchAll(db)
///
/// A view takes inserts, updates and deletes through `insteadOf:` triggers.
public struct TemporaryView<View: Table>: Statement, Sendable {
  public typealias QueryValue = ()

  let ifNotExists: Bool
  let select: QueryFragment

  public var query: QueryFragment {
    let names = ColumnNames.all(View.TableColumns.self)
    let (columns, select) = Self.numberingRepeatedNames(names, in: select)
    var query: QueryFragment = "CREATE TEMPORARY VIEW" + (ifNotExists ? " IF NOT EXISTS" : "")
    query.append("\n" + QueryFragment(quote: View.tableName))
    query.append("\n(" + quotedList(columns) + ")")
    query.append("\nAS\n" + select)
    return query
  }

  /// A view's column names must differ, while its type may read one name twice (both tables'
  /// `"id"` over a join): each repeated name is numbered, `"id_1"`, `"id_2"`, in the view's column
  /// list and in the select's aliases (`… AS "id"`), taken in order.
  static func numberingRepeatedNames(_ names: [String], in select: QueryFragment) -> ([String], QueryFragment)
  {
    let counts = Dictionary(names.map { ($0, 1) }, uniquingKeysWith: +)
    guard counts.values.contains(where: { $0 > 1 }) else { return (names, select) }
    var seen: [String: Int] = [:]
    var select = select
    let numbered = names.map { name -> String in
      guard counts[name, default: 0] > 1 else { return name }
      seen[name, default: 0] += 1
      let numbered = "\(name)_\(seen[name]!)"
      select = select.replacingFirst(
        " AS " + QueryFragment.quoted(name, delimiter: .identifier),
        with: " AS " + QueryFragment.quoted(numbered, delimiter: .identifier))
      return numbered
    }
    return (numbered, select)
  }

  /// Creates the view. Views cannot have parameters, so values are written into the SQL.
  public func execute(_ db: Database) throws {
    try db.execute(sql: query.inlinedSQL)
  }

  /// `DROP VIEW "name"`.
  public func drop(ifExists: Bool = false) -> SQLQueryExpression<()> {
    SQLQueryExpression("DROP VIEW " + (ifExists ? "IF EXISTS " : "") + QueryFragment(quote: View.tableName))
  }
}

extension Table {
  /// A temporary view of the rows `select` selects, named after this type, with its columns.
  public static func createTemporaryView(
    ifNotExists: Bool = false, as select: some PartialSelectStatement<Self>
  ) -> TemporaryView<Self> {
    TemporaryView(ifNotExists: ifNotExists, select: definingQuery(select))
  }
}
