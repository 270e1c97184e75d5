import SwiftSyntax

/// The code `@Table` and `@Selection` write.
extension TableModel {
  func members() -> [DeclSyntax] {
    var declarations: [String] = []
    // Spelled out, since associated types are not inferred from the protocols' constrained
    // defaults; and here rather than in the extension, where other files' type checking can find
    // them unresolved and conclude that `Self.QueryOutput` is no table.
    declarations.append("\(access)typealias QueryOutput = \(typeName)")
    declarations.append("\(access)typealias QueryValue = \(typeName)")
    // A selection is a table too, for common table expressions and views named after it.
    declarations.append(tableColumns(for: typeName, columns: columns, primaryKey: primaryKey))
    declarations.append("\(access)static var columns: TableColumns { TableColumns() }")
    declarations.append("\(access)static var tableName: String { \(literal(tableName)) }")
    if let schemaName {
      declarations.append("\(access)static var schemaName: String? { \(literal(schemaName)) }")
    }
    declarations.append(selectionColumns(isTable: !isSelection))
    if primaryKey != nil { declarations.append(draft()) }
    return declarations.map { DeclSyntax(stringLiteral: $0) }
  }

  /// The extension with the conformances the compiler asks for (`requested`; nil or empty when it
  /// does not say, as when expanded outside the compiler), so that one the type declares itself,
  /// such as `Sendable`, is not declared twice.
  func extensions(of type: String, requested: [String]?) -> [ExtensionDeclSyntax] {
    let conformance: String
    // Every protocol spelled out, inherited ones too: the compiler only credits conformances an
    // extension macro names, and one implied by another (`QueryRepresentable` by `Table`) can be
    // missed when another file checks it first.
    var protocols = [
      "QueryDecodable", "QueryRepresentable", "QueryExpression", "Statement", "PartialSelectStatement",
      "Swift.Sendable", "Table",
    ]
    if isSelection { protocols.append("_Selection") }
    if enumCases != nil { protocols.append("_EnumTable") }
    if primaryKey != nil { protocols.append("PrimaryKeyedTable") }
    if let requested, !requested.isEmpty {
      let names = Set(requested.map { $0.split(separator: ".").last.map(String.init) ?? $0 })
      protocols = protocols.filter { names.contains($0.split(separator: ".").last.map(String.init) ?? $0) }
    }
    conformance = protocols.map { $0.hasPrefix("Swift.") ? $0 : "SQLiteQueries.\($0)" }.joined(
      separator: ", ")
    var body = [
      "\(access)init(queryOutput: \(type)) { self = queryOutput }",
      "\(access)var queryOutput: \(type) { self }",
      decoding(columns),
    ]
    if isSelection {
      body.append(
        "\(access)static var columnWidth: Int { \(columns.map { "\($0.storedType).columnWidth" }.joined(separator: " + ")) }"
      )
    }
    body.append(columnValues(columns))
    // Spelled out: as a table and as a statement the row has two default forms as a value.
    body.append(
      "\(access)var queryFragment: SQLiteQueries.QueryFragment { SQLiteQueries._rowValues(columnValues) }")
    body.append("\(access)var query: SQLiteQueries.QueryFragment { SQLiteQueries._rowSelect(self) }")
    if let primaryKey {
      body.append("\(access)var primaryKeyValue: \(primaryKey.swiftType) { self.\(primaryKey.property) }")
    }
    let source =
      "extension \(type)\(conformance.isEmpty ? "" : ": " + conformance) {\n\(body.joined(separator: "\n\n"))\n}"
    return [ExtensionDeclSyntax(DeclSyntax(stringLiteral: source))!]
  }

  // MARK: - Tables

  func tableColumns(
    for owner: String, columns: [ColumnModel], primaryKey: ColumnModel?, isDraft: Bool = false
  ) -> String {
    var lines: [String] = []
    var conformances = "SQLiteQueries.TableDefinition"
    if primaryKey != nil { conformances += ", SQLiteQueries.PrimaryKeyedTableDefinition" }
    // A draft's columns also reach what the table's columns declare in extensions
    // (`Reminder.Draft.select(\.isHighPriority)`).
    if isDraft { lines.append("@dynamicMemberLookup") }
    lines.append("\(access)struct TableColumns: \(conformances) {")
    if isDraft {
      lines.append(
        "\(access)subscript<Member>(dynamicMember keyPath: KeyPath<\(typeName).TableColumns, Member>) -> Member "
          + "{ \(typeName).TableColumns(table: tableReference)[keyPath: keyPath] }")
    }
    lines.append("\(access)typealias QueryValue = \(owner)")
    if let primaryKey { lines.append("\(access)typealias PrimaryKey = \(primaryKey.storedType)") }
    lines.append("\(access)let tableReference: String?")
    lines.append("\(access)init() { self.tableReference = nil }")
    lines.append("\(access)init(table reference: String?) { self.tableReference = reference }")
    for column in columns {
      var arguments = "\(literal(column.name)), keyPath: \\QueryValue.\(column.property)"
      if let defaultValue = column.defaultValue { arguments += ", default: \(rewritingSelf(defaultValue))" }
      if column.isGenerated { arguments += ", generated: true" }
      arguments += ", table: tableReference"
      lines.append(
        "\(access)var \(column.property): SQLiteQueries.TableColumn<QueryValue, \(column.storedType)> "
          + "{ SQLiteQueries.TableColumn(\(arguments)) }")
    }
    if let primaryKey {
      lines.append(
        "\(access)var primaryKey: SQLiteQueries.TableColumn<QueryValue, \(primaryKey.storedType)> "
          + "{ self.\(primaryKey.property) }")
    }
    // Column groups stand for their own columns. The annotated literal keeps type-checking
    // linear in the number of columns (an unannotated one took minutes past twenty columns).
    let list = columns.map { "QueryValue.columns.\($0.property).flattenedColumns" }.joined(separator: ", ")
    lines.append(
      "\(access)static var allColumns: [any SQLiteQueries.TableColumnExpression] { "
        + "let groups: [[any SQLiteQueries.TableColumnExpression]] = [\(list)]; return groups.flatMap { $0 } }"
    )
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// `init(decoder:)`: every column in declaration order, straight from the row. An enum reads
  /// every case's columns and is the case whose columns are not NULL.
  func decoding(_ columns: [ColumnModel]) -> String {
    if let enumCases {
      var lines = ["\(access)init(decoder: inout SQLiteQueries.QueryDecoder) throws {"]
      for column in columns {
        lines.append("let \(column.property) = try \(column.storedType)(decoder: &decoder).queryOutput")
      }
      for (index, name) in enumCases.enumerated() {
        lines.append("\(index == 0 ? "" : "else ")if let \(name) { self = .\(name)(\(name)) }")
      }
      lines.append(
        "else { throw SQLiteQueries.QueryDecodingError(message: \(literal("No column of any case of \(typeName) holds a value: \(enumCases.joined(separator: ", ")) are all NULL"))) }"
      )
      lines.append("}")
      return lines.joined(separator: "\n")
    }
    var lines = ["\(access)init(decoder: inout SQLiteQueries.QueryDecoder) throws {"]
    for column in columns {
      lines.append("self.\(column.property) = try \(column.storedType)(decoder: &decoder).queryOutput")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// The values of a row, as bindings, for INSERT: as fragments, and bound straight into a
  /// statement.
  func columnValues(_ columns: [ColumnModel]) -> String {
    let values = columns.map { "\($0.storedType)(queryOutput: self.\($0.property))" }
    return """
      \(access)var columnValues: [SQLiteQueries.QueryFragment] {
      var values: [SQLiteQueries.QueryFragment] = []
      values.reserveCapacity(\(columns.count))
      \(values.map { "SQLiteQueries._appendColumnValues(\($0), to: &values)" }.joined(separator: "\n"))
      return values
      }
      \(access)func bindColumnValues(to binder: inout SQLiteQueries.ColumnBinder) throws {
      \(values.map { "try binder.bind(\($0))" }.joined(separator: "\n"))
      }
      """
  }

  // MARK: - Draft

  /// The table without its primary key: the key is optional, generated columns are left out.
  func draft() -> String {
    guard let primaryKey else { return "" }
    let draftColumns: [ColumnModel] = columns.filter { !$0.isGenerated }.map { column in
      guard column.isPrimaryKey else { return column }
      let optionalType = column.isOptional ? column.swiftType : "\(column.swiftType)?"
      let optionalStored = column.storedType.hasSuffix("?") ? column.storedType : "\(column.storedType)?"
      return ColumnModel(
        property: column.property, name: column.name, swiftType: optionalType, storedType: optionalStored,
        defaultValue: "nil", isPrimaryKey: false, isGenerated: false, isOptional: true)
    }
    var lines = ["\(access)struct Draft: SQLiteQueries.TableDraft {"]
    lines.append("\(access)typealias SourceTable = \(typeName)")
    for column in draftColumns {
      lines.append("\(access)var \(column.property): \(column.swiftType)")
    }
    // The memberwise initializer, written out because the other initializers would hide it.
    let parameters = draftColumns.map { column in
      "\(column.property): \(column.swiftType)"
        + (column.defaultValue.map { " = \(rewritingSelf($0))" } ?? "")
    }
    lines.append("\(access)init(\(parameters.joined(separator: ", "))) {")
    for column in draftColumns { lines.append("self.\(column.property) = \(column.property)") }
    lines.append("}")
    lines.append("\(access)init(_ source: \(typeName)) {")
    for column in draftColumns { lines.append("self.\(column.property) = source.\(column.property)") }
    lines.append("}")
    lines.append(tableColumns(for: "Draft", columns: draftColumns, primaryKey: nil, isDraft: true))
    lines.append("\(access)static var columns: TableColumns { TableColumns() }")
    lines.append("\(access)typealias QueryOutput = Draft")
    lines.append("\(access)typealias QueryValue = Draft")
    lines.append("\(access)init(queryOutput: Draft) { self = queryOutput }")
    lines.append("\(access)var queryOutput: Draft { self }")
    lines.append(decoding(draftColumns))
    lines.append(columnValues(draftColumns))
    lines.append("}")
    _ = primaryKey
    return lines.joined(separator: "\n")
  }

  // MARK: - Selections

  /// `Columns`: one expression per property, selected as `expression AS "name"`.
  func selectionColumns(isTable: Bool = false) -> String {
    let conformances =
      "SQLiteQueries.QueryExpression, SQLiteQueries.SelectionExpression, SQLiteQueries.TableRowExpression"
    var lines = [
      "\(access)struct Columns: \(conformances) {",
      "\(access)typealias QueryValue = \(typeName)",
      "\(access)let expressions: [(name: String, fragment: SQLiteQueries.QueryFragment, isColumn: Bool)]",
    ]
    // Tables name their Columns' parameters after the columns, with the properties' defaults.
    let parameters = columns.filter { !isTable || !$0.isGenerated }.map { column in
      var parameter =
        "\(column.property): some SQLiteQueries.QueryExpression<\(column.expressionType ?? column.storedType)>"
      if let defaultValue = column.defaultValue, column.expressionType == nil {
        parameter += " = \(column.storedType)(queryOutput: \(rewritingSelf(defaultValue)))"
      }
      return parameter
    }
    lines.append("\(access)init(\(parameters.joined(separator: ", "))) {")
    let members = columns.filter { !isTable || !$0.isGenerated }.map {
      "SQLiteQueries.selectionExpressions(\(literal($0.name)), \($0.property), as: \($0.storedType).self)"
    }
    lines.append("self.expressions = [\(members.joined(separator: ", "))].flatMap { $0 }")
    lines.append("}")
    lines.append(
      "\(access)var queryFragment: SQLiteQueries.QueryFragment { expressions.map(\\.fragment).joined(separator: \", \") }"
    )
    lines.append(
      "\(access)var selectedFragment: SQLiteQueries.QueryFragment { SQLiteQueries.aliased(expressions) }")
    if enumCases != nil { lines += caseSelections() }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// An enum's `Columns.note("Hello")` (`Kind.Selection.note(…)`): one case's value selected, the
  /// other cases' columns NULL, as a row of the enum.
  func caseSelections() -> [String] {
    var lines = [
      "\(access)init(_expressions: [(name: String, fragment: SQLiteQueries.QueryFragment, isColumn: Bool)]) "
        + "{ self.expressions = _expressions }"
    ]
    for selected in columns {
      let caseType = String(selected.storedType.dropLast())  // the case's own type, not optional
      lines.append(
        "\(access)static func \(selected.property)(_ value: some SQLiteQueries.QueryExpression<\(caseType)>) -> Self {"
      )
      let members = columns.map { column in
        let value = column.property == selected.property ? "value" : "\(column.storedType)(queryOutput: nil)"
        return
          "SQLiteQueries.selectionExpressions(\(literal(column.name)), \(value), as: \(column.storedType).self)"
      }
      lines.append("Self(_expressions: [\(members.joined(separator: ", "))].flatMap { $0 })")
      lines.append("}")
    }
    return lines
  }

  // MARK: - Helpers

  func literal(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      + "\""
  }

  /// Default values are copied into `TableColumns` and `Draft`, where `Self` means another type.
  func rewritingSelf(_ expression: String) -> String {
    expression.replacingOccurrences(of: "Self.", with: "\(typeName).")
  }
}
