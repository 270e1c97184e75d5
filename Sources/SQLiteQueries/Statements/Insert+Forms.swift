// The forms of INSERT the seeds' library writes with trailing closures: chosen columns with a
// builder of values, and `onConflict:`/`doUpdate:`/`where:` written after the rows. Each is the
// chained form (`insert(_:)`, `onConflict(_:doUpdate:)`, …) under the spelling upstream uses.

extension Table {
  /// `INSERT INTO "table" ("a", "b") VALUES (…), (…)`: chosen columns, a value (or a tuple of
  /// values) a row: `Label.insert { $0.name } values: { "poetry"; "drama" }`.
  public static func insert<each Column: TableColumnExpression>(
    _ columns: (TableColumns) -> (repeat each Column),
    @InsertValuesBuilder<(repeat (each Column).QueryValue)> values: () -> [(repeat (each Column).QueryValue)]
  ) -> Insert<Self, ()> where repeat (each Column).QueryValue: QueryExpression {
    insertingValues(
      of: names(of: columns),
      values().map { row in
        var fragments: [QueryFragment] = []
        for value in repeat each row { fragments.append(value.queryFragment) }
        return fragments
      })
  }

  /// Chosen columns and values that are expressions: another table's columns, a subquery, SQL
  /// (`values: { (new.title, true, 1) }` in a trigger).
  @_disfavoredOverload
  public static func insert<each Column: TableColumnExpression>(
    _ columns: (TableColumns) -> (repeat each Column),
    @InsertValuesBuilder<(repeat any QueryExpression<(each Column).QueryValue>)> values: () -> [(
      repeat any QueryExpression<(each Column).QueryValue>
    )]
  ) -> Insert<Self, ()> {
    insertingValues(
      of: names(of: columns),
      values().map { row in
        var fragments: [QueryFragment] = []
        for value in repeat each row { fragments.append(value.queryFragment) }
        return fragments
      })
  }

  /// Chosen columns and their values, or on any conflict an update of the existing row:
  /// `insert { ($0.a, $0.b) } values: { (1, "x") } onConflictDoUpdate: { $0.b += " Copy" }`.
  public static func insert<each Column: TableColumnExpression>(
    _ columns: (TableColumns) -> (repeat each Column),
    @InsertValuesBuilder<(repeat (each Column).QueryValue)> values: () -> [(repeat (each Column).QueryValue)],
    onConflictDoUpdate updates: (inout Updates<Self>) -> Void
  ) -> Insert<Self, ()> where repeat (each Column).QueryValue: QueryExpression {
    insert(columns, values: values).conflict(
      target: nil, assignments: Updates.made { row, _ in updates(&row) })
  }

  /// Rows, or on a conflict on the target columns, an update of the existing row that reads
  /// only the row: `insert { row } onConflict: { $0.title } doUpdate: { $0.color = 0x00ff00 }`.
  public static func insert<each Target: TableColumnExpression>(
    @InsertValuesBuilder<Self> _ rows: () -> [Self],
    onConflict target: (TableColumns) -> (repeat each Target),
    where targetFilter: ((TableColumns) -> any QueryExpression<Bool>)? = nil,
    doUpdate updates: (inout Updates<Self>) -> Void,
    where updateFilter: ((TableColumns) -> any QueryExpression<Bool>)? = nil
  ) -> Insert<Self, ()> {
    insert(
      rows, onConflict: target, where: targetFilter, doUpdate: { row, _ in updates(&row) },
      where: updateFilter)
  }

  /// Rows, or on a conflict on the target columns, an update of the existing row:
  /// `insert { row } onConflict: { $0.id } doUpdate: { $0.name = $1.name + "!" }`.
  public static func insert<each Target: TableColumnExpression>(
    @InsertValuesBuilder<Self> _ rows: () -> [Self],
    onConflict target: (TableColumns) -> (repeat each Target),
    where targetFilter: ((TableColumns) -> any QueryExpression<Bool>)? = nil,
    doUpdate updates: (inout Updates<Self>, Excluded<Self>) -> Void,
    where updateFilter: ((TableColumns) -> any QueryExpression<Bool>)? = nil
  ) -> Insert<Self, ()> {
    insert(rows: InsertRows(rows())).conflict(
      target: names(of: target), targetFilter: targetFilter, assignments: Updates.made(by: updates),
      updateFilter: updateFilter.map { filter in { columns, _ in filter(columns) } })
  }

  /// Rows, skipping those that conflict on the target columns: `insert { row } onConflict: { ($0.a,
  /// $0.b) }` is `ON CONFLICT ("a", "b") DO NOTHING`.
  public static func insert<each Target: TableColumnExpression>(
    @InsertValuesBuilder<Self> _ rows: () -> [Self],
    onConflict target: (TableColumns) -> (repeat each Target),
    where targetFilter: ((TableColumns) -> any QueryExpression<Bool>)? = nil
  ) -> Insert<Self, ()> {
    insert(rows: InsertRows(rows())).conflict(target: names(of: target), targetFilter: targetFilter)
  }

  /// Rows, with a filter of the conflict update they do not have, as upstream's spelling allows:
  /// a filter that is empty (`where: { if condition { $0.isFlagged } }` when it is false) leaves
  /// the plain insert; any other makes the statement fail with a message that says so.
  public static func insert(
    @InsertValuesBuilder<Self> _ rows: () -> [Self],
    @ConditionBuilder where updateFilter: (TableColumns) -> [QueryFragment]
  ) -> Insert<Self, ()> {
    insert(rows: InsertRows(rows())).filteringMissingUpdate(updateFilter(columns))
  }

  /// Rows, or on any conflict an update of the existing row: `onConflictDoUpdate: { $0.title +=
  /// " Copy" }`.
  public static func insert(
    @InsertValuesBuilder<Self> _ rows: () -> [Self], onConflictDoUpdate updates: (inout Updates<Self>) -> Void
  ) -> Insert<Self, ()> {
    insert(rows: InsertRows(rows())).conflict(
      target: nil, assignments: Updates.made { row, _ in updates(&row) })
  }

  /// The same, with the values that were to be inserted, and a condition on the update:
  /// `onConflictDoUpdate: { row, excluded in … } where: { columns, excluded in … }`.
  public static func insert(
    @InsertValuesBuilder<Self> _ rows: () -> [Self],
    onConflictDoUpdate updates: (inout Updates<Self>, Excluded<Self>) -> Void,
    where updateFilter: ((TableColumns, Excluded<Self>) -> any QueryExpression<Bool>)? = nil
  ) -> Insert<Self, ()> {
    insert(rows: InsertRows(rows())).conflict(
      target: nil, assignments: Updates.made(by: updates), updateFilter: updateFilter)
  }

  /// Chosen columns from a query, or on a conflict on the target columns, an update of the
  /// existing row: `insert { $0.title } select: { … } onConflict: { $0.title } doUpdate: { $0.title
  /// = $1.title + "-copy" }`. (SQLite needs the select to have a WHERE, `where { _ in true }`, to
  /// tell its ON from a join's.)
  public static func insert<each Column: TableColumnExpression, each Target: TableColumnExpression>(
    _ columns: (TableColumns) -> (repeat each Column), select: () -> some PartialSelectStatement,
    onConflict target: (TableColumns) -> (repeat each Target),
    where targetFilter: ((TableColumns) -> any QueryExpression<Bool>)? = nil,
    doUpdate updates: (inout Updates<Self>, Excluded<Self>) -> Void,
    where updateFilter: ((TableColumns) -> any QueryExpression<Bool>)? = nil
  ) -> Insert<Self, ()> {
    insert(columns, select: select).conflict(
      target: names(of: target), targetFilter: targetFilter, assignments: Updates.made(by: updates),
      updateFilter: updateFilter.map { filter in { columns, _ in filter(columns) } })
  }

  /// The same, with an update that reads only the row: `doUpdate: { $0.title += "-2" }`.
  public static func insert<each Column: TableColumnExpression, each Target: TableColumnExpression>(
    _ columns: (TableColumns) -> (repeat each Column), select: () -> some PartialSelectStatement,
    onConflict target: (TableColumns) -> (repeat each Target),
    where targetFilter: ((TableColumns) -> any QueryExpression<Bool>)? = nil,
    doUpdate updates: (inout Updates<Self>) -> Void,
    where updateFilter: ((TableColumns) -> any QueryExpression<Bool>)? = nil
  ) -> Insert<Self, ()> {
    insert(
      columns, select: select, onConflict: target, where: targetFilter, doUpdate: { row, _ in updates(&row) },
      where: updateFilter)
  }

  /// `INSERT INTO "table" (names) VALUES rows`.
  static func insertingValues(of names: [String], _ rows: [[QueryFragment]]) -> Insert<Self, ()> {
    Insert(source: .values(rows), clauses: InsertClauses(columnNames: names), decodeRow: { _ in () })
  }

  /// The names of the columns a closure picks, a column group's columns each.
  static func names<each Column: TableColumnExpression>(of columns: (TableColumns) -> (repeat each Column))
    -> [String]
  {
    var names: [String] = []
    for column in repeat each columns(Self.columns) { names += column.flattenedColumns.map(\.name) }
    return names
  }
}

extension PrimaryKeyedTable {
  /// Drafts, or on a conflict on the target columns, an update of the existing row.
  public static func insert<each Target: TableColumnExpression>(
    @InsertValuesBuilder<Draft> _ rows: () -> [Draft],
    onConflict target: (TableColumns) -> (repeat each Target),
    where targetFilter: ((TableColumns) -> any QueryExpression<Bool>)? = nil,
    doUpdate updates: (inout Updates<Self>, Excluded<Self>) -> Void,
    where updateFilter: ((TableColumns) -> any QueryExpression<Bool>)? = nil
  ) -> Insert<Self, ()> {
    insert(drafts: rows()).conflict(
      target: names(of: target), targetFilter: targetFilter, assignments: Updates.made(by: updates),
      updateFilter: updateFilter.map { filter in { columns, _ in filter(columns) } })
  }

  /// Drafts, or on a conflict on the target columns, an update that reads only the row.
  public static func insert<each Target: TableColumnExpression>(
    @InsertValuesBuilder<Draft> _ rows: () -> [Draft],
    onConflict target: (TableColumns) -> (repeat each Target),
    where targetFilter: ((TableColumns) -> any QueryExpression<Bool>)? = nil,
    doUpdate updates: (inout Updates<Self>) -> Void,
    where updateFilter: ((TableColumns) -> any QueryExpression<Bool>)? = nil
  ) -> Insert<Self, ()> {
    insert(
      rows, onConflict: target, where: targetFilter, doUpdate: { row, _ in updates(&row) },
      where: updateFilter)
  }

  /// Drafts, skipping those that conflict on the target columns.
  public static func insert<each Target: TableColumnExpression>(
    @InsertValuesBuilder<Draft> _ rows: () -> [Draft],
    onConflict target: (TableColumns) -> (repeat each Target),
    where targetFilter: ((TableColumns) -> any QueryExpression<Bool>)? = nil
  ) -> Insert<Self, ()> {
    insert(drafts: rows()).conflict(target: names(of: target), targetFilter: targetFilter)
  }

  /// Drafts, with a filter of the conflict update they do not have: see the rows' form.
  public static func insert(
    @InsertValuesBuilder<Draft> _ rows: () -> [Draft],
    @ConditionBuilder where updateFilter: (TableColumns) -> [QueryFragment]
  ) -> Insert<Self, ()> {
    insert(drafts: rows()).filteringMissingUpdate(updateFilter(columns))
  }

  /// Drafts, or on any conflict an update of the existing row.
  public static func insert(
    @InsertValuesBuilder<Draft> _ rows: () -> [Draft],
    onConflictDoUpdate updates: (inout Updates<Self>) -> Void
  ) -> Insert<Self, ()> {
    insert(drafts: rows()).conflict(target: nil, assignments: Updates.made { row, _ in updates(&row) })
  }

  /// The same, with the values that were to be inserted, and a condition on the update.
  public static func insert(
    @InsertValuesBuilder<Draft> _ rows: () -> [Draft],
    onConflictDoUpdate updates: (inout Updates<Self>, Excluded<Self>) -> Void,
    where updateFilter: ((TableColumns, Excluded<Self>) -> any QueryExpression<Bool>)? = nil
  ) -> Insert<Self, ()> {
    insert(drafts: rows()).conflict(
      target: nil, assignments: Updates.made(by: updates), updateFilter: updateFilter)
  }
}

extension Insert {
  /// The statement with an ON CONFLICT clause: DO NOTHING without assignments, else DO UPDATE; a
  /// nil target is any conflict. The WHEREs of the clause are not parenthesized, as SQLite writes
  /// them.
  func conflict(
    target: [String]?, targetFilter: ((Into.TableColumns) -> any QueryExpression<Bool>)? = nil,
    assignments: [(column: String, value: QueryFragment)]? = nil,
    updateFilter: ((Into.TableColumns, Excluded<Into>) -> any QueryExpression<Bool>)? = nil
  ) -> Self {
    let conflictWhere = targetFilter.map { $0(Into.columns).queryFragment }
    let doUpdateWhere = updateFilter.map { $0(Into.columns, Excluded()).queryFragment }
    return changingClauses {
      // Any conflict: `ON CONFLICT DO NOTHING`, or `ON CONFLICT DO UPDATE` with no target.
      $0.conflictTarget = target ?? (assignments == nil ? [] : nil)
      $0.conflictWhere = conflictWhere
      $0.doUpdate = assignments
      $0.doUpdateWhere = doUpdateWhere
    }
  }
}

extension Updates {
  /// The assignments `updates` makes, given the values that were to be inserted.
  static func made(by updates: (inout Updates<Base>, Excluded<Base>) -> Void) -> [(
    column: String, value: QueryFragment
  )] {
    var made = Updates<Base>()
    updates(&made, Excluded())
    return made.assignments
  }
}

extension Insert {
  /// The statement with `where:` conditions and no update for them to filter: none leaves it as
  /// it is; any makes it fail when run.
  func filteringMissingUpdate(_ conditions: [QueryFragment]) -> Self {
    guard !conditions.isEmpty else { return self }
    return changingClauses { $0.doUpdateWhere = conditions.map { "(" + $0 + ")" }.joined(separator: " AND ") }
  }
}
