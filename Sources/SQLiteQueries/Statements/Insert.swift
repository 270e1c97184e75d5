import SQLiteEngine

/// An INSERT statement into `Into`, whose RETURNING rows decode to `Returning`.
public struct Insert<Into: Table, Returning>: DecodableStatement, Sendable {
  public typealias QueryValue = Returning

  /// The statement, in its one stored property: an insert held in more than one is not seen
  /// through where it is written, and is copied and dropped through its generic type's value
  /// witness (about 150 instructions per row when inserting a draft at a time).
  @usableFromInline
  let form: InsertForm<Into, Returning>

  @inlinable
  init(form: InsertForm<Into, Returning>) { self.form = form }

  init(
    source: InsertSource<Into>, clauses: InsertClauses,
    decodeRow: @escaping @Sendable (inout QueryDecoder) throws -> Returning
  ) {
    form = .full(InsertParts(source: source, clauses: clauses, decodeRow: decodeRow))
  }

  var source: InsertSource<Into> {
    switch form {
    case .plain(let source): source
    case .full(let parts): parts.source
    }
  }

  /// Everything else the statement says, nil for a plain insert.
  var clauses: InsertClauses? {
    switch form {
    case .plain: nil
    case .full(let parts): parts.clauses
    }
  }

  var decodeRow: @Sendable (inout QueryDecoder) throws -> Returning {
    switch form {
    case .plain: { _ in try Self.noRow() }
    case .full(let parts): parts.decodeRow
    }
  }

  /// What a row of a plain insert decodes to: such an insert returns no rows, and is made only
  /// where `Returning` is `()`.
  private static func noRow() throws -> Returning {
    guard let nothing = () as? Returning else {
      throw QueryDecodingError(message: "A plain insert returns no rows: add a RETURNING clause to read them")
    }
    return nothing
  }

  var columnNames: [String] { clauses?.columnNames ?? [] }
  var quotedColumnNames: QueryFragment? { clauses?.quotedColumnNames }
  var conflictTarget: [String]? { clauses?.conflictTarget }
  var conflictWhere: QueryFragment? { clauses?.conflictWhere }
  var doUpdate: [(column: String, value: QueryFragment)]? { clauses?.doUpdate }
  var doUpdateWhere: QueryFragment? { clauses?.doUpdateWhere }
  var returning: [QueryFragment] { clauses?.returning ?? [] }

  /// The statement with its clauses changed: they are shared between copies, so a change
  /// makes new ones.
  func changingClauses(_ change: (inout InsertClauses) -> Void) -> Self {
    var clauses = self.clauses ?? InsertClauses()
    change(&clauses)
    return Self(source: source, clauses: clauses, decodeRow: decodeRow)
  }

  public var query: QueryFragment {
    guard !source.hasNoRows else { return QueryFragment() }
    var query: QueryFragment = "INSERT INTO " + Into.tableFragment
    if let alias = Into.tableAlias { query.append(" AS " + QueryFragment(quote: alias)) }
    switch source {
    case .defaultValues:
      query.append("\nDEFAULT VALUES")
    case .values(let rows):
      query.append(valuesClause(rows, quotedColumnNames: quotedColumnNames ?? quotedList(columnNames)))
    case .row(let row): query.append(valuesClause(of: [row]))
    case .rows(let rows): query.append(valuesClause(of: rows))
    case .draft(let draft): query.append(valuesClause(of: [draft]))
    case .drafts(let drafts): query.append(valuesClause(of: drafts))
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
    if doUpdate == nil, let doUpdateWhere {
      // A filter of an update that is not there: running the statement fails with this message
      // (an invalid binding throws before SQLite reads the SQL), rather than leaving it out.
      let message =
        "The insert's where: filters the update of a conflict, and it updates none: write "
        + "onConflictDoUpdate: before where:, or leave where: out (WHERE \(doUpdateWhere.debugDescription))"
      query.append(
        "\nWHERE " + QueryFragment(segments: [.binding(.invalid(QueryBindingError(message: message)))]))
    }
    if !returning.isEmpty { query.append("\nRETURNING " + returning.joined(separator: ", ")) }
    return query
  }

  /// `("a", "b")\nVALUES\n(…), (…)`.
  private func valuesClause(_ rows: [[QueryFragment]], quotedColumnNames: QueryFragment) -> QueryFragment {
    "\n(" + quotedColumnNames + ")\nVALUES\n"
      + rows.map { "(" + $0.joined(separator: ", ") + ")" }.joined(separator: ", ")
  }
  /// The VALUES clause of `@Table` rows or drafts: every writable column of their type.
  private func valuesClause<Row: Table>(of rows: [Row]) -> QueryFragment {
    valuesClause(
      rows.map(\.columnValues), quotedColumnNames: ColumnNames.quotedWritable(Row.TableColumns.self))
  }

  /// `ON CONFLICT DO NOTHING` for the given columns, or any conflict when there are none.
  public func onConflictDoNothing(_ columns: (Into.TableColumns) -> [any TableColumnExpression] = { _ in [] })
    -> Self
  {
    let target = columns(Into.columns).map { $0.name }
    return changingClauses {
      $0.conflictTarget = target
      $0.doUpdate = nil
    }
  }

  /// Rows this statement inserts or updates, decoded from `RETURNING` columns.
  public func returning<each Selected: QueryExpression>(
    _ selection: (Into.TableColumns) -> (repeat each Selected)
  ) -> Insert<Into, (repeat (each Selected).QueryValue.QueryOutput)>
  where repeat (each Selected).QueryValue: QueryRepresentable {
    var columns: [QueryFragment] = []
    for expression in repeat each selection(Into.columns) { columns.append(unqualified(expression)) }
    return returning(columns, decodeRow: decodeEach(repeat (each Selected).QueryValue.self))
  }

  /// The inserted rows, whole.
  public func returning(_ keyPath: KeyPath<Into, Into>) -> Insert<Into, Into> {
    returning(Into.TableColumns.allColumns.map { QueryFragment(quote: $0.name) }) { try Into(decoder: &$0) }
  }

  /// One column of the inserted rows.
  public func returning<Selected: TableColumnExpression>(_ keyPath: KeyPath<Into.TableColumns, Selected>)
    -> Insert<Into, Selected.QueryValue.QueryOutput> where Selected.QueryValue: QueryRepresentable
  {
    returning([QueryFragment(quote: Into.columns[keyPath: keyPath].name)]) {
      try decodeNext(Selected.QueryValue.self, &$0).queryOutput
    }
  }

  /// The statement with a RETURNING clause of `columns`, each row decoded by `decodeRow`.
  private func returning<Row>(
    _ columns: [QueryFragment], decodeRow: @escaping @Sendable (inout QueryDecoder) throws -> Row
  ) -> Insert<Into, Row> {
    var clauses = self.clauses ?? InsertClauses()
    clauses.returning = columns
    return Insert<Into, Row>(source: source, clauses: clauses, decodeRow: decodeRow)
  }

  public func decode(_ decoder: inout QueryDecoder) throws -> Returning { try decodeRow(&decoder) }
  /// Inlined where it is written, so that a plain insert of rows (one draft at a time, say) is
  /// seen through there: it goes straight to binding its rows, with no generic code in between,
  /// and no copy or drop of the whole insert.
  @inlinable @inline(__always)
  public func execute(_ db: Database) throws {
    guard case .plain(let source) = form, Into.tableAlias == nil else {
      return try executeRenderingValues(db)
    }
    switch source {
    case .row(let row): if try !Self.insertBinding(row, db) { try Self.executeRendering(.row(row), db) }
    case .rows(let rows): if try !Self.insertBinding(rows, db) { try Self.executeRendering(.rows(rows), db) }
    case .draft(let draft):
      if try !Self.insertBinding(draft, db) { try Self.executeRendering(.draft(draft), db) }
    case .drafts(let drafts):
      if try !Self.insertBinding(drafts, db) { try Self.executeRendering(.drafts(drafts), db) }
    default: try executeRenderingValues(db)
    }
  }

  /// Runs a plain insert of `source` with its SQL rendered.
  @usableFromInline
  static func executeRendering(_ source: InsertSource<Into>, _ db: Database) throws {
    try Insert<Into, ()>(form: .plain(source)).executeRenderingValues(db)
  }

  /// Runs any insert but a plain one of rows that bind: with the SQL of its shape and the values
  /// bound, or with its SQL rendered.
  @usableFromInline
  func executeRenderingValues(_ db: Database) throws {
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
  /// An insert with nothing but where its rows come from.
  @inlinable
  init(source: InsertSource<Into>) {
    self.init(form: .plain(source))
  }
}

/// The kinds of INSERT: a plain one is nothing but its rows, the most common (one per row when
/// inserting a draft at a time), kept without a box; any other is boxed, which keeps the enum one
/// of two simple payloads.
@usableFromInline
enum InsertForm<Into: Table, Returning>: Sendable {
  /// Rows, with no clause and nothing returned (`Returning` is `()`).
  case plain(InsertSource<Into>)
  case full(InsertParts<Into, Returning>)
}

/// An INSERT with clauses or rows returned, shared by the copies of a statement: immutable
/// (``Insert/changingClauses(_:)`` makes a new one).
@usableFromInline
final class InsertParts<Into: Table, Returning>: Sendable {
  let source: InsertSource<Into>
  let clauses: InsertClauses
  let decodeRow: @Sendable (inout QueryDecoder) throws -> Returning

  init(
    source: InsertSource<Into>, clauses: InsertClauses,
    decodeRow: @escaping @Sendable (inout QueryDecoder) throws -> Returning
  ) {
    self.source = source
    self.clauses = clauses
    self.decodeRow = decodeRow
  }
}

/// What an INSERT says besides its rows.
struct InsertClauses: Sendable {
  /// The columns given values, except for rows of a `@Table` type or drafts, which know their
  /// columns.
  var columnNames: [String] = []
  /// The column list as SQL, when it was worked out once for the table.
  var quotedColumnNames: QueryFragment?
  var conflictTarget: [String]?
  var conflictWhere: QueryFragment?
  var doUpdate: [(column: String, value: QueryFragment)]?
  var doUpdateWhere: QueryFragment?
  var returning: [QueryFragment] = []
}

/// Where the rows of an INSERT into `Into` come from.
@usableFromInline
enum InsertSource<Into: Table>: Sendable {
  case values([[QueryFragment]])
  /// Whole rows of the table, which bind their values straight into the statement.
  case rows([Into])
  /// Drafts of the table's rows, which bind their values straight into the statement.
  case drafts([Into.Draft])
  /// One row or draft, the most common insert, kept without an array.
  case row(Into)
  case draft(Into.Draft)
  case select(QueryFragment)
  case defaultValues

  /// Whole rows, as the builder gathered them: one without an array.
  @inlinable
  static func tableRows(_ rows: InsertRows<Into>) -> Self {
    switch rows.storage {
    case .one(let row): .row(row)
    case .many(let rows): .rows(rows)
    }
  }

  /// Drafts, as the builder gathered them: one without an array.
  @inlinable
  static func tableDrafts(_ drafts: InsertRows<Into.Draft>) -> Self {
    switch drafts.storage {
    case .one(let draft): .draft(draft)
    case .many(let drafts): .drafts(drafts)
    }
  }

  /// An insert of no rows (VALUES of none, or a select that selects nothing), which runs no SQL.
  var hasNoRows: Bool {
    switch self {
    case .values(let rows): rows.isEmpty
    case .rows(let rows): rows.isEmpty
    case .drafts(let drafts): drafts.isEmpty
    case .select(let query): query.isEmpty
    case .row, .draft, .defaultValues: false
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
  if let table = expression as? any TableDefinition {
    return type(of: table).allColumns.map { QueryFragment(quote: $0.name) }.joined(separator: ", ")
  }
  return expression.queryFragment
}

/// Rows for an insert: values of a table or of its draft, one per line, or arrays of them.
@resultBuilder
public enum InsertValuesBuilder<Value> {
  @inlinable public static func buildExpression(_ value: Value) -> InsertRows<Value> { InsertRows(value) }
  @inlinable public static func buildExpression(_ values: [Value]) -> InsertRows<Value> { InsertRows(values) }
  /// One row or one array of rows, as inserting a draft at a time writes: no flattening.
  @inlinable public static func buildBlock(_ component: InsertRows<Value>) -> InsertRows<Value> { component }
  @inlinable public static func buildBlock(_ components: InsertRows<Value>...) -> InsertRows<Value> {
    InsertRows(components.flatMap(\.array))
  }
  @inlinable public static func buildOptional(_ component: InsertRows<Value>?) -> InsertRows<Value> {
    component ?? InsertRows([])
  }
  @inlinable public static func buildEither(first component: InsertRows<Value>) -> InsertRows<Value> {
    component
  }
  @inlinable public static func buildEither(second component: InsertRows<Value>) -> InsertRows<Value> {
    component
  }
  @inlinable public static func buildArray(_ components: [InsertRows<Value>]) -> InsertRows<Value> {
    InsertRows(components.flatMap(\.array))
  }
  /// The rows as an array, for the inserts that take them so.
  @inlinable public static func buildFinalResult(_ component: InsertRows<Value>) -> [Value] {
    component.array
  }
  /// The rows as gathered, for the inserts that take them so: one row stays one.
  @inlinable public static func buildFinalResult(_ component: InsertRows<Value>) -> InsertRows<Value> {
    component
  }
}

extension InsertValuesBuilder where Value: TableDraft {
  /// A whole row among drafts: inserted with its primary key, `Reminder(id: 12, …)` next to
  /// `Reminder.Draft(…)`.
  public static func buildExpression(_ row: Value.SourceTable) -> InsertRows<Value> { InsertRows(Value(row)) }
}

/// The rows an insert's builder gathers: one row is kept as it is, not in an array, so that an
/// insert of one row (a draft at a time, say) is known to be of one row where it is written.
public struct InsertRows<Value> {
  @usableFromInline
  enum Storage {
    case one(Value)
    case many([Value])
  }

  @usableFromInline
  let storage: Storage

  @inlinable init(_ row: Value) { storage = .one(row) }
  @inlinable init(_ rows: [Value]) { storage = .many(rows) }

  /// The rows, in order.
  @inlinable public var array: [Value] {
    switch storage {
    case .one(let row): [row]
    case .many(let rows): rows
    }
  }
}

extension Table {
  /// `INSERT INTO "table" ("a", "b") VALUES (…), (…)`: whole rows, every writable column,
  /// the columns written out (`insert { $0 } values: { row }`) or not (`insert { row }`).
  public static func insert(
    _ columns: (TableColumns) -> TableColumns, @InsertValuesBuilder<Self> values rows: () -> [Self]
  ) -> Insert<Self, ()> {
    insert(rows: InsertRows(rows()))
  }

  /// `INSERT INTO "table" ("a", "b") VALUES (…), (…)`: whole rows, every writable column.
  public static func insert(@InsertValuesBuilder<Self> _ rows: () -> InsertRows<Self>) -> Insert<Self, ()> {
    insert(rows: rows())
  }

  /// The insert of `rows`, for every form of insert of whole rows.
  static func insert(rows: InsertRows<Self>) -> Insert<Self, ()> {
    let writable = ColumnNames.writable(TableColumns.self)
    let all = ColumnNames.all(TableColumns.self)
    guard writable.count < all.count else { return Insert(source: .tableRows(rows)) }
    // Generated columns take no values.
    let isWritable = all.map(Set(writable).contains)
    let values = rows.array.map { row in zip(isWritable, row.columnValues).filter { $0.0 }.map { $0.1 } }
    return Insert(
      source: .values(values),
      clauses: InsertClauses(
        columnNames: writable, quotedColumnNames: ColumnNames.quotedWritable(TableColumns.self)),
      decodeRow: { _ in () })
  }

  /// `INSERT INTO "table" DEFAULT VALUES`.
  public static func insert() -> Insert<Self, ()> {
    Insert(source: .defaultValues)
  }

  /// `INSERT INTO "table" ("a", …) SELECT …`: chosen columns, from a query.
  public static func insert<each Column: TableColumnExpression>(
    _ columns: (TableColumns) -> (repeat each Column), select: () -> some PartialSelectStatement
  ) -> Insert<Self, ()> {
    Insert(
      source: .select(select().query), clauses: InsertClauses(columnNames: names(of: columns)),
      decodeRow: { _ in () })
  }
}

extension Insert where Into: PrimaryKeyedTable {
  /// On a conflict on `columns`, updates the row instead: `$0.title = …` assigns, and the
  /// second argument holds the values that were to be inserted (`excluded`).
  public func onConflict(
    _ columns: (Into.TableColumns) -> [any TableColumnExpression],
    doUpdate updates: (inout Updates<Into>, Excluded<Into>) -> Void
  ) -> Self {
    let target = columns(Into.columns).map { $0.name }
    var assignments = Updates<Into>()
    updates(&assignments, Excluded())
    return changingClauses {
      $0.conflictTarget = target
      $0.doUpdate = assignments.assignments
    }
  }
}

extension PrimaryKeyedTable {
  /// `INSERT INTO "table" (…) VALUES (…)` from drafts: the primary key is NULL unless set, and
  /// the database fills it in.
  ///
  /// Inlinable, so that inserting a draft at a time is specialized for the table where it is
  /// written, with no generic type to look up per row.
  @inlinable
  public static func insert(@InsertValuesBuilder<Draft> _ rows: () -> InsertRows<Draft>) -> Insert<Self, ()> {
    Insert(source: .tableDrafts(rows()))
  }

  /// The insert of `drafts`, for the forms of insert that add to it.
  static func insert(drafts: [Draft]) -> Insert<Self, ()> {
    Insert(source: .tableDrafts(InsertRows(drafts)))
  }

  /// Inserts the drafts, or on a conflict of primary keys updates every other column of the
  /// existing row from them.
  public static func upsert(@InsertValuesBuilder<Draft> _ rows: () -> [Draft]) -> Insert<Self, ()> {
    let key = Self.columns.primaryKey.name
    return insert(drafts: rows()).changingClauses {
      $0.conflictTarget = [key]
      $0.doUpdate = ColumnNames.writable(Draft.TableColumns.self).filter { $0 != key }.map { name in
        (name, QueryFragment("\"excluded\".") + QueryFragment(quote: name))
      }
    }
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
      source: .values(rows.map { $0.expressions.map { $0.fragment } }),
      clauses: InsertClauses(columnNames: rows.first?.expressions.map { $0.name } ?? []),
      decodeRow: { _ in () })
  }
}
