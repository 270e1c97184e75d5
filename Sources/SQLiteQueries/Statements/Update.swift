import SQLiteEngine

/// The assignments of an UPDATE: the `$0` of `update { $0.title = "x" }`.
@dynamicMemberLookup
public struct Updates<Base: Table> {
  var assignments: [(column: String, value: QueryFragment)] = []
  /// The name a column group's columns are read under (its table's name), in the group's updates.
  var tableReference: String?

  /// A column read on the right of an assignment: the table's, or a group's under its table.
  func column<Column>(_ keyPath: KeyPath<Base.TableColumns, Column>) -> Column {
    guard let tableReference else { return Base.columns[keyPath: keyPath] }
    return Base.TableColumns(table: tableReference)[keyPath: keyPath]
  }

  /// A column: read, it is the row's current value (`$0.count + 1`); assigned, it is set. Each
  /// assignment is its own `SET` term, as upstream writes them (`$0.title += "!"; $0.title += "?"`
  /// sets "title" twice, each from the row's value; SQLite keeps the last).
  /// (The column's table is `Base`, or for an aliased table the table under the alias.)
  public subscript<ColumnTable: Table, Value>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<ColumnTable, Value>>
  ) -> any QueryExpression<Value> {
    get {
      SQLQueryExpression<Value>(column(keyPath).queryFragment)
    }
    set {
      let column = column(keyPath)
      guard TableColumn<ColumnTable, Value>.groupType != nil else {
        assignments.append((column.name, newValue.queryFragment))
        return
      }
      // A column group is assigned column by column: from a value's column values, or from the
      // columns of a group of another table (`$0.timestamps = $1.timestamps` in an upsert).
      let names = column.flattenedColumns.map(\.name)
      let values: [QueryFragment]
      if let value = newValue as? any Table {
        values = value.columnValues
      } else if let group = newValue as? any TableColumnExpression,
        group.flattenedColumns.count == names.count
      {
        values = group.flattenedColumns.map(\.queryFragment)
      } else {
        // Any other expression of the group's type: SQLite's row-value assignment reads it whole.
        values = []
      }
      assignments.removeAll { !Set(AssignmentTarget.names($0.column)).isDisjoint(with: names) }
      if values.count == names.count {
        assignments.append(contentsOf: zip(names, values).map { ($0, $1) })
      } else {
        assignments.append((AssignmentTarget.columns(names), "(" + newValue.queryFragment + ")"))
      }
    }
  }

  /// A column as an expression of its own type, for generic calls that take one
  /// (`Case($0.id)`), as upstream offers it.
  @_disfavoredOverload
  public subscript<ColumnTable: Table, Value>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<ColumnTable, Value>>
  ) -> SQLQueryExpression<Value> {
    get { SQLQueryExpression<Value>(column(keyPath).queryFragment) }
    set { self[dynamicMember: keyPath] = newValue as any QueryExpression<Value> }
  }

  /// A column group, whose own columns are assigned one at a time: `$0.status.isOutOfStock = true`.
  /// An enum table's case assigned this way (`$0.kind.note = …`) sets the other cases' columns to
  /// NULL, as the enum holds one case.
  public subscript<ColumnTable: Table, Group: Table>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<ColumnTable, Group>>
  ) -> Updates<Group> {
    get {
      var group = Updates<Group>()
      group.tableReference = column(keyPath).tableReference ?? Base.referenceName
      return group
    }
    set {
      assignments += newValue.assignments
      guard Group.self is any _EnumTable.Type else { return }
      let assigned = Set(newValue.assignments.flatMap { AssignmentTarget.names($0.column) })
      let others = Group.TableColumns.allColumns.flatMap(\.flattenedColumns).map(\.name)
      assignments += others.filter { !assigned.contains($0) }.map { ($0, "NULL") }
    }
  }
}

/// In an update, whether a column is NULL: `$0.dueDate == nil` is `("t"."dueDate") IS (NULL)`.
public func == <Value>(lhs: any QueryExpression<Value>, rhs: _Null?) -> SQLQueryExpression<Bool> {
  lhs.is(rhs)
}

/// In an update, whether a column is not NULL: `("t"."dueDate") IS NOT (NULL)`.
public func != <Value>(lhs: any QueryExpression<Value>, rhs: _Null?) -> SQLQueryExpression<Bool> {
  lhs.isNot(rhs)
}

/// In an update, the opposite of a column: `$0.isCompleted = !$0.isCompleted`.
@_disfavoredOverload
public prefix func ! (expression: any QueryExpression<Bool>) -> SQLQueryExpression<Bool> {
  expression.not()
}

extension QueryExpression where QueryValue == Bool {
  /// In an update, sets a Boolean column to its opposite: `SET "c" = NOT ("t"."c")`.
  public mutating func toggle() {
    guard let expression = self as? SQLQueryExpression<Bool> else { return }
    if let toggled = expression.not() as? Self { self = toggled }
  }
}

/// In an update, adds to a column: `SET "c" = ("t"."c") + (1)`.
@_disfavoredOverload
public func += <Value: _Numeric>(lhs: inout any QueryExpression<Value>, rhs: some QueryExpression<Value>) {
  lhs = binary(lhs, "+", rhs) as SQLQueryExpression<Value>
}

@_disfavoredOverload

public func -= <Value: _Numeric>(lhs: inout any QueryExpression<Value>, rhs: some QueryExpression<Value>) {
  lhs = binary(lhs, "-", rhs) as SQLQueryExpression<Value>
}

@_disfavoredOverload

public func *= <Value: _Numeric>(lhs: inout any QueryExpression<Value>, rhs: some QueryExpression<Value>) {
  lhs = binary(lhs, "*", rhs) as SQLQueryExpression<Value>
}

/// In an update, divides a column: `SET "c" = ("t"."c") / (4)`.
@_disfavoredOverload
public func /= <Value: _Numeric>(lhs: inout any QueryExpression<Value>, rhs: some QueryExpression<Value>) {
  lhs = binary(lhs, "/", rhs) as SQLQueryExpression<Value>
}

/// In an update, the bitwise operators: `$0.flags |= 4` is `SET "flags" = ("t"."flags") | (4)`.
@_disfavoredOverload
public func &= <Value: _Integer>(lhs: inout any QueryExpression<Value>, rhs: some QueryExpression<Value>) {
  lhs = binary(lhs, "&", rhs) as SQLQueryExpression<Value>
}

@_disfavoredOverload
public func |= <Value: _Integer>(lhs: inout any QueryExpression<Value>, rhs: some QueryExpression<Value>) {
  lhs = binary(lhs, "|", rhs) as SQLQueryExpression<Value>
}

@_disfavoredOverload
public func <<= <Value: _Integer>(lhs: inout any QueryExpression<Value>, rhs: some QueryExpression<Value>) {
  lhs = binary(lhs, "<<", rhs) as SQLQueryExpression<Value>
}

@_disfavoredOverload
public func >>= <Value: _Integer>(lhs: inout any QueryExpression<Value>, rhs: some QueryExpression<Value>) {
  lhs = binary(lhs, ">>", rhs) as SQLQueryExpression<Value>
}

/// In an update, a column negated, unchanged in sign, or bitwise inverted:
/// `$0.c = -$0.c`, `+$0.c`, `~$0.c`.
@_disfavoredOverload
public prefix func - <Value: _Numeric>(expression: any QueryExpression<Value>) -> SQLQueryExpression<Value> {
  SQLQueryExpression("-(" + expression.queryFragment + ")")
}

@_disfavoredOverload
public prefix func + <Value: _Numeric>(expression: any QueryExpression<Value>) -> SQLQueryExpression<Value> {
  SQLQueryExpression("+(" + expression.queryFragment + ")")
}

@_disfavoredOverload
public prefix func ~ <Value: _Integer>(expression: any QueryExpression<Value>) -> SQLQueryExpression<Value> {
  SQLQueryExpression("~(" + expression.queryFragment + ")")
}

extension QueryExpression where QueryValue: _Numeric {
  /// In an update, negates a column: `SET "c" = -("t"."c")`.
  public mutating func negate() {
    if let negated = SQLQueryExpression<QueryValue>("-(" + queryFragment + ")") as? Self { self = negated }
  }
}

extension QueryExpression where QueryValue == String {
  /// In an update, appends text to a column: `SET "c" = ("t"."c") || ('!')`.
  public mutating func append(_ other: some QueryExpression<String>) {
    if let appended = binary(self, "||", other) as SQLQueryExpression<String> as? Self { self = appended }
  }

  /// In an update, appends text to a column, as `append(_:)`.
  public mutating func append(contentsOf other: some QueryExpression<String>) { append(other) }
}

/// In an update, appends text: `SET "c" = ("t"."c") || ('!')`.
@_disfavoredOverload
public func += (lhs: inout any QueryExpression<String>, rhs: some QueryExpression<String>) {
  lhs = binary(lhs, "||", rhs) as SQLQueryExpression<String>
}

/// An UPDATE statement on `From`, whose RETURNING rows decode to `Returning`.
public struct Update<From: Table, Returning>: DecodableStatement, Sendable {
  public typealias QueryValue = Returning

  var assignments: [(column: String, value: QueryFragment)]
  var wheres: [QueryFragment]
  var returning: [QueryFragment] = []
  /// Made from `.none`: the statement updates nothing and runs no SQL.
  var isEmpty = false
  let decodeRow: @Sendable (inout QueryDecoder) throws -> Returning

  public var query: QueryFragment {
    guard !assignments.isEmpty, !isEmpty else { return QueryFragment() }
    var query: QueryFragment = "UPDATE " + From.tableFragment
    if let alias = From.tableAlias { query.append(" AS " + QueryFragment(quote: alias)) }
    query.append("\nSET " + SQLiteQueries.assignments(assignments))
    if !wheres.isEmpty { query.append("\nWHERE " + SelectClauses.conjunction(wheres)) }
    if !returning.isEmpty { query.append("\nRETURNING " + returning.joined(separator: ", ")) }
    return query
  }

  /// Adds a condition on the rows to update.
  public func `where`(_ predicate: (From.TableColumns) -> some QueryExpression<Bool>) -> Self {
    var copy = self
    copy.wheres.append(predicate(From.columns).queryFragment)
    return copy
  }

  /// The updated rows, decoded from `RETURNING` columns.
  public func returning<each Selected: QueryExpression>(
    _ selection: (From.TableColumns) -> (repeat each Selected)
  ) -> Update<From, (repeat (each Selected).QueryValue.QueryOutput)>
  where repeat (each Selected).QueryValue: QueryRepresentable {
    var columns: [QueryFragment] = []
    for expression in repeat each selection(From.columns) { columns.append(unqualified(expression)) }
    return Update<From, (repeat (each Selected).QueryValue.QueryOutput)>(
      assignments: assignments, wheres: wheres, returning: columns, isEmpty: isEmpty,
      decodeRow: decodeEach(repeat (each Selected).QueryValue.self)
    )
  }

  public func decode(_ decoder: inout QueryDecoder) throws -> Returning { try decodeRow(&decoder) }
  public func execute(_ db: Database) throws { try query.execute(db) }
  public func fetchAll(_ db: Database) throws -> [Returning] { try query.fetchAll(db, decodeRow) }
  public func fetchOne(_ db: Database) throws -> Returning? { try query.fetchOne(db, decodeRow) }
}

/// A DELETE statement on `From`.
public struct Delete<From: Table, Returning>: DecodableStatement, Sendable {
  public typealias QueryValue = Returning

  var wheres: [QueryFragment]
  var returning: [QueryFragment] = []
  /// Made from `.none`: the statement deletes nothing and runs no SQL.
  var isEmpty = false
  let decodeRow: @Sendable (inout QueryDecoder) throws -> Returning

  public var query: QueryFragment {
    guard !isEmpty else { return QueryFragment() }
    var query: QueryFragment = "DELETE FROM " + From.tableFragment
    if let alias = From.tableAlias { query.append(" AS " + QueryFragment(quote: alias)) }
    if !wheres.isEmpty { query.append("\nWHERE " + SelectClauses.conjunction(wheres)) }
    if !returning.isEmpty { query.append("\nRETURNING " + returning.joined(separator: ", ")) }
    return query
  }

  public func `where`(_ predicate: (From.TableColumns) -> some QueryExpression<Bool>) -> Self {
    var copy = self
    copy.wheres.append(predicate(From.columns).queryFragment)
    return copy
  }

  /// The deleted rows, decoded from `RETURNING` columns.
  public func returning<each Selected: QueryExpression>(
    _ selection: (From.TableColumns) -> (repeat each Selected)
  ) -> Delete<From, (repeat (each Selected).QueryValue.QueryOutput)>
  where repeat (each Selected).QueryValue: QueryRepresentable {
    var columns: [QueryFragment] = []
    for expression in repeat each selection(From.columns) { columns.append(unqualified(expression)) }
    return Delete<From, (repeat (each Selected).QueryValue.QueryOutput)>(
      wheres: wheres, returning: columns, isEmpty: isEmpty,
      decodeRow: decodeEach(repeat (each Selected).QueryValue.self)
    )
  }

  public func decode(_ decoder: inout QueryDecoder) throws -> Returning { try decodeRow(&decoder) }
  public func execute(_ db: Database) throws { try query.execute(db) }
  public func fetchAll(_ db: Database) throws -> [Returning] { try query.fetchAll(db, decodeRow) }
}

// MARK: - Starting points

extension Select where Columns == From, Joins == () {
  /// `UPDATE` the rows this statement selects.
  public func update(set updates: (inout Updates<From>) -> Void) -> Update<From, ()> {
    var assignments = Updates<From>()
    updates(&assignments)
    let clauses = self.clauses
    return Update(
      assignments: assignments.assignments, wheres: clauses.wheres, isEmpty: clauses.isEmpty,
      decodeRow: { _ in () })
  }

  /// `DELETE` the rows this statement selects.
  public func delete() -> Delete<From, ()> {
    let clauses = self.clauses
    return Delete(wheres: clauses.wheres, isEmpty: clauses.isEmpty, decodeRow: { _ in () })
  }
}

extension Table {
  /// `UPDATE "table" SET …` on every row (or those of the default scope).
  public static func update(set updates: (inout Updates<Self>) -> Void) -> Update<Self, ()> {
    all.update(set: updates)
  }

  /// `DELETE FROM "table"`.
  public static func delete() -> Delete<Self, ()> { all.delete() }
}

extension PrimaryKeyedTable {
  /// The rows whose primary key is `key`: `WHERE (("t"."id") IN ((1)))`.
  public static func find(_ key: PrimaryKey.QueryOutput) -> Select<Self, Self, ()> {
    all.find(key)
  }

  /// The rows whose primary key is one of `keys`.
  public static func find(_ keys: some Sequence<PrimaryKey.QueryOutput>) -> Select<Self, Self, ()> {
    all.find(keys)
  }

  /// The row whose primary key is the value of an expression: `Item.find(new.id)` in a trigger.
  public static func find(_ key: some QueryExpression<PrimaryKey>) -> Select<Self, Self, ()> {
    all.find(key)
  }

  /// `UPDATE` one row: every writable column but the key, `WHERE (("t"."id") = (key))`.
  public static func update(_ row: Self) -> Update<Self, ()> {
    let key = Self.columns.primaryKey
    let all = ColumnNames.all(TableColumns.self)
    let writable = Set(ColumnNames.writable(TableColumns.self)).subtracting([key.name])
    let assignments = zip(all, row.columnValues).filter { writable.contains($0.0) }.map {
      (column: $0.0, value: $0.1)
    }
    let condition =
      "(" + key.queryFragment + ") = (" + PrimaryKey(queryOutput: row.primaryKeyValue).queryFragment + ")"
    return Update(assignments: assignments, wheres: [condition], decodeRow: { _ in () })
  }

  /// `DELETE` one row, by its primary key.
  public static func delete(_ row: Self) -> Delete<Self, ()> {
    let key = Self.columns.primaryKey
    let condition =
      "(" + key.queryFragment + ") = (" + PrimaryKey(queryOutput: row.primaryKeyValue).queryFragment + ")"
    return Delete(wheres: [condition], decodeRow: { _ in () })
  }
}

/// `("t"."id") IN ((1), (2))`: the condition of `find`.
func primaryKeyCondition<T: PrimaryKeyedTable>(
  of table: T.Type, in keys: some Sequence<T.PrimaryKey.QueryOutput>
)
  -> QueryFragment
{
  let list = keys.map { "(" + T.PrimaryKey(queryOutput: $0).queryFragment + ")" }.joined(separator: ", ")
  return "(" + T.columns.primaryKey.queryFragment + ") IN (" + list + ")"
}

/// `find` of the value of an expression, `("t"."id") IN ((new."id"))`, or of the rows of a
/// subquery, `("t"."id") IN (SELECT …)`. (Upstream writes the subquery in a second pair of
/// parentheses, which SQLite 3.40 reads as one value, the first row's: it would find one row.)
func primaryKeyCondition<T: PrimaryKeyedTable>(of table: T.Type, is key: some QueryExpression)
  -> QueryFragment
{
  if let subquery = key as? any PartialSelectStatement {
    return T.columns.primaryKey.in(subquery).queryFragment
  }
  return "(" + T.columns.primaryKey.queryFragment + ") IN ((" + key.queryFragment + "))"
}

/// `find` on any select of a keyed table: before or after choosing columns, and after joins.
extension Select where From: PrimaryKeyedTable {
  public func find(_ key: From.PrimaryKey.QueryOutput) -> Self {
    find([key])
  }

  public func find(_ key: some QueryExpression<From.PrimaryKey>) -> Self {
    adding(where: primaryKeyCondition(of: From.self, is: key))
  }

  public func find(_ keys: some Sequence<From.PrimaryKey.QueryOutput>) -> Self {
    adding(where: primaryKeyCondition(of: From.self, in: keys))
  }
}

/// `find` on a select of drafts, by the table's key.
extension Select where From: TableDraft {
  public func find(_ key: From.SourceTable.PrimaryKey.QueryOutput) -> Self {
    find([key])
  }

  public func find(_ keys: some Sequence<From.SourceTable.PrimaryKey.QueryOutput>) -> Self {
    adding(where: primaryKeyCondition(of: From.SourceTable.self, in: keys))
  }
}

extension TableDraft {
  /// The drafts of the rows whose primary key is `key`.
  public static func find(_ key: SourceTable.PrimaryKey.QueryOutput) -> Select<Self, Self, ()> {
    all.find(key)
  }

  /// The drafts of the rows whose primary key is one of `keys`.
  public static func find(_ keys: some Sequence<SourceTable.PrimaryKey.QueryOutput>) -> Select<Self, Self, ()>
  {
    all.find(keys)
  }
}

extension Update where From: PrimaryKeyedTable {
  /// Updates the row whose primary key is `key`: `Reminder.update { … }.find(1)`.
  public func find(_ key: From.PrimaryKey.QueryOutput) -> Self { find([key]) }

  /// Updates the rows whose primary key is one of `keys`.
  public func find(_ keys: some Sequence<From.PrimaryKey.QueryOutput>) -> Self {
    var copy = self
    copy.wheres.append(primaryKeyCondition(of: From.self, in: keys))
    return copy
  }
}

extension Delete where From: PrimaryKeyedTable {
  /// Deletes the row whose primary key is `key`: `Reminder.delete().find(1)`.
  public func find(_ key: From.PrimaryKey.QueryOutput) -> Self { find([key]) }

  /// Deletes the rows whose primary key is one of `keys`.
  public func find(_ keys: some Sequence<From.PrimaryKey.QueryOutput>) -> Self {
    var copy = self
    copy.wheres.append(primaryKeyCondition(of: From.self, in: keys))
    return copy
  }
}
