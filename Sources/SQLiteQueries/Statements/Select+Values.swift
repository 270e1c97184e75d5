import SQLiteEngine
import Synchronization

/// A select from the rows of `Values { … }`, named as SQLite names a `VALUES` list's columns
/// (`"column1"`, `"column2"`, …); a `@Selection` row's columns are aliased to its names.
///
///     Select(Values { (1, "Hello", true); (2, "Goodbye", false) }).where(\.2)
///     // SELECT "column1", "column2", "column3"
///     // FROM (
///     //   VALUES (1, 'Hello', 1), (2, 'Goodbye', 0)
///     // )
///     // WHERE ("column3")
///
/// Filters and orders reach a row's values by key path (`\.2`, `\.1.score`), by position
/// (`.where { _, _, flag in flag }`), or by a selection's members (`.where { $0.player.eq("Blob") }`).
extension Select where Joins == () {
  public init(_ values: Values<Columns>) where From == ValuesTable<Columns> {
    let layout = values.layout ?? From.layout
    var clauses = SelectClauses(isEmpty: values.rowsFragment.isEmpty)
    clauses.source = "(\n" + values.rowsFragment.indented() + "\n)"
    clauses.columns = layout.selectedColumns
    self.init(clauses: clauses, decodeRow: values.decodeRow)
  }

  /// Adds a condition from a Boolean value of the rows: `.where(\.2)`.
  public func `where`(_ keyPath: KeyPath<Columns, Bool>) -> Self where From == ValuesTable<Columns> {
    adding(where: From.layout.row.part(at: keyPath).references.joined(separator: ", "))
  }

  /// Adds a condition on the rows' value: `.where { $0.player.eq("Blob") }`.
  public func `where`(_ predicate: (ValuesColumns<Columns>) -> some QueryExpression<Bool>) -> Self
  where From == ValuesTable<Columns> {
    adding(where: predicate(From.layout.rowColumns()).queryFragment)
  }

  /// Orders by a value of the rows, ascending: `.order(by: \.1.score)`.
  public func order<Member>(by keyPath: KeyPath<Columns, Member>) -> Self where From == ValuesTable<Columns> {
    adding(orders: From.layout.row.part(at: keyPath).references)
  }

  /// Orders by the rows' value: `.order { $0.score.desc() }`.
  public func order<each Term: QueryExpression>(by ordering: (ValuesColumns<Columns>) -> (repeat each Term))
    -> Self where From == ValuesTable<Columns>
  {
    var terms: [QueryFragment] = []
    // Written out each time: passing the pack on to a helper crashes this compiler.
    for term in repeat each ordering(From.layout.rowColumns()) { terms.append(term.queryFragment) }
    return adding(orders: terms)
  }

  // Closures that take a row's values by position, one overload per number of values (the type
  // checker does not infer a pack of closure parameters from `{ _, _, flag in flag }`).

  /// Adds a condition on a row of 2 values, taken by position.
  public func `where`<A, B>(
    _ predicate: (ValuesColumns<A>, ValuesColumns<B>) -> some QueryExpression<Bool>
  ) -> Self where From == ValuesTable<(A, B)> {
    let layout = From.layout
    return adding(where: predicate(layout[0], layout[1]).queryFragment)
  }

  /// Orders by a row of 2 values, taken by position.
  public func order<A, B, each Term: QueryExpression>(
    by ordering: (ValuesColumns<A>, ValuesColumns<B>) -> (repeat each Term)
  ) -> Self where From == ValuesTable<(A, B)> {
    let layout = From.layout
    var terms: [QueryFragment] = []
    for term in repeat each ordering(layout[0], layout[1]) { terms.append(term.queryFragment) }
    return adding(orders: terms)
  }

  /// Adds a condition on a row of 3 values, taken by position.
  public func `where`<A, B, C>(
    _ predicate: (ValuesColumns<A>, ValuesColumns<B>, ValuesColumns<C>) -> some QueryExpression<Bool>
  ) -> Self where From == ValuesTable<(A, B, C)> {
    let layout = From.layout
    return adding(where: predicate(layout[0], layout[1], layout[2]).queryFragment)
  }

  /// Orders by a row of 3 values, taken by position.
  public func order<A, B, C, each Term: QueryExpression>(
    by ordering: (ValuesColumns<A>, ValuesColumns<B>, ValuesColumns<C>) -> (repeat each Term)
  ) -> Self where From == ValuesTable<(A, B, C)> {
    let layout = From.layout
    var terms: [QueryFragment] = []
    for term in repeat each ordering(layout[0], layout[1], layout[2]) { terms.append(term.queryFragment) }
    return adding(orders: terms)
  }

  /// Adds a condition on a row of 4 values, taken by position.
  public func `where`<A, B, C, D>(
    _ predicate: (ValuesColumns<A>, ValuesColumns<B>, ValuesColumns<C>, ValuesColumns<D>) ->
      some QueryExpression<Bool>
  ) -> Self where From == ValuesTable<(A, B, C, D)> {
    let layout = From.layout
    return adding(where: predicate(layout[0], layout[1], layout[2], layout[3]).queryFragment)
  }

  /// Orders by a row of 4 values, taken by position.
  public func order<A, B, C, D, each Term: QueryExpression>(
    by ordering: (ValuesColumns<A>, ValuesColumns<B>, ValuesColumns<C>, ValuesColumns<D>) -> (
      repeat each Term
    )
  ) -> Self where From == ValuesTable<(A, B, C, D)> {
    let layout = From.layout
    var terms: [QueryFragment] = []
    for term in repeat each ordering(layout[0], layout[1], layout[2], layout[3]) {
      terms.append(term.queryFragment)
    }
    return adding(orders: terms)
  }

  /// Adds a condition on a row of 5 values, taken by position.
  public func `where`<A, B, C, D, E>(
    _ predicate: (ValuesColumns<A>, ValuesColumns<B>, ValuesColumns<C>, ValuesColumns<D>, ValuesColumns<E>) ->
      some QueryExpression<Bool>
  ) -> Self where From == ValuesTable<(A, B, C, D, E)> {
    let layout = From.layout
    return adding(where: predicate(layout[0], layout[1], layout[2], layout[3], layout[4]).queryFragment)
  }

  /// Orders by a row of 5 values, taken by position.
  public func order<A, B, C, D, E, each Term: QueryExpression>(
    by ordering: (ValuesColumns<A>, ValuesColumns<B>, ValuesColumns<C>, ValuesColumns<D>, ValuesColumns<E>) ->
      (repeat each Term)
  ) -> Self where From == ValuesTable<(A, B, C, D, E)> {
    let layout = From.layout
    var terms: [QueryFragment] = []
    for term in repeat each ordering(layout[0], layout[1], layout[2], layout[3], layout[4]) {
      terms.append(term.queryFragment)
    }
    return adding(orders: terms)
  }

  /// Adds a condition on a row of 6 values, taken by position.
  public func `where`<A, B, C, D, E, F>(
    _ predicate: (
      ValuesColumns<A>, ValuesColumns<B>, ValuesColumns<C>, ValuesColumns<D>, ValuesColumns<E>,
      ValuesColumns<F>
    ) -> some QueryExpression<Bool>
  ) -> Self where From == ValuesTable<(A, B, C, D, E, F)> {
    let layout = From.layout
    return adding(
      where: predicate(layout[0], layout[1], layout[2], layout[3], layout[4], layout[5]).queryFragment)
  }

  /// Orders by a row of 6 values, taken by position.
  public func order<A, B, C, D, E, F, each Term: QueryExpression>(
    by ordering: (
      ValuesColumns<A>, ValuesColumns<B>, ValuesColumns<C>, ValuesColumns<D>, ValuesColumns<E>,
      ValuesColumns<F>
    ) -> (repeat each Term)
  ) -> Self where From == ValuesTable<(A, B, C, D, E, F)> {
    let layout = From.layout
    var terms: [QueryFragment] = []
    for term in repeat each ordering(layout[0], layout[1], layout[2], layout[3], layout[4], layout[5]) {
      terms.append(term.queryFragment)
    }
    return adding(orders: terms)
  }
}

/// The rows of a `Values { … }` as the table a select reads from. It has no values of its own
/// (it is an enum without cases): a select from it decodes the values' own types, and names
/// their columns through `TableColumns`.
public enum ValuesTable<Row>: Table {
  public typealias QueryValue = Self
  public typealias QueryOutput = Self

  /// Where each value of a row sits, and its columns.
  static var layout: ValuesLayout { ValuesLayout.remembered(for: Row.self) }

  public static var tableName: String { "" }

  /// A row that is one `@Selection` is read under that selection's table name, as upstream
  /// names it: `) AS "highScores"`.
  public static var tableAlias: String? { layout.alias }

  public static var columns: TableColumns { TableColumns() }

  public init(queryOutput: Self) { self = queryOutput }
  public var queryOutput: Self { switch self {} }

  public init(decoder: inout QueryDecoder) throws {
    throw QueryDecodingError(
      message: "The rows of VALUES decode as the values' own types, through Select(Values { … })")
  }

  public var columnValues: [QueryFragment] { switch self {} }

  /// The rows' columns. Filters and orders reach the values through `ValuesColumns` instead,
  /// by key paths into the row (`\.2`, `\.1.score`): a key path through this type would not
  /// type-check in the same expression as the `Values { … }` that gives the row its type.
  public struct TableColumns: TableDefinition {
    public typealias QueryValue = ValuesTable

    public init() {}
    public init(table reference: String?) {}
    public var tableReference: String? { nil }

    public static var allColumns: [any TableColumnExpression] { [] }

    public var queryFragment: QueryFragment {
      layout.row.references.joined(separator: ", ")
    }
  }
}

/// The columns of one value of a `VALUES` row, or of the whole row: one column, or several
/// (a tuple's values, a `@Selection`'s columns), whose parts are reached by key path
/// (`row.1.score`, `highScore.player`).
@dynamicMemberLookup
public struct ValuesColumns<Value>: QueryExpression {
  public typealias QueryValue = Value

  let value: ValuesLayout.Value

  init(_ value: ValuesLayout.Value) { self.value = value }

  public var queryFragment: QueryFragment { value.references.joined(separator: ", ") }

  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> ValuesColumns<Member> {
    ValuesColumns<Member>(value.part(at: keyPath))
  }
}

/// Where each value of a `VALUES` row sits: its columns (SQLite names them `column1`,
/// `column2`, … in row order), the names a `@Selection` gives them, and the memory offsets
/// that key paths into the row are matched against.
struct ValuesLayout: Sendable {
  /// A value of the row, or a part of one, or the whole row.
  struct Value: Sendable {
    let type: Any.Type
    let size: Int
    /// Its columns: SQLite's position, and a selection's name for it.
    let columns: [(position: Int, name: String?)]
    /// Its parts with columns of their own, by offset within it: a tuple's values, a
    /// selection's members.
    let parts: [(offset: Int, value: Value)]

    /// How its columns are named in filters and orders: a selection's names, else SQLite's.
    var references: [QueryFragment] {
      columns.map { QueryFragment(quote: $0.name ?? "column\($0.position)") }
    }

    /// The part a key path into this value reads.
    func part<Root, Member>(at keyPath: KeyPath<Root, Member>) -> Value {
      MemoryLayout<Root>.offset(of: keyPath).flatMap { part(at: $0, as: Member.self) } ?? .unknown(keyPath)
    }

    private func part(at offset: Int, as member: Any.Type) -> Value? {
      if offset == 0, member == type { return self }
      for (start, part) in parts where start <= offset && offset < start + max(part.size, 1) {
        if let found = part.part(at: offset - start, as: member) { return found }
      }
      return nil
    }

    /// A key path that reads no column (a computed property): named so that SQLite refuses it
    /// with a message that says so.
    static func unknown(_ keyPath: AnyKeyPath) -> Value {
      Value(
        type: Any.self, size: 0,
        columns: [(0, "no column for the key path \(keyPath) (a computed property?)")],
        parts: [])
    }
  }

  /// The whole row.
  let row: Value
  /// The row's values, in order.
  let elements: [Value]
  /// The alias of a row that is one `@Selection`.
  let alias: String?

  /// The columns of the value at a position, for closures that take values by position. (A
  /// select of no rows may not know its row's values; it renders nothing, whatever they are.)
  subscript<Part>(_ index: Int) -> ValuesColumns<Part> {
    ValuesColumns(elements.indices.contains(index) ? elements[index] : .unknown(\Value.self))
  }

  /// The whole row's columns, reached by key paths into it.
  func rowColumns<Row>() -> ValuesColumns<Row> { ValuesColumns(row) }

  /// The columns a select of every value lists: `"column1"`, `"column2" AS "score"`, ….
  var selectedColumns: [QueryFragment] {
    row.columns.map { column in
      let reference = QueryFragment(quote: "column\(column.position)")
      guard let name = column.name else { return reference }
      return reference + " AS " + QueryFragment(quote: name)
    }
  }

  /// Layouts by row type. Swift cannot take a tuple type apart in generic code, so a row's
  /// layout is worked out where its values' types are known (the `Values` initializers and
  /// builder) and looked up by the row type where only that is known (`ValuesTable<Row>`). A
  /// layout is a function of the row type alone, so what is stored for a type never changes.
  private static let byRowType = Mutex<[ObjectIdentifier: ValuesLayout]>([:])

  /// The layout stored for a row type, made and stored the first time it is asked for.
  static func remembered<Row>(for _: Row.Type, orMake make: () -> ValuesLayout) -> ValuesLayout {
    byRowType.withLock { layouts in
      if let known = layouts[ObjectIdentifier(Row.self)] { return known }
      let layout = make()
      layouts[ObjectIdentifier(Row.self)] = layout
      return layout
    }
  }

  /// The layout stored for a row type, or, before any was (a select of no rows), the row as
  /// one value.
  static func remembered<Row>(for _: Row.Type) -> ValuesLayout {
    byRowType.withLock { $0[ObjectIdentifier(Row.self)] } ?? of(Row.self)
  }

  /// The layout of a row of values of these types, each a column, or a selection's columns.
  static func of<each Element>(_ types: repeat (each Element).Type) -> ValuesLayout {
    var elements: [(offset: Int, value: Value)] = []
    var offset = 0
    var position = 1
    var rowType: Any.Type = Void.self
    var rowSize = 0
    func append<Next>(_: Next.Type) {
      let alignment = MemoryLayout<Next>.alignment
      offset = (offset + alignment - 1) / alignment * alignment
      let value = self.value(Next.self, position: position)
      elements.append((offset, value))
      offset += MemoryLayout<Next>.size
      position += value.columns.count
    }
    repeat append(each types)
    func measure<Row>(_: Row.Type) {
      rowType = Row.self
      rowSize = MemoryLayout<Row>.size
    }
    measure((repeat each Element).self)
    let row =
      elements.count == 1
      ? elements[0].value
      : Value(type: rowType, size: rowSize, columns: elements.flatMap(\.value.columns), parts: elements)
    let alias = elements.count == 1 ? (row.type as? any Table.Type).map { $0.tableName } : nil
    return ValuesLayout(row: row, elements: elements.map(\.value), alias: alias)
  }

  /// A value's columns: a selection's, named after its members, or one unnamed column.
  private static func value<Element>(_: Element.Type, position: Int) -> Value {
    let size = MemoryLayout<Element>.size
    guard let table = Element.self as? any Table.Type, !(Element.self is any QueryBindable.Type) else {
      return Value(type: Element.self, size: size, columns: [(position, nil)], parts: [])
    }
    var columns: [(position: Int, name: String?)] = []
    var parts: [(offset: Int, value: Value)] = []
    for column in table.allTableColumns {
      let memberColumns = column.flattenedColumns.enumerated().map {
        (position + columns.count + $0, $1.name)
      }
      if let member = column as? any MemberColumn, let offset = member.memberOffset {
        parts.append(
          (offset, Value(type: member.memberType, size: member.memberSize, columns: memberColumns, parts: []))
        )
      }
      columns += memberColumns.map { (position: $0.0, name: Optional($0.1)) }
    }
    return Value(type: Element.self, size: size, columns: columns, parts: parts)
  }
}

extension Table {
  fileprivate static var allTableColumns: [any TableColumnExpression] { TableColumns.allColumns }
}

/// A column that knows which stored property of its table it reads.
private protocol MemberColumn {
  var memberOffset: Int? { get }
  var memberType: Any.Type { get }
  var memberSize: Int { get }
}

extension TableColumn: MemberColumn {
  fileprivate var memberOffset: Int? { MemoryLayout<Root>.offset(of: keyPath) }
  fileprivate var memberType: Any.Type { Value.QueryOutput.self }
  fileprivate var memberSize: Int { MemoryLayout<Value.QueryOutput>.size }
}
