import SQLiteEngine

/// `map` on a select: the columns chosen so far, rebuilt into other columns. Each chosen value
/// is handed to the transform as an expression (a table's as all of its columns), and what it
/// returns is selected as it renders, unaliased, in its order:
///
///     Reminder.select { ($0.id, $0.title) }.map { ($1, $0) }
///     // SELECT "reminders"."title", "reminders"."id" FROM "reminders"
///     RemindersList.join(Reminder.all) { … }.select { ($1.id.count(), $0) }
///       .map { ListCount.Columns(remindersList: $1, remindersCount: $0) }
extension Select {
  public func map<each Result: QueryExpression>(
    _ transform: (SQLQueryExpression<Columns>) -> (repeat each Result)
  ) -> Select<(repeat (each Result).QueryValue.QueryOutput), From, Joins>
  where repeat (each Result).QueryValue: QueryRepresentable {
    let chosen = chosenColumns(widths: [width(of: Columns.self)])
    var columns: [QueryFragment] = []
    for result in repeat each transform(SQLQueryExpression(chosen[0])) {
      columns.append(result.queryFragment)
    }
    return selectingMapped(columns, decode: decodeEach(repeat (each Result).QueryValue.self))
  }

  public func map<A, B, each Result: QueryExpression>(
    _ transform: (SQLQueryExpression<A>, SQLQueryExpression<B>) -> (repeat each Result)
  ) -> Select<(repeat (each Result).QueryValue.QueryOutput), From, Joins>
  where Columns == (A, B), repeat (each Result).QueryValue: QueryRepresentable {
    let chosen = chosenColumns(widths: [width(of: A.self), width(of: B.self)])
    var columns: [QueryFragment] = []
    for result in repeat each transform(SQLQueryExpression(chosen[0]), SQLQueryExpression(chosen[1])) {
      columns.append(result.queryFragment)
    }
    return selectingMapped(columns, decode: decodeEach(repeat (each Result).QueryValue.self))
  }

  public func map<A, B, C, each Result: QueryExpression>(
    _ transform: (SQLQueryExpression<A>, SQLQueryExpression<B>, SQLQueryExpression<C>) -> (repeat each Result)
  ) -> Select<(repeat (each Result).QueryValue.QueryOutput), From, Joins>
  where Columns == (A, B, C), repeat (each Result).QueryValue: QueryRepresentable {
    let chosen = chosenColumns(widths: [width(of: A.self), width(of: B.self), width(of: C.self)])
    var columns: [QueryFragment] = []
    for result in repeat each transform(
      SQLQueryExpression(chosen[0]), SQLQueryExpression(chosen[1]), SQLQueryExpression(chosen[2]))
    { columns.append(result.queryFragment) }
    return selectingMapped(columns, decode: decodeEach(repeat (each Result).QueryValue.self))
  }

  // Each map selects what its transform returned in place (handing the pack to a helper crashes
  // this compiler).

  /// The chosen columns, a value's columns joined: a table's value is all of its columns.
  private func chosenColumns(widths: [Int]) -> [QueryFragment] {
    var columns = clauses.selectedColumns(from: From.self)[...]
    return widths.map { width in
      defer { columns = columns.dropFirst(width) }
      return columns.prefix(width).joined(separator: ", ")
    }
  }

  /// The transform's columns; none (a transform that returns nothing) selects every column.
  private func selectingMapped<Selected>(
    _ columns: [QueryFragment], decode: @escaping @Sendable (inout QueryDecoder) throws -> Selected
  ) -> Select<Selected, From, Joins> {
    var select = selecting(columns, decode: decode)
    if columns.isEmpty { select.clauses.columns = nil }
    return select
  }

  private func width<Value>(of _: Value.Type) -> Int {
    (Value.self as? any QueryRepresentable.Type)?.columnWidth ?? 1
  }

}
