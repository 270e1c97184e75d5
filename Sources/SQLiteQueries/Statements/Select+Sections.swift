import SQLiteEngine

/// What rows are grouped by: an expression, and how sections are ordered (ascending unless the
/// expression was given as `.desc()`).
public struct SectionTerm: Sendable {
  let expression: QueryFragment
  let ordering: QueryFragment

  /// The term as SQL, identifying identical sectionings.
  public var key: String { ordering.debugDescription }
}

/// Builds the section term of `sectionBy:`, so that `if`/`else` may pick one and `nil` means no
/// sections.
@resultBuilder
public enum SectionBuilder {
  public static func buildExpression(_ expression: some QueryExpression) -> SectionTerm? {
    SectionTerm(expression: expression.queryFragment, ordering: expression.queryFragment)
  }

  public static func buildExpression(_ term: OrderingTerm) -> SectionTerm? {
    SectionTerm(expression: term.expression, ordering: term.queryFragment)
  }

  public static func buildExpression(_ none: SectionTerm?) -> SectionTerm? { none }

  public static func buildBlock(_ term: SectionTerm?) -> SectionTerm? { term }
  public static func buildOptional(_ term: SectionTerm??) -> SectionTerm? { term ?? nil }
  public static func buildEither(first term: SectionTerm?) -> SectionTerm? { term }
  public static func buildEither(second term: SectionTerm?) -> SectionTerm? { term }
}

extension Select {
  /// The statement with the section expression selected after its columns and ordered first:
  /// rows come grouped, and each row's section name follows its columns.
  func sectioned(by term: SectionTerm) -> QueryFragment {
    var clauses = self.clauses
    let columns = clauses.selectedColumns(from: From.self)
    clauses.orders.insert(term.ordering, at: 0)
    return clauses.render(columns: columns + ["CAST(" + term.expression + " AS TEXT)"], from: From.self)
  }

  /// The rows grouped into sections named by `sectionBy` (a column, or any expression; `nil` for
  /// one unnamed section):
  ///
  ///     try Item.order(by: \.title).fetchAll(db, sectionBy: { $0.category.desc() })
  public func fetchAll(
    _ db: Database, @SectionBuilder sectionBy: (From.TableColumns) -> SectionTerm?
  ) throws -> ResultsSectionCollection<Columns, String?> {
    guard let term = sectionBy(From.columns) else {
      return ResultsSectionCollection(elements: try fetchAll(db), name: nil)
    }
    guard !clauses.isEmpty else { return ResultsSectionCollection(elements: [], name: nil) }
    let decodeRow = self.decodeRow
    let rows = try sectioned(by: term).fetchAll(db) { decoder in
      (row: try decodeRow(&decoder), section: try String?(decoder: &decoder))
    }
    return ResultsSectionCollection(elements: rows.map { $0.row }, sectionNames: rows.map { $0.section })
  }

  /// The rows grouped into sections named by a column.
  public func fetchAll<Name: QueryExpression>(
    _ db: Database, sectionBy keyPath: KeyPath<From.TableColumns, Name> & Sendable
  ) throws -> ResultsSectionCollection<Columns, String?> {
    try fetchAll(db, sectionBy: { $0[keyPath: keyPath] })
  }
}
