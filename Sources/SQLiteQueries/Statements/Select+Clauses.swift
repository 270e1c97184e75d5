/// The builder methods of SELECT that do not depend on how many tables are joined, and the
/// helpers that the per-arity methods (`Select+Arity.swift`) share.
extension Select {
  /// Adds a condition from a Boolean column or computed expression of `From`.
  public func `where`<Condition: QueryExpression>(
    _ keyPath: KeyPath<From.TableColumns, Condition>
  ) -> Self where Condition.QueryValue == Bool {
    adding(where: From.columns[keyPath: keyPath].queryFragment)
  }

  /// Orders by columns of `From`, ascending.
  public func order<each Term: QueryExpression>(by keyPaths: repeat KeyPath<From.TableColumns, each Term>)
    -> Self
  {
    var terms: [QueryFragment] = []
    for keyPath in repeat each keyPaths { terms.append(From.columns[keyPath: keyPath].queryFragment) }
    return adding(orders: terms)
  }

  /// Groups rows by columns of `From`.
  public func group<each Term: QueryExpression>(by keyPaths: repeat KeyPath<From.TableColumns, each Term>)
    -> Self
  {
    var terms: [QueryFragment] = []
    for keyPath in repeat each keyPaths { terms.append(From.columns[keyPath: keyPath].queryFragment) }
    return adding(groups: terms)
  }

  /// At most `count` rows, after skipping `offset` (nil keeps what was set before).
  public func limit(_ count: Int?, offset: Int? = nil) -> Self {
    var copy = self
    if let count { copy.clauses.limit = QueryFragment("\(raw: count)") }
    if let offset { copy.clauses.offset = QueryFragment("\(raw: offset)") }
    return copy
  }

  /// Skips rows.
  public func offset(_ offset: Int) -> Self {
    var copy = self
    copy.clauses.offset = QueryFragment("\(raw: offset)")
    return copy
  }

  /// Drops duplicate rows.
  public func distinct(_ isDistinct: Bool = true) -> Self {
    var copy = self
    copy.clauses.isDistinct = isDistinct
    return copy
  }

  /// The same statement, selecting nothing and running no SQL.
  public var none: Self {
    var copy = self
    copy.clauses.isEmpty = true
    return copy
  }

  /// Selects one column of `From`, in place of every column. (A select that has chosen columns
  /// already adds it to them instead.)
  public func select<Selected: QueryExpression>(_ keyPath: KeyPath<From.TableColumns, Selected>)
    -> Select<Selected.QueryValue.QueryOutput, From, Joins>
  where Columns == From, Selected.QueryValue: QueryRepresentable {
    selectingKeyPath(keyPath)
  }

  /// Selects one column of `From` from joined tables.
  public func select<Selected: QueryExpression>(_ keyPath: KeyPath<From.TableColumns, Selected>)
    -> Select<Selected.QueryValue.QueryOutput, From, Joins>
  where Joins: Table, Selected.QueryValue: QueryRepresentable {
    selectingKeyPath(keyPath)
  }

  /// Selects one column of `From` from two joined tables.
  public func select<J1: Table, J2: Table, Selected: QueryExpression>(
    _ keyPath: KeyPath<From.TableColumns, Selected>
  ) -> Select<Selected.QueryValue.QueryOutput, From, Joins>
  where Joins == (J1, J2), Selected.QueryValue: QueryRepresentable {
    selectingKeyPath(keyPath)
  }

  /// Selects one column of `From` from three joined tables.
  public func select<J1: Table, J2: Table, J3: Table, Selected: QueryExpression>(
    _ keyPath: KeyPath<From.TableColumns, Selected>
  ) -> Select<Selected.QueryValue.QueryOutput, From, Joins>
  where Joins == (J1, J2, J3), Selected.QueryValue: QueryRepresentable {
    selectingKeyPath(keyPath)
  }

  func selectingKeyPath<Selected: QueryExpression>(_ keyPath: KeyPath<From.TableColumns, Selected>)
    -> Select<Selected.QueryValue.QueryOutput, From, Joins>
  where Selected.QueryValue: QueryRepresentable {
    selecting([selectedFragment(From.columns[keyPath: keyPath])]) { decoder in
      try decodeNext(Selected.QueryValue.self, &decoder).queryOutput
    }
  }

  /// `count(*)` of the rows the statement selects.
  public func count() -> Select<Int, From, Joins> {
    selecting(["count(*)"]) { try Int(decoder: &$0) }
  }

  /// `EXISTS (…)`: whether the statement finds any row. A condition (`!Row.exists()` in a
  /// trigger's `when:`), or a value selected with `Values(Row.exists())`.
  public func exists() -> SQLQueryExpression<Bool> {
    SQLQueryExpression("EXISTS " + queryFragment)
  }

  // MARK: - Shared by the per-arity methods

  func adding(where condition: QueryFragment) -> Self {
    var copy = self
    copy.clauses.wheres.append(condition)
    return copy
  }

  /// Adds each condition of a builder as a condition of its own, as upstream does.
  func adding(conditions: [QueryFragment]) -> Self {
    var copy = self
    copy.clauses.wheres += conditions
    return copy
  }

  func adding(having condition: QueryFragment) -> Self {
    var copy = self
    copy.clauses.havings.append(condition)
    return copy
  }

  func adding(orders terms: [QueryFragment]) -> Self {
    var copy = self
    copy.clauses.orders += terms
    return copy
  }

  func adding(groups terms: [QueryFragment]) -> Self {
    var copy = self
    copy.clauses.groups += terms
    return copy
  }

  func counting(filter: QueryFragment) -> Select<Int, From, Joins> {
    selecting(["count(*) FILTER (WHERE " + filter + ")"]) { try Int(decoder: &$0) }
  }

  /// Selects one expression, decoded as its value.
  func selectingOne<Selected: QueryExpression>(_ expression: Selected)
    -> Select<Selected.QueryValue.QueryOutput, From, Joins> where Selected.QueryValue: QueryRepresentable
  {
    selecting([selectedFragment(expression)]) { decoder in
      try decodeNext(Selected.QueryValue.self, &decoder).queryOutput
    }
  }

  /// The columns chosen so far followed by `columns`, decoded by `decode`.
  func appending<Selected>(
    _ columns: [QueryFragment], decode: @escaping @Sendable (inout QueryDecoder) throws -> Selected
  ) -> Select<Selected, From, Joins> {
    var clauses = self.clauses
    clauses.columns = clauses.selectedColumns(from: From.self) + columns
    return Select<Selected, From, Joins>(clauses: clauses, decodeRow: decode)
  }

  /// The same clauses with another selection, decoded by `decode`.
  func selecting<Selected>(
    _ columns: [QueryFragment], decode: @escaping @Sendable (inout QueryDecoder) throws -> Selected
  ) -> Select<Selected, From, Joins> {
    var clauses = self.clauses
    clauses.columns = columns
    return Select<Selected, From, Joins>(clauses: clauses, decodeRow: decode)
  }

  /// Adds a join, merging the joined statement's conditions and order, and selects every column
  /// of every table.
  func joining<J: Table, OtherColumns, NewColumns, NewJoins>(
    _ other: Select<OtherColumns, J, ()>, kind: String, condition: QueryFragment,
    decode: @escaping @Sendable (inout QueryDecoder) throws -> NewColumns
  ) -> Select<NewColumns, From, NewJoins> {
    var clauses = self.clauses
    var join = QueryFragment("\(raw: kind) ") + (other.clauses.source ?? J.tableFragment)
    if let alias = J.tableAlias { join.append(" AS " + QueryFragment(quote: alias)) }
    join.append(" ON " + condition)
    clauses.joins.append(join)
    clauses.joins += other.clauses.joins
    // A join with a select of nothing selects nothing.
    clauses.isEmpty = clauses.isEmpty || other.clauses.isEmpty
    clauses.wheres += other.clauses.wheres
    clauses.orders += other.clauses.orders
    clauses.columns = nil
    clauses.tableColumns =
      (clauses.tableColumns ?? qualifiedColumns(of: From.self)) + qualifiedColumns(of: J.self)
    return Select<NewColumns, From, NewJoins>(clauses: clauses, decodeRow: decode)
  }
}

/// A selected expression: `@Selection` columns are aliased (`expr AS "name"`), others as they are.
func selectedFragment(_ expression: some QueryExpression) -> QueryFragment {
  if let selection = expression as? any SelectionExpression { return selection.selectedFragment }
  return expression.queryFragment
}

/// A multi-column selection that names its columns when selected (`@Selection` types' `Columns`).
public protocol SelectionExpression {
  /// The columns with their aliases: `"reminders"."title" AS "title", …`.
  var selectedFragment: QueryFragment { get }
}
