import Foundation
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Table` and `@Selection` on a struct.
///
/// - Members: `TableColumns` (the columns, for query closures), `columns`, `tableName`, and for a
///   table with a primary key a `Draft` whose primary key is optional. `@Selection` types get
///   `Columns` instead: an expression made of one expression per property, for `select`.
/// - Extension: the conformance, decoding straight from the row (in declaration order), and the
///   values of a row as bindings. Kept out of the struct body so that its memberwise initializer
///   survives.
public struct TableMacro: MemberMacro, ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      return EnumSelection(enumDecl, node: node, context: context)?.members() ?? []
    }
    guard let model = TableModel(node: node, declaration: declaration, context: context) else { return [] }
    return model.members()
  }

  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      return EnumSelection(enumDecl, node: node, context: nil)?.model.extensions(
        of: type.trimmedDescription, requested: protocols.map(\.trimmedDescription)) ?? []
    }
    guard let model = TableModel(node: node, declaration: declaration, context: nil) else { return [] }
    return model.extensions(of: type.trimmedDescription, requested: protocols.map(\.trimmedDescription))
  }
}

/// `@Column`, `@Ephemeral`: markers read by `@Table`, with no expansion of their own.
public struct MarkerMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] { [] }
}

/// One stored property that is a column.
struct ColumnModel {
  let property: String
  let name: String
  /// The Swift type of the property.
  let swiftType: String
  /// The type the column is stored as: the `@Column(as:)` representation, or the Swift type.
  let storedType: String
  let defaultValue: String?
  let isPrimaryKey: Bool
  let isGenerated: Bool
  let isOptional: Bool
  /// The type of the expression a selection's `Columns` takes for the column, when it is not the
  /// stored type: a table under an alias, `@Column(as: TableAlias<RemindersList, RL>.self)`, is
  /// stored and read as the table's row and given as the alias's columns.
  var expressionType: String? = nil
}

/// What a `@Table`/`@Selection` struct declares.
struct TableModel {
  let typeName: String
  let tableName: String
  /// The schema `@Table(…, schema:)` names (`main`, `temp`, an attached database), if any.
  var schemaName: String?
  let isSelection: Bool
  let columns: [ColumnModel]
  let access: String
  /// For an enum, its cases, one column (or column group) each, in the order of `columns`.
  var enumCases: [String]?

  init(
    typeName: String, tableName: String, isSelection: Bool, columns: [ColumnModel], access: String,
    enumCases: [String]
  ) {
    self.typeName = typeName
    self.tableName = tableName
    self.isSelection = isSelection
    self.columns = columns
    self.access = access
    self.enumCases = enumCases
  }

  var primaryKey: ColumnModel? { columns.first { $0.isPrimaryKey } }

  init?(node: AttributeSyntax, declaration: some DeclGroupSyntax, context: (any MacroExpansionContext)?) {
    let macroName = node.attributeName.trimmedDescription
    isSelection = macroName == "Selection"
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      if let context { TableDiagnostics.notAStruct(declaration, macro: macroName, node: node, context) }
      return nil
    }
    if TableDiagnostics.isTableAndSelection(structDecl, macro: macroName, context: context) { return nil }
    typeName = structDecl.name.trimmedDescription
    let modifiers = structDecl.modifiers.map(\.name.text)
    access =
      modifiers.contains("public")
      ? "public " : (modifiers.contains("private") || modifiers.contains("fileprivate") ? "fileprivate " : "")
    if let argument = node.arguments?.as(LabeledExprListSyntax.self)?.first(where: { $0.label == nil }),
      let literal = argument.expression.as(StringLiteralExprSyntax.self),
      let text = literal.representedLiteralValue, !text.isEmpty
    {
      tableName = text
    } else {
      tableName = TableModel.defaultTableName(for: typeName)
    }
    if let argument = node.arguments?.as(LabeledExprListSyntax.self)?.first(where: {
      $0.label?.text == "schema"
    }),
      let text = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue, !text.isEmpty
    {
      schemaName = text
    }

    var columns: [ColumnModel] = []
    var problems = false
    for member in structDecl.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        !variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) })
      else { continue }
      let attributes = variable.attributes.compactMap { $0.as(AttributeSyntax.self) }
      if attributes.contains(where: { $0.attributeName.trimmedDescription == "Ephemeral" }) {
        if let context, !TableDiagnostics.checkEphemeral(variable, context) { problems = true }
        continue
      }
      let columnAttribute = attributes.first { $0.attributeName.trimmedDescription == "Column" }
      if let context, !TableDiagnostics.checkColumn(variable, attribute: columnAttribute, context) {
        problems = true
        continue
      }
      for binding in variable.bindings {
        // Computed properties are not columns.
        if let accessor = binding.accessorBlock {
          if case .getter = accessor.accessors { continue }
          if case .accessors(let list) = accessor.accessors,
            list.contains(where: { ["get", "set", "_read", "_modify"].contains($0.accessorSpecifier.text) })
          {
            continue
          }
        }
        guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
          context?.diagnose(
            Diagnostic(
              node: binding.pattern,
              message: MacroMessage(
                "A column is one property: declare '\(binding.pattern.trimmedDescription)' as one property per value"
              )))
          problems = true
          continue
        }
        let property = pattern.identifier.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        let initializer = binding.initializer?.value.trimmedDescription
        var swiftType = binding.typeAnnotation?.type.trimmedDescription
        if swiftType == nil, let initializer { swiftType = TableModel.literalType(initializer) }
        if swiftType == nil, let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
          let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
          callee.baseName.text.first?.isUppercase == true
        {
          swiftType = callee.baseName.text  // `var createdAt = Date()`: an initializer names its type
        }
        if swiftType == nil, let representation = TableModel.representation(in: columnAttribute) {
          swiftType = "\(representation).QueryOutput"
        }
        guard let swiftType else {
          problems = true
          if let context {
            TableDiagnostics.uninferableType(variable, binding: binding, property: property, context)
          }
          continue
        }
        if columnAttribute.flatMap(TableModel.representation) == nil, let context,
          !TableDiagnostics.checkStorable(
            variable, binding: binding, type: swiftType, property: property, context)
        {
          problems = true
          continue
        }
        var name = property
        var storedType = swiftType
        var primaryKeyArgument: Bool?
        var isGenerated = false
        var expressionType: String?
        if let arguments = columnAttribute?.arguments?.as(LabeledExprListSyntax.self) {
          for argument in arguments {
            switch argument.label?.text {
            case nil:
              if let literal = argument.expression.as(StringLiteralExprSyntax.self),
                let text = literal.representedLiteralValue, !text.isEmpty
              {
                name = text
              }
            case "as":
              var text = argument.expression.trimmedDescription
              if text.hasSuffix(".self") { text.removeLast(5) }
              if text.hasPrefix("TableAlias<") {
                expressionType = text
              } else {
                storedType = text
              }
            case "primaryKey":
              primaryKeyArgument = argument.expression.trimmedDescription == "true"
            case "generated":
              isGenerated = true
            default:
              break
            }
          }
        }
        let isOptional = swiftType.hasSuffix("?") || swiftType.hasPrefix("Optional<")
        let defaultValue = initializer ?? (isOptional ? "nil" : nil)
        columns.append(
          ColumnModel(
            property: property, name: name, swiftType: swiftType, storedType: storedType,
            defaultValue: defaultValue, isPrimaryKey: primaryKeyArgument ?? false, isGenerated: isGenerated,
            isOptional: isOptional, expressionType: expressionType))
      }
    }
    // A property named `id` is the primary key unless another is marked, or it is marked `false`.
    let explicit = columns.filter(\.isPrimaryKey)
    if explicit.count > 1 {
      if let context { TableDiagnostics.severalPrimaryKeys(explicit, in: structDecl, node: node, context) }
      problems = true
    }
    if explicit.isEmpty, !isSelection, let index = columns.firstIndex(where: { $0.property == "id" }),
      !TableModel.hasPrimaryKeyFalse(structDecl, property: "id")
    {
      let id = columns[index]
      columns[index] = ColumnModel(
        property: id.property, name: id.name, swiftType: id.swiftType, storedType: id.storedType,
        defaultValue: id.defaultValue, isPrimaryKey: true, isGenerated: id.isGenerated,
        isOptional: id.isOptional, expressionType: id.expressionType)
    }
    if isSelection {
      columns = columns.map {
        ColumnModel(
          property: $0.property, name: $0.name, swiftType: $0.swiftType, storedType: $0.storedType,
          defaultValue: $0.defaultValue, isPrimaryKey: false, isGenerated: $0.isGenerated,
          isOptional: $0.isOptional, expressionType: $0.expressionType)
      }
    }
    if problems { return nil }
    self.columns = columns
  }

  /// The `as:` argument of `@Column`, without `.self`.
  static func representation(in attribute: AttributeSyntax?) -> String? {
    guard let arguments = attribute?.arguments?.as(LabeledExprListSyntax.self),
      let argument = arguments.first(where: { $0.label?.text == "as" })
    else { return nil }
    var text = argument.expression.trimmedDescription
    if text.hasSuffix(".self") { text.removeLast(5) }
    return text
  }

  static func hasPrimaryKeyFalse(_ declaration: StructDeclSyntax, property: String) -> Bool {
    for member in declaration.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        variable.bindings.contains(where: { $0.pattern.trimmedDescription == property })
      else { continue }
      return variable.attributes.contains { attribute in
        attribute.as(AttributeSyntax.self)?.arguments?.trimmedDescription.contains("primaryKey: false")
          == true
      }
    }
    return false
  }

  /// The type of a literal default: `true` is Bool, `0` Int, `0.5` Double, `""` String.
  static func literalType(_ expression: String) -> String? {
    if expression == "true" || expression == "false" { return "Swift.Bool" }
    if expression.hasPrefix("0x") || expression.hasPrefix("0b") || expression.hasPrefix("0o") {
      return "Swift.Int"
    }
    if expression.hasPrefix("\"") { return "Swift.String" }
    let number = expression.hasPrefix("-") ? String(expression.dropFirst()) : expression
    if !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "_" }) { return "Swift.Int" }
    if !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "_" || $0 == "." || $0 == "e" }),
      number.contains(".")
    {
      return "Swift.Double"
    }
    return nil
  }

  /// The type name in lower camel case, pluralised: `RemindersList` → `remindersLists`.
  static func defaultTableName(for typeName: String) -> String {
    pluralize(lowerCamelCase(typeName))
  }

  static func lowerCamelCase(_ name: String) -> String {
    let characters = Array(name)
    let leadingCapitals = characters.prefix { $0.isUppercase }.count
    guard leadingCapitals > 0 else { return name }
    if leadingCapitals == 1 || leadingCapitals == characters.count {
      return characters[0].lowercased() + String(characters.dropFirst())
    }
    // Keep the last capital of a longer run when more letters follow: URLRecord → urlRecord.
    let lowered = String(characters.prefix(leadingCapitals - 1)).lowercased()
    return lowered + String(characters.dropFirst(leadingCapitals - 1))
  }

  static func pluralize(_ word: String) -> String {
    let lowered = word.lowercased()
    if ["s", "x", "z"].contains(where: { lowered.hasSuffix($0) }) || lowered.hasSuffix("ch")
      || lowered.hasSuffix("sh")
    {
      return word + "es"
    }
    if lowered.hasSuffix("y"), let beforeLast = lowered.dropLast().last, !"aeiou".contains(beforeLast) {
      return word.dropLast() + "ies"
    }
    return word + "s"
  }
}
