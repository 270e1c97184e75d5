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
    var query: QueryFragment = "CREATE TEMPORARY VIEW" + (ifNotExists ? " IF NOT EXISTS" : "")
    query.append("\n" + QueryFragment(quote: View.tableName))
    query.append("\n(" + quotedList(ColumnNames.all(View.TableColumns.self)) + ")")
    query.append("\nAS\n" + select)
    return query
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
