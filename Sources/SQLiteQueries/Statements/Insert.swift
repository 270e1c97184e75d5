import SQLiteEngine

/// An INSERT statement into `Into`, whose RETURNING rows decode to `Returning`.
public struct Insert<Into: Table, Returning>: DecodableStatement, @unchecked Sendable {
  public typealias QueryValue = Returning

  /// The columns given values, except for rows of a `@Table` type (`.rows`), which know their
  /// columns: looking them up for every draft inserted would cost more than the rest.
  var columnNames: [String]
  /// The column list as SQL, when it was worked out once for the table.
  var quotedColumnNames: QueryFragment?
  var source: InsertSource
  var conflictTarget: [String]?
  var conflictWhere: QueryFragment?
  var doUpdate: [(column: String, value: QueryFragment)]?
  var doUpdateWhere: QueryFragment?
  var returning: [QueryFragment] = []
  let decodeRow: (inout QueryDecoder) throws -> Returning

  public var query: QueryFragment {
    guard !source.hasNoRows else { return QueryFragment() }
    var query: QueryFragment = "INSERT INTO " + Into.tableFragment
    if let alias = Into.tableAlias { query.append(" AS " + QueryFragment(quote: alias)) }
    switch source {
    case .defaultValues:
      query.append("\nDEFAULT VALUES")
    case .values(let rows):
      query.append(valuesClause(rows, quotedColumnNames: quotedColumnNames ?? quotedList(columnNames)))
    case .rows(let rows):
      query.append(valuesClause(rows.columnValues, quotedColumnNames: rows.quotedColumnNames))
    case .select(let select):
      query.append("\n(" + quotedList(columnNames) + ")\n" + select)
    }
    if let doUpdate {
      if let conflictTarget {
        query.append("\nON CONFLICT (" + quotedList(conflictTarget) + ")")
        if let conflictWhere { query.append("\nWHERE " + conflictWhere) }
        query.append("\nDO UPDATE SET " + assignments(doUpdate))
      } else {
        query.append("\nON CONFLICT DO UPDATE SET " + assignments(doUpdate))
      }
      if let doUpdateWhere { query.append("\nWHERE " + doUpdateWhere) }
    } else if let conflictTarget, !conflictTarget.isEmpty {
      query.append("\nON CONFLICT (" + quotedList(conflictTarget) + ")")
      if let conflictWhere { query.append("\nWHERE " + conflictWhere) }
      query.append("\nDO NOTHING")
    } else if conflictTarget != nil {
      query.append("\nON CONFLICT DO NOTHING")
    }
    if !returning.isEmpty { query.append("\nRETURNING " + returning.joined(separator: ", ")) }
    return query
  }

  /// `("a", "b")\nVALUES\n(…), (…)`.
  private func valuesClause(_ rows: [[QueryFragment]], quotedColumnNames: QueryFragment) -> QueryFragment {
    "\n(" + quotedColumnNames + ")\nVALUES\n"
      + rows.map { "(" + $0.joined(separator: ", ") + ")" }.joined(separator: ", ")
  }

  /// `ON CONFLICT DO NOTHING` for the given columns, or any conflict when there are none.
  public func onConflictDoNothing(_ columns: (Into.TableColumns) -> [any TableColumnExpression] = { _ in [] })
    -> Self
  {
    var copy = self
    copy.conflictTarget = columns(Into.columns).map { $0.name }
    copy.doUpdate = nil
    return copy
  }

  /// Rows this statement inserts or updates, decoded from `RETURNING` columns.
  public func returning<each Selected: QueryExpression>(
    _ selection: (Into.TableColumns) -> (repeat each Selected)
  ) -> Insert<Into, (repeat (each Selected).QueryValue.QueryOutput)>
  where repeat (each Selected).QueryValue: QueryRepresentable {
    var columns: [QueryFragment] = []
    for expression in repeat each selection(Into.columns) { columns.append(unqualified(expression)) }
    return Insert<Into, (repeat (each Selected).QueryValue.QueryOutput)>(
      columnNames: columnNames, quotedColumnNames: quotedColumnNames, source: source,
      conflictTarget: conflictTarget,
      conflictWhere: conflictWhere,
      doUpdate: doUpdate, doUpdateWhere: doUpdateWhere, returning: columns,
      decodeRow: { decoder in (repeat try decodeNext((each Selected).QueryValue.self, &decoder).queryOutput) }
    )
  }

  /// The inserted rows, whole.
  public func returning(_ keyPath: KeyPath<Into, Into>) -> Insert<Into, Into> {
    Insert<Into, Into>(
      columnNames: columnNames, quotedColumnNames: quotedColumnNames, source: source,
      conflictTarget: conflictTarget,
      conflictWhere: conflictWhere,
      doUpdate: doUpdate, doUpdateWhere: doUpdateWhere,
      returning: Into.TableColumns.allColumns.map { QueryFragment(quote: $0.name) },
      decodeRow: { try Into(decoder: &$0) })
  }

  /// One column of the inserted rows.
  public func returning<Selected: TableColumnExpression>(_ keyPath: KeyPath<Into.TableColumns, Selected>)
    -> Insert<Into, Selected.QueryValue.QueryOutput> where Selected.QueryValue: QueryRepresentable
  {
    Insert<Into, Selected.QueryValue.QueryOutput>(
      columnNames: columnNames, quotedColumnNames: quotedColumnNames, source: source,
      conflictTarget: conflictTarget,
      conflictWhere: conflictWhere,
      doUpdate: doUpdate, doUpdateWhere: doUpdateWhere,
      returning: [QueryFragment(quote: Into.columns[keyPath: keyPath].name)],
      decodeRow: { try decodeNext(Selected.QueryValue.self, &$0).queryOutput })
  }

  public func decode(_ decoder: inout QueryDecoder) throws -> Returning { try decodeRow(&decoder) }
  public func execute(_ db: Database) throws {
    if try executeBindingRows(db) { return }
    if let (sql, bindings) = boundValuesSQL() {
      let statement = try db.cachedStatement(sql: sql)
      do {
        try statement.execute(bindingEach: bindings.count) { index in
          try bindings[Int(index) - 1].bind(to: statement.sqliteStatement, at: index)
        }
      } catch let error as DatabaseError where error.arguments?.isEmpty ?? true {
        throw error.adding(bindings: bindings, sql: sql)
      }
    } else {
      try query.execute(db)
    }
  }

  public func fetchAll(_ db: Database) throws -> [Returning] { try query.fetchAll(db, decodeRow) }
  public func fetchOne(_ db: Database) throws -> Returning? { try query.fetchOne(db, decodeRow) }
}

extension Insert where Returning == () {
  /// An insert of `@Table` rows or drafts into their writable columns. Inlinable, so that the
  /// rows become an `InsertSource` where their type is known, with no box made at run time.
  @inlinable
  static func rows(_ rows: some InsertRows) -> Self {
    Self(source: .rows(rows))
  }

  /// An insert with nothing but its rows.
  @usableFromInline
  init(source: InsertSource) {
    self.init(columnNames: [], source: source, decodeRow: { _ in () })
  }
}

/// Where the rows of an INSERT come from.
@usableFromInline
enum InsertSource {
  case values([[QueryFragment]])
  /// `@Table` rows or drafts, which bind their values straight into the statement.
  case rows(any InsertRows)
  case select(QueryFragment)
  case defaultValues

  /// A VALUES insert of no rows, which runs no SQL.
  var hasNoRows: Bool {
    switch self {
    case .values(let rows): rows.isEmpty
    case .rows(let rows): rows.count == 0
    case .select, .defaultValues: false
    }
  }
}

/// `"a", "b"`.
func quotedList(_ names: [String]) -> QueryFragment {
  names.map { QueryFragment(quote: $0) }.joined(separator: ", ")
}

/// `"a" = x, "b" = y`.

/// RETURNING and SET name columns without their table.
func unqualified(_ expression: some QueryExpression) -> QueryFragment {
  if let column = expression as? any TableColumnExpression { return QueryFragment(quote: column.name) }
  return expression.queryFragment
}

/// Rows for an insert: values of a table or of its draft, one per line, or arrays of them.
@resultBuilder
public enum InsertValuesBuilder<Value> {
  @inlinable public static func buildExpression(_ value: Value) -> [Value] { [value] }
  @inlinable public static func buildExpression(_ values: [Value]) -> [Value] { values }
  /// One row or one array of rows, as inserting a draft at a time writes: no flattening.
  @inlinable public static func buildBlock(_ component: [Value]) -> [Value] { component }
  @inlinable public static func buildBlock(_ components: [Value]...) -> [Value] { components.flatMap { $0 } }
  @inlinable public static func buildOptional(_ component: [Value]?) -> [Value] { component ?? [] }
  @inlinable public static func buildEither(first component: [Value]) -> [Value] { component }
  @inlinable public static func buildEither(second component: [Value]) -> [Value] { component }
  @inlinable public static func buildArray(_ components: [[Value]]) -> [Value] { components.flatMap { $0 } }
}

extension Table {
  /// `INSERT INTO "table" ("a", "b") VALUES (…), (…)`: whole rows, every writable column.
  public static func insert(@InsertValuesBuilder<Self> _ rows: () -> [Self]) -> Insert<Self, ()> {
    let writable = ColumnNames.writable(TableColumns.self)
    let all = ColumnNames.all(TableColumns.self)
    guard writable.count < all.count else { return .rows(TableRows(rows())) }
    // Generated columns take no values.
    let isWritable = all.map(Set(writable).contains)
    let values = rows().map { row in zip(isWritable, row.columnValues).filter { $0.0 }.map { $0.1 } }
    return Insert(
      columnNames: writable, quotedColumnNames: ColumnNames.quotedWritable(TableColumns.self),
      source: .values(values),
      decodeRow: { _ in () })
  }

  /// `INSERT INTO "table" DEFAULT VALUES`.
  public static func insert() -> Insert<Self, ()> {
    Insert(columnNames: [], source: .defaultValues, decodeRow: { _ in () })
  }

  /// `INSERT INTO "table" ("a", …) SELECT …`: chosen columns, from a query.
  public static func insert<each Column: TableColumnExpression>(
    _ columns: (TableColumns) -> (repeat each Column), select: () -> some PartialSelectStatement
  ) -> Insert<Self, ()> {
    var names: [String] = []
    for column in repeat each columns(Self.columns) { names.append(column.name) }
    return Insert(columnNames: names, source: .select(select().query), decodeRow: { _ in () })
  }
}

extension Insert where Into: PrimaryKeyedTable {
  /// On a conflict on `columns`, updates the row instead: `$0.title = …` assigns, and the
  /// second argument holds the values that were to be inserted (`excluded`).
  public func onConflict(
    _ columns: (Into.TableColumns) -> [any TableColumnExpression],
    doUpdate updates: (inout Updates<Into>, Excluded<Into>) -> Void
  ) -> Self {
    var copy = self
    copy.conflictTarget = columns(Into.columns).map { $0.name }
    var assignments = Updates<Into>()
    updates(&assignments, Excluded())
    copy.doUpdate = assignments.assignments
    return copy
  }
}

extension PrimaryKeyedTable {
  /// `INSERT INTO "table" (…) VALUES (…)` from drafts: the primary key is NULL unless set, and
  /// the database fills it in.
  ///
  /// Inlinable, so that inserting a draft at a time is specialized for the table where it is
  /// written, with no generic type to look up per row.
  @inlinable
  public static func insert(@InsertValuesBuilder<Draft> _ rows: () -> [Draft]) -> Insert<Self, ()> {
    .rows(TableRows(rows()))
  }

  /// Inserts the drafts, or on a conflict of primary keys updates every other column of the
  /// existing row from them.
  public static func upsert(@InsertValuesBuilder<Draft> _ rows: () -> [Draft]) -> Insert<Self, ()> {
    var insert = insert(rows)
    let key = Self.columns.primaryKey.name
    insert.conflictTarget = [key]
    insert.doUpdate = ColumnNames.writable(Draft.TableColumns.self).filter { $0 != key }.map { name in
      (name, QueryFragment("\"excluded\".") + QueryFragment(quote: name))
    }
    return insert
  }
}

/// The values an INSERT tried to insert, in `ON CONFLICT DO UPDATE`: `"excluded"."title"`.
@dynamicMemberLookup
public struct Excluded<Base: Table>: Sendable {
  public subscript<Value>(dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<Base, Value>>)
    -> SQLQueryExpression<Value>
  {
    SQLQueryExpression("\"excluded\"." + QueryFragment(quote: Base.columns[keyPath: keyPath].name))
  }
}

/// A row of a table built from expressions (a table's `Columns(…)`), for inserts of computed
/// values, as in triggers.
public protocol TableRowExpression: QueryExpression where QueryValue: Table {
  var expressions: [(name: String, fragment: QueryFragment, isColumn: Bool)] { get }
}

extension Table {
  /// `INSERT INTO "table" ("a", …) VALUES (…)` from expressions: `Columns(title: new.title, …)`.
  public static func insert<Row: TableRowExpression>(@InsertValuesBuilder<Row> _ rows: () -> [Row])
    -> Insert<Self, ()> where Row.QueryValue == Self
  {
    let rows = rows()
    return Insert(
      columnNames: rows.first?.expressions.map { $0.name } ?? [],
      source: .values(rows.map { $0.expressions.map { $0.fragment } }), decodeRow: { _ in () })
  }
}
