import SQLiteEngine

/// Rows of any tables, in order: what `db.seed { … }` inserts.
@resultBuilder
public enum SeedsBuilder {
  public static func buildExpression(_ row: some Table) -> [any Table] { [row] }
  public static func buildExpression(_ rows: [some Table]) -> [any Table] { rows }
  public static func buildBlock(_ components: [any Table]...) -> [any Table] { components.flatMap { $0 } }
  public static func buildOptional(_ component: [any Table]?) -> [any Table] { component ?? [] }
  public static func buildEither(first component: [any Table]) -> [any Table] { component }
  public static func buildEither(second component: [any Table]) -> [any Table] { component }
  public static func buildArray(_ components: [[any Table]]) -> [any Table] { components.flatMap { $0 } }
}

extension Database {
  /// Inserts rows of tables and drafts in order, one INSERT per run of rows of the same type:
  ///
  ///     try db.seed {
  ///       RemindersList(id: personalID, title: "Personal")
  ///       Reminder.Draft(remindersListID: personalID, title: "Groceries")
  ///     }
  public func seed(@SeedsBuilder _ rows: () -> [any Table]) throws {
    var run: [any Table] = []
    for row in rows() {
      if let first = run.first, type(of: first) != type(of: row) {
        try insert(run)
        run = []
      }
      run.append(row)
    }
    if !run.isEmpty { try insert(run) }
  }

  private func insert(_ rows: [any Table]) throws {
    func insertRun<T: Table>(_ first: T) throws {
      try T.insert { rows.compactMap { $0 as? T } }.execute(self)
    }
    guard let first = rows.first else { return }
    try insertRun(first)
  }
}
