import Foundation
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Selection` (or `@Table`) on an enum: single-table inheritance. Each case holds one value and
/// has a nullable column of its own (a column group, when its value is a `@Selection` struct),
/// named after the case; a row is the case whose columns are not NULL. A `@Table` enum is a table
/// of its own, without a primary key; a `@Selection` enum is a property of a table.
///
///     @Selection enum Kind { case link(URL), note(String), image(Image) }
///
/// The enum gets what a `@Selection` struct gets (`TableColumns`, `Columns`, decoding, the values
/// of a row), and a property per case giving its value or nil (`kind.note`), which the columns'
/// key paths name; `@CasePathable` writes those properties itself when it is there too.
struct EnumSelection {
  let model: TableModel
  /// Whether the case properties are this macro's to write.
  let writesCaseProperties: Bool
  let cases: [(name: String, payload: String)]

  init?(_ declaration: EnumDeclSyntax, node: AttributeSyntax, context: (any MacroExpansionContext)?) {
    let macroName = node.attributeName.trimmedDescription
    var cases: [(name: String, payload: String)] = []
    // A case's column name and representation, from `@Column("name", as: Type.self)` on it.
    var columnNames: [String: String] = [:]
    var representations: [String: String] = [:]
    var problems = false
    for member in declaration.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      let columnAttribute = caseDecl.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }
        .first { $0.attributeName.trimmedDescription.hasSuffix("Column") }
      let columnName = columnAttribute?.arguments?.as(LabeledExprListSyntax.self)?
        .first { $0.label == nil }?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
      let representation = TableModel.representation(in: columnAttribute)
      for element in caseDecl.elements {
        let name = element.name.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        guard let parameters = element.parameterClause?.parameters, parameters.count == 1,
          let parameter = parameters.first
        else {
          context?.diagnose(
            Diagnostic(
              node: element,
              message: MacroMessage(
                "A case of a @\(macroName) enum holds one value, stored in its own column: give '\(name)' one associated value"
              )))
          problems = true
          continue
        }
        cases.append((name, parameter.type.trimmedDescription))
        if let columnName, !columnName.isEmpty { columnNames[name] = columnName }
        if let representation { representations[name] = representation }
      }
    }
    if cases.isEmpty, !problems {
      context?.diagnose(
        Diagnostic(
          node: declaration.name,
          message: MacroMessage("A @\(macroName) enum needs at least one case with an associated value")))
      problems = true
    }
    if problems { return nil }
    let modifiers = declaration.modifiers.map(\.name.text)
    let access =
      modifiers.contains("public")
      ? "public " : (modifiers.contains("private") || modifiers.contains("fileprivate") ? "fileprivate " : "")
    let typeName = declaration.name.trimmedDescription
    let columns = cases.map { enumCase in
      ColumnModel(
        property: enumCase.name, name: columnNames[enumCase.name] ?? enumCase.name,
        swiftType: enumCase.payload + "?",
        storedType: (representations[enumCase.name] ?? enumCase.payload) + "?", defaultValue: "nil",
        isPrimaryKey: false, isGenerated: false, isOptional: true)
    }
    self.cases = cases
    var tableName = TableModel.defaultTableName(for: typeName)
    if let argument = node.arguments?.as(LabeledExprListSyntax.self)?.first(where: { $0.label == nil }),
      let text = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue, !text.isEmpty
    {
      tableName = text
    }
    model = TableModel(
      typeName: typeName, tableName: tableName, isSelection: macroName == "Selection", columns: columns,
      access: access, enumCases: cases.map(\.name))
    writesCaseProperties = !declaration.attributes.contains {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription.hasSuffix("CasePathable") == true
    }
  }

  func members() -> [DeclSyntax] {
    var members = model.members()
    // Upstream's name for an enum's columns, whose case constructors select one case.
    members.append("\(raw: model.access)typealias Selection = Columns")
    if writesCaseProperties {
      members += cases.map {
        DeclSyntax(stringLiteral: Self.caseProperty(name: $0.name, payload: $0.payload, access: model.access))
      }
    }
    return members
  }

  /// `var note: String? { if case .note(let value) = self { value } else { nil } }`
  static func caseProperty(name: String, payload: String, access: String) -> String {
    "\(access)var \(name): \(payload)? { if case .\(name)(let value) = self { value } else { nil } }"
  }
}
