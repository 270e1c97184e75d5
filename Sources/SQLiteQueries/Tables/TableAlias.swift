/// The name a table goes by in a query when it is aliased: declare an empty enum for it.
///
///     enum Sibling: AliasName {}
///
///     Reminder.join(Reminder.as(Sibling.self).all) { $0.remindersListID.eq($1.remindersListID) }
///     // FROM "reminders"
///     // JOIN "reminders" AS "siblings" ON ("reminders"."remindersListID") = ("siblings"."remindersListID")
///
/// `SendableMetatype`, as the aliased table's row decoder names it.
public protocol AliasName: SendableMetatype {
  /// The alias in SQL: by default the type name in lower camel case, pluralised, as table names
  /// are (`Sibling` → `siblings`, `R1` → `r1s`).
  static var aliasName: String { get }
}

extension AliasName {
  public static var aliasName: String { NameInflection.tableName(for: String(describing: Self.self)) }
}

extension Table {
  /// This table under another name, so that a query can read it twice (a self join):
  /// `RemindersList.as(Other.self)` is `"remindersLists" AS "others"`.
  public static func `as`<Name: AliasName>(_ alias: Name.Type) -> TableAlias<Self, Name>.Type {
    TableAlias<Self, Name>.self
  }
}

/// A table under an alias: the same table and columns, with columns qualified by the alias
/// (`"others"."title"`). Its rows wrap the table's: `row.title` reads `row.base.title`.
@dynamicMemberLookup
public struct TableAlias<Base: Table, Name: AliasName>: Table {
  public typealias TableColumns = TableAliasColumns<Base, Name>
  public typealias QueryValue = Self
  public typealias QueryOutput = Self

  /// The row of the table.
  public var base: Base

  public init(_ base: Base) { self.base = base }

  public static var columns: TableColumns { TableColumns() }
  public static var tableName: String { Base.tableName }
  public static var tableAlias: String? { Name.aliasName }
  public static var schemaName: String? { Base.schemaName }
  public static var tableFragment: QueryFragment { Base.tableFragment }

  /// The table's default scope, its conditions and orders naming the alias where they named the
  /// table.
  public static var all: Select<Self, Self, ()> {
    Select(
      clauses: Base.all.clauses.renamingTable(Base.tableName, to: Name.aliasName),
      decodeRow: { try Self(decoder: &$0) }, decodesRowsOfFrom: true)
  }

  public init(decoder: inout QueryDecoder) throws { base = try Base(decoder: &decoder) }
  public var columnValues: [QueryFragment] { base.columnValues }
  public func bindColumnValues(to binder: inout ColumnBinder) throws {
    try base.bindColumnValues(to: &binder)
  }

  public subscript<Member>(dynamicMember keyPath: KeyPath<Base, Member>) -> Member {
    base[keyPath: keyPath]
  }
}

extension TableAlias: Equatable where Base: Equatable {}
/// A row under an alias is coded as the row: in JSON, `jsonGroupArray()` of an aliased table.
extension TableAlias: Codable where Base: Codable {
  public init(from decoder: any Decoder) throws { base = try Base(from: decoder) }
  public func encode(to encoder: any Encoder) throws { try base.encode(to: encoder) }
}
extension TableAlias: Hashable where Base: Hashable {}

/// The columns of an aliased table: the table's columns, qualified by the alias.
@dynamicMemberLookup
public struct TableAliasColumns<Base: Table, Name: AliasName>: TableDefinition {
  public typealias QueryValue = TableAlias<Base, Name>

  public let tableReference: String?
  let base: Base.TableColumns

  public init() { self.init(table: nil) }

  public init(table reference: String?) {
    tableReference = reference
    base = Base.TableColumns(table: reference ?? Name.aliasName)
  }

  public static var allColumns: [any TableColumnExpression] {
    Base.TableColumns.allColumns.map { $0.qualified(by: Name.aliasName) }
  }

  /// A column, or any expression declared on the table's columns, under the alias.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Base.TableColumns, Member>) -> Member {
    base[keyPath: keyPath]
  }
}

extension Select {
  /// The statement with its table under an alias, as it is built so far: FROM names the table
  /// (or table-valued function) `AS "alias"`, and its columns, conditions, joins and orders name
  /// the alias where they named the table.
  ///
  ///     $0.tags.jsonEach().where { $0.value.eq("urgent") }.as(Urgent.self).exists()
  ///     // EXISTS (SELECT "urgents"."key", "urgents"."value"
  ///     //   FROM json_each("items"."tags") AS "urgents" WHERE (("urgents"."value") = ('urgent')))
  public func `as`<Name: AliasName>(_ alias: Name.Type) -> Select<Columns, TableAlias<From, Name>, Joins> {
    Select<Columns, TableAlias<From, Name>, Joins>(clauses: aliasedClauses(Name.self), decodeRow: decodeRow)
  }

  /// The statement with its table under an alias, its rows read as the aliased table's: to join
  /// it, or to read the same table twice.
  public func `as`<Name: AliasName>(_ alias: Name.Type) -> Select<
    TableAlias<From, Name>, TableAlias<From, Name>, ()
  >
  where Columns == From, Joins == () {
    Select<TableAlias<From, Name>, TableAlias<From, Name>, ()>(
      clauses: aliasedClauses(Name.self), decodeRow: { try TableAlias(decoder: &$0) }, decodesRowsOfFrom: true
    )
  }

  private func aliasedClauses<Name: AliasName>(_: Name.Type) -> SelectClauses {
    var renamed = clauses.renamingTable(From.tableName, to: Name.aliasName)
    renamed.source = clauses.source.map { $0.replacingIdentifier(From.tableName, with: Name.aliasName) }
    return renamed
  }
}
