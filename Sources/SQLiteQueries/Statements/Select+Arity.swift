// The builder methods whose closures receive the columns of every table: `$0` for `From`, then one
// per joined table. One overload per number of joined tables (none to three), because closures
// over a variadic list of tables defeat the type checker once calls are chained.
// Generated shape; the logic lives in `Select+Clauses.swift`. The condition-builder overloads are
// disfavored, as upstream's are: a closure of one expression reads as the plain overload.

extension Select where Joins == () {
  /// Adds a condition; several calls are joined with AND.
  public func `where`(_ predicate: (From.TableColumns) -> some QueryExpression<Bool>) -> Self {
    adding(where: predicate(From.columns).queryFragment)
  }

  /// Adds a condition built with `if`, `for` and optional parts.
  @_disfavoredOverload
  public func `where`(@ConditionBuilder _ predicate: (From.TableColumns) -> [QueryFragment]) -> Self {
    adding(conditions: predicate(From.columns))
  }

  /// Adds a condition on groups, after GROUP BY.
  public func having(_ predicate: (From.TableColumns) -> some QueryExpression<Bool>) -> Self {
    adding(having: predicate(From.columns).queryFragment)
  }

  /// Adds a condition on groups built with `if`, `for` and optional parts.
  @_disfavoredOverload
  public func having(@ConditionBuilder _ predicate: (From.TableColumns) -> [QueryFragment]) -> Self {
    predicate(From.columns).reduce(self) { $0.adding(having: $1) }
  }

  /// Adds ordering terms: an expression, a tuple of them, `.asc()`/`.desc()`, or `if`/`else`.
  public func order(@OrderBuilder by terms: (From.TableColumns) -> [QueryFragment]) -> Self {
    adding(orders: terms(From.columns))
  }

  /// Groups rows: a column, a tuple of them.
  public func group(@OrderBuilder by terms: (From.TableColumns) -> [QueryFragment]) -> Self {
    adding(groups: terms(From.columns))
  }

  /// `count(*) FILTER (WHERE …)`.
  public func count(filter: (From.TableColumns) -> some QueryExpression<Bool>) -> Select<Int, From, Joins> {
    counting(filter: filter(From.columns).queryFragment)
  }

  /// `LEFT JOIN`: every row so far, with `nil` where `J` has no matching row. Its statement's conditions and order are merged in.
  public func leftJoin<J: Table>(
    _ other: Select<J, J, ()>, on condition: (From.TableColumns, J.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(From, J?), From, J?> {
    joining(other, kind: "LEFT JOIN", condition: condition(From.columns, J.columns).queryFragment) {
      decoder in
      (try decodeNext(From.self, &decoder), try decodeNext(J?.self, &decoder))
    }
  }

  /// `RIGHT JOIN`: every row of `J`, with `nil` on the left where nothing matches; later
  /// closures read the left table's columns as optional. Its statement's conditions and order are
  /// merged in.
  public func rightJoin<J: Table>(
    _ other: Select<J, J, ()>, on condition: (From.TableColumns, J.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(From?, J), From?, J> {
    let joined: Select<(From?, J), From, J> = joining(
      other, kind: "RIGHT JOIN", condition: condition(From.columns, J.columns).queryFragment
    ) { decoder in
      (try decodeNext(From?.self, &decoder), try decodeNext(J.self, &decoder))
    }
    return Select<(From?, J), From?, J>(clauses: joined.clauses, decodeRow: joined.decodeRow)
  }

  /// `FULL JOIN`: every row of both sides, with `nil` on the side that has no match; later
  /// closures read both tables' columns as optional. Its statement's conditions and order are
  /// merged in.
  public func fullJoin<J: Table>(
    _ other: Select<J, J, ()>, on condition: (From.TableColumns, J.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(From?, J?), From?, J?> {
    let joined: Select<(From?, J?), From, J?> = joining(
      other, kind: "FULL JOIN", condition: condition(From.columns, J.columns).queryFragment
    ) { decoder in
      (try decodeNext(From?.self, &decoder), try decodeNext(J?.self, &decoder))
    }
    return Select<(From?, J?), From?, J?>(clauses: joined.clauses, decodeRow: joined.decodeRow)
  }

}

extension Select where Joins == (), Columns == From {
  /// `JOIN`: rows paired with the matching rows of `J`. Its statement's conditions and order are merged in.
  public func join<J: Table>(
    _ other: Select<J, J, ()>, on condition: (From.TableColumns, J.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(From, J), From, J> {
    joining(other, kind: "JOIN", condition: condition(From.columns, J.columns).queryFragment) { decoder in
      (try decodeNext(From.self, &decoder), try decodeNext(J.self, &decoder))
    }
  }

  /// Selects one expression: a column, a whole table, or a `@Selection` type's `Columns(…)`.
  /// (Not left to the variadic overload: the type checker loses track of a one-element pack's
  /// conformances when the select is an argument of another generic call.)
  public func select<Selected: QueryExpression>(_ selection: (From.TableColumns) -> Selected)
    -> Select<Selected.QueryValue.QueryOutput, From, Joins> where Selected.QueryValue: QueryRepresentable
  {
    selectingOne(selection(From.columns))
  }

  /// Selects expressions: a column, a tuple of columns and expressions, a whole table, or a
  /// `@Selection` type's `Columns(…)`. Rows decode to the selected values.
  public func select<each Selected: QueryExpression>(
    _ selection: (From.TableColumns) -> (repeat each Selected)
  ) -> Select<(repeat (each Selected).QueryValue.QueryOutput), From, Joins>
  where repeat (each Selected).QueryValue: QueryRepresentable {
    let selected = selection(From.columns)
    var columns: [QueryFragment] = []
    for expression in repeat each selected { columns.append(selectedFragment(expression)) }
    return selecting(columns, decode: decodeEach(repeat (each Selected).QueryValue.self))
  }
}

extension Select where Joins == () {
  /// Adds a column to those already selected, as upstream's second `select` does:
  /// `Tag.select(\.id).select(\.title)` selects both, decoded as `(Int, String)`.
  @_disfavoredOverload
  public func select<each Chosen, Selected: QueryExpression>(_ selection: (From.TableColumns) -> Selected)
    -> Select<(repeat each Chosen, Selected.QueryValue.QueryOutput), From, Joins>
  where Columns == (repeat each Chosen), Selected.QueryValue: QueryRepresentable {
    let decodeChosen = decodeRow
    return appending([selectedFragment(selection(From.columns))]) { decoder in
      let chosen = try decodeChosen(&decoder)
      return (repeat each chosen, try decodeNext(Selected.QueryValue.self, &decoder).queryOutput)
    }
  }

  /// Adds expressions to those already selected.
  @_disfavoredOverload
  public func select<each Chosen, each Selected: QueryExpression>(
    _ selection: (From.TableColumns) -> (repeat each Selected)
  ) -> Select<(repeat each Chosen, repeat (each Selected).QueryValue.QueryOutput), From, Joins>
  where
    Columns == (repeat each Chosen), repeat each Chosen: SendableMetatype,
    repeat (each Selected).QueryValue: QueryRepresentable
  {
    let selected = selection(From.columns)
    var columns: [QueryFragment] = []
    for expression in repeat each selected { columns.append(selectedFragment(expression)) }
    return appending(
      columns, decode: decodeBoth(decodeRow, decodeEach(repeat (each Selected).QueryValue.self)))
  }

  /// `JOIN` of a table's rows after chosen columns: the chosen columns stay what is selected, as
  /// upstream's `Table.all` chooses none: `Employee.select { Report.Columns(…) }.join(Report.all)
  /// { … }` selects the report's columns, as a recursive common table expression needs.
  public func join<J: Table>(
    _ other: Select<J, J, ()>, on condition: (From.TableColumns, J.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<Columns, From, J> {
    let chosen = clauses.selectedColumns(from: From.self)
    var joined: Select<Columns, From, J> = joining(
      other, kind: "JOIN", condition: condition(From.columns, J.columns).queryFragment, decode: decodeRow)
    joined.clauses.columns = chosen
    return joined
  }

  /// `JOIN` after chosen columns: the joined statement's chosen columns follow them, as upstream's
  /// chained selects do: `Reminder.select(\.id).join(RemindersList.select(\.id)) { … }` selects
  /// both ids.
  @_disfavoredOverload
  public func join<each Chosen, each Joined, J: Table>(
    _ other: Select<(repeat each Joined), J, ()>,
    on condition: (From.TableColumns, J.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(repeat each Chosen, repeat each Joined), From, J> where Columns == (repeat each Chosen) {
    let chosen = clauses.selectedColumns(from: From.self)
    let (decodeChosen, decodeJoined) = (decodeRow, other.decodeRow)
    var joined: Select<(repeat each Chosen, repeat each Joined), From, J> = joining(
      other, kind: "JOIN", condition: condition(From.columns, J.columns).queryFragment
    ) { decoder in
      let own = try decodeChosen(&decoder)
      let theirs = try decodeJoined(&decoder)
      return (repeat each own, repeat each theirs)
    }
    joined.clauses.columns = chosen + (other.clauses.columns ?? qualifiedColumns(of: J.self))
    return joined
  }

  /// Adds one column of `From` to those already selected.
  @_disfavoredOverload
  public func select<each Chosen, Selected: QueryExpression>(_ keyPath: KeyPath<From.TableColumns, Selected>)
    -> Select<(repeat each Chosen, Selected.QueryValue.QueryOutput), From, Joins>
  where Columns == (repeat each Chosen), Selected.QueryValue: QueryRepresentable {
    select { $0[keyPath: keyPath] }
  }
}

extension Select where Joins: Table {
  /// Adds a condition; several calls are joined with AND.
  public func `where`(_ predicate: (From.TableColumns, Joins.TableColumns) -> some QueryExpression<Bool>)
    -> Self
  {
    adding(where: predicate(From.columns, Joins.columns).queryFragment)
  }

  /// Adds a condition built with `if`, `for` and optional parts.
  @_disfavoredOverload
  public func `where`(
    @ConditionBuilder _ predicate: (From.TableColumns, Joins.TableColumns) -> [QueryFragment]
  ) -> Self {
    adding(conditions: predicate(From.columns, Joins.columns))
  }

  /// Adds a condition on groups, after GROUP BY.
  public func having(_ predicate: (From.TableColumns, Joins.TableColumns) -> some QueryExpression<Bool>)
    -> Self
  {
    adding(having: predicate(From.columns, Joins.columns).queryFragment)
  }

  /// Adds a condition on groups built with `if`, `for` and optional parts.
  @_disfavoredOverload
  public func having(
    @ConditionBuilder _ predicate: (From.TableColumns, Joins.TableColumns) -> [QueryFragment]
  ) -> Self {
    predicate(From.columns, Joins.columns).reduce(self) { $0.adding(having: $1) }
  }

  /// Adds ordering terms: an expression, a tuple of them, `.asc()`/`.desc()`, or `if`/`else`.
  public func order(@OrderBuilder by terms: (From.TableColumns, Joins.TableColumns) -> [QueryFragment])
    -> Self
  {
    adding(orders: terms(From.columns, Joins.columns))
  }

  /// Groups rows: a column, a tuple of them.
  public func group(@OrderBuilder by terms: (From.TableColumns, Joins.TableColumns) -> [QueryFragment])
    -> Self
  {
    adding(groups: terms(From.columns, Joins.columns))
  }

  /// `count(*) FILTER (WHERE …)`.
  public func count(filter: (From.TableColumns, Joins.TableColumns) -> some QueryExpression<Bool>) -> Select<
    Int, From, Joins
  > {
    counting(filter: filter(From.columns, Joins.columns).queryFragment)
  }

  /// Selects one expression: a column, a whole table, or a `@Selection` type's `Columns(…)`.
  public func select<Selected: QueryExpression>(
    _ selection: (From.TableColumns, Joins.TableColumns) -> Selected
  ) -> Select<Selected.QueryValue.QueryOutput, From, Joins> where Selected.QueryValue: QueryRepresentable {
    selectingOne(selection(From.columns, Joins.columns))
  }

  /// Selects expressions: a column, a tuple of columns and expressions, a whole table, or a
  /// `@Selection` type's `Columns(…)`. Rows decode to the selected values.
  public func select<each Selected: QueryExpression>(
    _ selection: (From.TableColumns, Joins.TableColumns) -> (repeat each Selected)
  ) -> Select<(repeat (each Selected).QueryValue.QueryOutput), From, Joins>
  where repeat (each Selected).QueryValue: QueryRepresentable {
    let selected = selection(From.columns, Joins.columns)
    var columns: [QueryFragment] = []
    for expression in repeat each selected { columns.append(selectedFragment(expression)) }
    return selecting(columns, decode: decodeEach(repeat (each Selected).QueryValue.self))
  }

  /// `JOIN`: rows paired with the matching rows of `J`. Its statement's conditions and order are merged in.
  public func join<J: Table>(
    _ other: Select<J, J, ()>,
    on condition: (From.TableColumns, Joins.TableColumns, J.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(From, Joins, J), From, (Joins, J)> {
    joining(other, kind: "JOIN", condition: condition(From.columns, Joins.columns, J.columns).queryFragment) {
      decoder in
      (
        try decodeNext(From.self, &decoder), try decodeNext(Joins.self, &decoder),
        try decodeNext(J.self, &decoder)
      )
    }
  }

  /// `LEFT JOIN`: every row so far, with `nil` where `J` has no matching row. Its statement's conditions and order are merged in.
  public func leftJoin<J: Table>(
    _ other: Select<J, J, ()>,
    on condition: (From.TableColumns, Joins.TableColumns, J.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(From, Joins, J?), From, (Joins, J?)> {
    joining(
      other, kind: "LEFT JOIN", condition: condition(From.columns, Joins.columns, J.columns).queryFragment
    ) { decoder in
      (
        try decodeNext(From.self, &decoder), try decodeNext(Joins.self, &decoder),
        try decodeNext(J?.self, &decoder)
      )
    }
  }

  /// `RIGHT JOIN`: every row of `J`, with the columns on the left NULL where nothing matches. Its statement's conditions and order are merged in.
  public func rightJoin<J: Table>(
    _ other: Select<J, J, ()>,
    on condition: (From.TableColumns, Joins.TableColumns, J.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(From, Joins, J), From, (Joins, J)> {
    joining(
      other, kind: "RIGHT JOIN", condition: condition(From.columns, Joins.columns, J.columns).queryFragment
    ) { decoder in
      (
        try decodeNext(From.self, &decoder), try decodeNext(Joins.self, &decoder),
        try decodeNext(J.self, &decoder)
      )
    }
  }

  /// `FULL JOIN`: every row of both sides. Its statement's conditions and order are merged in.
  public func fullJoin<J: Table>(
    _ other: Select<J, J, ()>,
    on condition: (From.TableColumns, Joins.TableColumns, J.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(From, Joins, J?), From, (Joins, J?)> {
    joining(
      other, kind: "FULL JOIN", condition: condition(From.columns, Joins.columns, J.columns).queryFragment
    ) { decoder in
      (
        try decodeNext(From.self, &decoder), try decodeNext(Joins.self, &decoder),
        try decodeNext(J?.self, &decoder)
      )
    }
  }

}

extension Select {
  /// Adds a condition; several calls are joined with AND.
  public func `where`<J1: Table, J2: Table>(
    _ predicate: (From.TableColumns, J1.TableColumns, J2.TableColumns) -> some QueryExpression<Bool>
  ) -> Self where Joins == (J1, J2) {
    adding(where: predicate(From.columns, J1.columns, J2.columns).queryFragment)
  }

  /// Adds a condition built with `if`, `for` and optional parts.
  @_disfavoredOverload
  public func `where`<J1: Table, J2: Table>(
    @ConditionBuilder _ predicate: (From.TableColumns, J1.TableColumns, J2.TableColumns) -> [QueryFragment]
  ) -> Self where Joins == (J1, J2) {
    adding(conditions: predicate(From.columns, J1.columns, J2.columns))
  }

  /// Adds a condition on groups, after GROUP BY.
  public func having<J1: Table, J2: Table>(
    _ predicate: (From.TableColumns, J1.TableColumns, J2.TableColumns) -> some QueryExpression<Bool>
  ) -> Self where Joins == (J1, J2) {
    adding(having: predicate(From.columns, J1.columns, J2.columns).queryFragment)
  }

  /// Adds ordering terms: an expression, a tuple of them, `.asc()`/`.desc()`, or `if`/`else`.
  public func order<J1: Table, J2: Table>(
    @OrderBuilder by terms: (From.TableColumns, J1.TableColumns, J2.TableColumns) -> [QueryFragment]
  ) -> Self where Joins == (J1, J2) {
    adding(orders: terms(From.columns, J1.columns, J2.columns))
  }

  /// Groups rows: a column, a tuple of them.
  public func group<J1: Table, J2: Table>(
    @OrderBuilder by terms: (From.TableColumns, J1.TableColumns, J2.TableColumns) -> [QueryFragment]
  ) -> Self where Joins == (J1, J2) {
    adding(groups: terms(From.columns, J1.columns, J2.columns))
  }

  /// `count(*) FILTER (WHERE …)`.
  public func count<J1: Table, J2: Table>(
    filter: (From.TableColumns, J1.TableColumns, J2.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<Int, From, Joins> where Joins == (J1, J2) {
    counting(filter: filter(From.columns, J1.columns, J2.columns).queryFragment)
  }

  /// Selects one expression: a column, a whole table, or a `@Selection` type's `Columns(…)`.
  public func select<J1: Table, J2: Table, Selected: QueryExpression>(
    _ selection: (From.TableColumns, J1.TableColumns, J2.TableColumns) -> Selected
  ) -> Select<Selected.QueryValue.QueryOutput, From, Joins>
  where Joins == (J1, J2), Selected.QueryValue: QueryRepresentable {
    selectingOne(selection(From.columns, J1.columns, J2.columns))
  }

  /// Selects expressions: a column, a tuple of columns and expressions, a whole table, or a
  /// `@Selection` type's `Columns(…)`. Rows decode to the selected values.
  public func select<J1: Table, J2: Table, each Selected: QueryExpression>(
    _ selection: (From.TableColumns, J1.TableColumns, J2.TableColumns) -> (repeat each Selected)
  ) -> Select<(repeat (each Selected).QueryValue.QueryOutput), From, Joins>
  where Joins == (J1, J2), repeat (each Selected).QueryValue: QueryRepresentable {
    let selected = selection(From.columns, J1.columns, J2.columns)
    var columns: [QueryFragment] = []
    for expression in repeat each selected { columns.append(selectedFragment(expression)) }
    return selecting(columns, decode: decodeEach(repeat (each Selected).QueryValue.self))
  }

  /// `JOIN`: rows paired with the matching rows of `J`. Its statement's conditions and order are merged in.
  public func join<J1: Table, J2: Table, J: Table>(
    _ other: Select<J, J, ()>,
    on condition: (From.TableColumns, J1.TableColumns, J2.TableColumns, J.TableColumns) ->
      some QueryExpression<Bool>
  ) -> Select<(From, J1, J2, J), From, (J1, J2, J)> where Joins == (J1, J2) {
    joining(
      other, kind: "JOIN", condition: condition(From.columns, J1.columns, J2.columns, J.columns).queryFragment
    ) { decoder in
      (
        try decodeNext(From.self, &decoder), try decodeNext(J1.self, &decoder),
        try decodeNext(J2.self, &decoder), try decodeNext(J.self, &decoder)
      )
    }
  }

  /// `LEFT JOIN`: every row so far, with `nil` where `J` has no matching row. Its statement's conditions and order are merged in.
  public func leftJoin<J1: Table, J2: Table, J: Table>(
    _ other: Select<J, J, ()>,
    on condition: (From.TableColumns, J1.TableColumns, J2.TableColumns, J.TableColumns) ->
      some QueryExpression<Bool>
  ) -> Select<(From, J1, J2, J?), From, (J1, J2, J?)> where Joins == (J1, J2) {
    joining(
      other, kind: "LEFT JOIN",
      condition: condition(From.columns, J1.columns, J2.columns, J.columns).queryFragment
    ) { decoder in
      (
        try decodeNext(From.self, &decoder), try decodeNext(J1.self, &decoder),
        try decodeNext(J2.self, &decoder), try decodeNext(J?.self, &decoder)
      )
    }
  }

  /// `RIGHT JOIN`: every row of `J`, with the columns on the left NULL where nothing matches. Its statement's conditions and order are merged in.
  public func rightJoin<J1: Table, J2: Table, J: Table>(
    _ other: Select<J, J, ()>,
    on condition: (From.TableColumns, J1.TableColumns, J2.TableColumns, J.TableColumns) ->
      some QueryExpression<Bool>
  ) -> Select<(From, J1, J2, J), From, (J1, J2, J)> where Joins == (J1, J2) {
    joining(
      other, kind: "RIGHT JOIN",
      condition: condition(From.columns, J1.columns, J2.columns, J.columns).queryFragment
    ) { decoder in
      (
        try decodeNext(From.self, &decoder), try decodeNext(J1.self, &decoder),
        try decodeNext(J2.self, &decoder), try decodeNext(J.self, &decoder)
      )
    }
  }

  /// `FULL JOIN`: every row of both sides. Its statement's conditions and order are merged in.
  public func fullJoin<J1: Table, J2: Table, J: Table>(
    _ other: Select<J, J, ()>,
    on condition: (From.TableColumns, J1.TableColumns, J2.TableColumns, J.TableColumns) ->
      some QueryExpression<Bool>
  ) -> Select<(From, J1, J2, J?), From, (J1, J2, J?)> where Joins == (J1, J2) {
    joining(
      other, kind: "FULL JOIN",
      condition: condition(From.columns, J1.columns, J2.columns, J.columns).queryFragment
    ) { decoder in
      (
        try decodeNext(From.self, &decoder), try decodeNext(J1.self, &decoder),
        try decodeNext(J2.self, &decoder), try decodeNext(J?.self, &decoder)
      )
    }
  }

}

extension Select {
  /// Adds a condition; several calls are joined with AND.
  public func `where`<J1: Table, J2: Table, J3: Table>(
    _ predicate: (From.TableColumns, J1.TableColumns, J2.TableColumns, J3.TableColumns) ->
      some QueryExpression<Bool>
  ) -> Self where Joins == (J1, J2, J3) {
    adding(where: predicate(From.columns, J1.columns, J2.columns, J3.columns).queryFragment)
  }

  /// Adds a condition built with `if`, `for` and optional parts.
  @_disfavoredOverload
  public func `where`<J1: Table, J2: Table, J3: Table>(
    @ConditionBuilder _ predicate: (From.TableColumns, J1.TableColumns, J2.TableColumns, J3.TableColumns) ->
      [QueryFragment]
  ) -> Self where Joins == (J1, J2, J3) {
    adding(conditions: predicate(From.columns, J1.columns, J2.columns, J3.columns))
  }

  /// Adds a condition on groups, after GROUP BY.
  public func having<J1: Table, J2: Table, J3: Table>(
    _ predicate: (From.TableColumns, J1.TableColumns, J2.TableColumns, J3.TableColumns) ->
      some QueryExpression<Bool>
  ) -> Self where Joins == (J1, J2, J3) {
    adding(having: predicate(From.columns, J1.columns, J2.columns, J3.columns).queryFragment)
  }

  /// Adds ordering terms: an expression, a tuple of them, `.asc()`/`.desc()`, or `if`/`else`.
  public func order<J1: Table, J2: Table, J3: Table>(
    @OrderBuilder by terms: (From.TableColumns, J1.TableColumns, J2.TableColumns, J3.TableColumns) ->
      [QueryFragment]
  ) -> Self where Joins == (J1, J2, J3) {
    adding(orders: terms(From.columns, J1.columns, J2.columns, J3.columns))
  }

  /// Groups rows: a column, a tuple of them.
  public func group<J1: Table, J2: Table, J3: Table>(
    @OrderBuilder by terms: (From.TableColumns, J1.TableColumns, J2.TableColumns, J3.TableColumns) ->
      [QueryFragment]
  ) -> Self where Joins == (J1, J2, J3) {
    adding(groups: terms(From.columns, J1.columns, J2.columns, J3.columns))
  }

  /// `count(*) FILTER (WHERE …)`.
  public func count<J1: Table, J2: Table, J3: Table>(
    filter: (From.TableColumns, J1.TableColumns, J2.TableColumns, J3.TableColumns) -> some QueryExpression<
      Bool
    >
  ) -> Select<Int, From, Joins> where Joins == (J1, J2, J3) {
    counting(filter: filter(From.columns, J1.columns, J2.columns, J3.columns).queryFragment)
  }

  /// Selects one expression: a column, a whole table, or a `@Selection` type's `Columns(…)`.
  public func select<J1: Table, J2: Table, J3: Table, Selected: QueryExpression>(
    _ selection: (From.TableColumns, J1.TableColumns, J2.TableColumns, J3.TableColumns) -> Selected
  ) -> Select<Selected.QueryValue.QueryOutput, From, Joins>
  where Joins == (J1, J2, J3), Selected.QueryValue: QueryRepresentable {
    selectingOne(selection(From.columns, J1.columns, J2.columns, J3.columns))
  }

  /// Selects expressions: a column, a tuple of columns and expressions, a whole table, or a
  /// `@Selection` type's `Columns(…)`. Rows decode to the selected values.
  public func select<J1: Table, J2: Table, J3: Table, each Selected: QueryExpression>(
    _ selection: (From.TableColumns, J1.TableColumns, J2.TableColumns, J3.TableColumns) -> (
      repeat each Selected
    )
  ) -> Select<(repeat (each Selected).QueryValue.QueryOutput), From, Joins>
  where Joins == (J1, J2, J3), repeat (each Selected).QueryValue: QueryRepresentable {
    let selected = selection(From.columns, J1.columns, J2.columns, J3.columns)
    var columns: [QueryFragment] = []
    for expression in repeat each selected { columns.append(selectedFragment(expression)) }
    return selecting(columns, decode: decodeEach(repeat (each Selected).QueryValue.self))
  }

}
