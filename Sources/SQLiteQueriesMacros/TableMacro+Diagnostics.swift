import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// What `@Table` and `@Selection` reject, each with what to do instead and, where the fix is
/// plain, a fix-it that makes it.
enum TableDiagnostics {
  static func diagnose(
    _ node: some SyntaxProtocol, _ message: String, fixIts: [FixIt] = [], _ context: any MacroExpansionContext
  ) {
    context.diagnose(Diagnostic(node: node, message: MacroMessage(message), fixIts: fixIts))
  }

  /// Rows are values: a class or an actor becomes a struct; other declarations cannot be tables.
  static func notAStruct(
    _ declaration: some DeclGroupSyntax, macro: String, node: AttributeSyntax,
    _ context: any MacroExpansionContext
  ) {
    if let classDecl = declaration.as(ClassDeclSyntax.self) {
      diagnose(
        classDecl.classKeyword,
        "@\(macro) applies to a struct, whose rows are values: declare '\(classDecl.name.text)' as a struct",
        fixIts: [
          .replacing(
            classDecl.classKeyword, with: classDecl.classKeyword.with(\.tokenKind, .keyword(.struct)),
            "Replace 'class' with 'struct'")
        ], context)
    } else if let actorDecl = declaration.as(ActorDeclSyntax.self) {
      diagnose(
        actorDecl.actorKeyword,
        "@\(macro) applies to a struct, whose rows are values: declare '\(actorDecl.name.text)' as a struct",
        fixIts: [
          .replacing(
            actorDecl.actorKeyword, with: actorDecl.actorKeyword.with(\.tokenKind, .keyword(.struct)),
            "Replace 'actor' with 'struct'")
        ], context)
    } else {
      diagnose(node, "@\(macro) applies to a struct declaration", context)
    }
  }

  /// `@Table` and `@Selection` on one type: it is one or the other. Reported once, by `@Table`.
  static func isTableAndSelection(
    _ declaration: StructDeclSyntax, macro: String, context: (any MacroExpansionContext)?
  ) -> Bool {
    let names = declaration.attributes.compactMap {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
    }
    guard names.contains("Table"), names.contains("Selection") else { return false }
    if macro == "Table", let context,
      let selection = declaration.attributes.first(where: {
        $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Selection"
      })
    {
      var fixed = declaration
      fixed.attributes = declaration.attributes.filter { $0 != selection }
      diagnose(
        selection,
        "'\(declaration.name.text)' is either a @Table or a @Selection: a table already selects its columns",
        fixIts: [.replacing(declaration, with: fixed, "Remove '@Selection'")], context)
    }
    return true
  }

  /// An `@Ephemeral` property is not read from the database, so it needs a value of its own.
  static func checkEphemeral(_ variable: VariableDeclSyntax, _ context: any MacroExpansionContext) -> Bool {
    var isValid = true
    for binding in variable.bindings where binding.initializer == nil && binding.accessorBlock == nil {
      let isOptional = binding.typeAnnotation.map { isOptionalType($0.type) } ?? false
      if variable.bindingSpecifier.tokenKind == .keyword(.var), isOptional { continue }
      var fixedBinding = binding
      fixedBinding.typeAnnotation?.trailingTrivia = []
      fixedBinding.initializer = InitializerClauseSyntax(
        equal: .equalToken(leadingTrivia: .space, trailingTrivia: .space), value: ExprSyntax("<#value#>"))
      diagnose(
        binding,
        "@Ephemeral '\(binding.pattern.trimmedDescription)' is not read from the database, so it needs a default value",
        fixIts: [.replacing(binding, with: fixedBinding, "Add a default value")], context)
      isValid = false
    }
    return isValid
  }

  /// A column that is a `let` with a value cannot take the value read from the database; and
  /// `@Column(as:)` takes a type (`.self`).
  static func checkColumn(
    _ variable: VariableDeclSyntax, attribute: AttributeSyntax?, _ context: any MacroExpansionContext
  ) -> Bool {
    var isValid = true
    if variable.bindingSpecifier.tokenKind == .keyword(.let),
      let binding = variable.bindings.first(where: { $0.initializer != nil && $0.accessorBlock == nil })
    {
      diagnose(
        variable.bindingSpecifier,
        "'\(binding.pattern.trimmedDescription)' is a 'let' with a value, which the value read from the "
          + "database cannot replace: declare it 'var'",
        fixIts: [
          .replacing(
            variable, with: variable.with(\.bindingSpecifier.tokenKind, .keyword(.var)),
            "Replace 'let' with 'var'")
        ], context)
      isValid = false
    }
    if let argument = attribute?.arguments?.as(LabeledExprListSyntax.self)?.first(where: {
      $0.label?.text == "as"
    }),
      !argument.expression.trimmedDescription.hasSuffix(".self")
    {
      let type = argument.expression.trimmed
      diagnose(
        argument.expression, "@Column(as:) takes a type: write '\(type).self'",
        fixIts: [
          .replacing(
            argument.expression,
            with: ExprSyntax("\(type).self").with(\.trailingTrivia, argument.expression.trailingTrivia),
            "Add '.self'")
        ], context)
      isValid = false
    }
    return isValid
  }

  /// A property whose type cannot be inferred from its value.
  static func uninferableType(
    _ variable: VariableDeclSyntax, binding: PatternBindingSyntax, property: String,
    _ context: any MacroExpansionContext
  ) {
    var annotated = binding
    annotated.pattern.trailingTrivia = []
    annotated.typeAnnotation = TypeAnnotationSyntax(
      colon: .colonToken(trailingTrivia: .space), type: TypeSyntax("<#Type#>"), trailingTrivia: .space)
    diagnose(
      binding,
      "'\(property)' needs a type annotation to be a column, as in 'var \(property): Int = …'; "
        + "or mark it @Ephemeral if it is not stored",
      fixIts: [
        .replacing(binding, with: annotated, "Add a type annotation"),
        .replacing(variable, with: adding("@Ephemeral", to: variable), "Mark '\(property)' @Ephemeral"),
      ], context)
  }

  /// Types that are recognisably not storable in one column: collections (stored as JSON with a
  /// representation), tuples, closures and existentials.
  static func checkStorable(
    _ variable: VariableDeclSyntax, binding: PatternBindingSyntax, type: String, property: String,
    _ context: any MacroExpansionContext
  ) -> Bool {
    guard var syntax = binding.typeAnnotation?.type else { return true }
    let isOptional = isOptionalType(syntax)
    if let optional = syntax.as(OptionalTypeSyntax.self) { syntax = optional.wrappedType }
    if let optional = syntax.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { syntax = optional.wrappedType }
    let wrapped = syntax.trimmedDescription
    if isCollection(syntax) {
      let representation = "\(wrapped).JSONRepresentation\(isOptional ? "?" : "")"
      diagnose(
        syntax,
        "'\(property)' is a \(wrapped), which no single column stores: store it as JSON with "
          + "@Column(as: \(representation).self), or mark it @Ephemeral",
        fixIts: [
          .replacing(
            variable, with: addingRepresentation(representation, to: variable), "Store '\(property)' as JSON")
        ], context)
      return false
    }
    let unstorable =
      syntax.is(FunctionTypeSyntax.self) || syntax.is(SomeOrAnyTypeSyntax.self)
      || syntax.as(TupleTypeSyntax.self).map { $0.elements.count > 1 } == true
      || syntax.as(AttributedTypeSyntax.self)?.baseType.is(FunctionTypeSyntax.self) == true
    if unstorable {
      diagnose(
        syntax,
        "'\(property)' is a \(wrapped), which no column stores: give it a type SQL stores, or mark it @Ephemeral "
          + "with a default value if it is not stored",
        context)
      return false
    }
    return true
  }

  /// Several properties marked `@Column(primaryKey: true)`: the first stays the key.
  static func severalPrimaryKeys(
    _ keys: [ColumnModel], in declaration: StructDeclSyntax, node: AttributeSyntax,
    _ context: any MacroExpansionContext
  ) {
    var fixIts: [FixIt] = []
    for key in keys.dropFirst() {
      guard let variable = variable(named: key.property, in: declaration),
        let attribute = variable.attributes.compactMap({ $0.as(AttributeSyntax.self) }).first(where: {
          $0.attributeName.trimmedDescription == "Column"
        }),
        case .argumentList(let arguments) = attribute.arguments
      else { continue }
      var fixedAttribute = attribute
      let remaining = arguments.filter { $0.label?.text != "primaryKey" }
      if remaining.isEmpty {
        fixedAttribute.leftParen = nil
        fixedAttribute.rightParen = nil
        fixedAttribute.arguments = nil
        fixedAttribute.attributeName.trailingTrivia = attribute.trailingTrivia
      } else {
        var list = remaining
        list[list.index(before: list.endIndex)].trailingComma = nil
        fixedAttribute.arguments = .argumentList(list)
      }
      var fixed = variable
      fixed.attributes = AttributeListSyntax(
        variable.attributes.map { $0.as(AttributeSyntax.self) == attribute ? .attribute(fixedAttribute) : $0 }
      )
      fixIts.append(.replacing(variable, with: fixed, "Remove 'primaryKey: true' from '\(key.property)'"))
    }
    diagnose(
      node,
      "A table has one primary key: \(keys.map { "'\($0.property)'" }.joined(separator: ", ")) "
        + "are all marked @Column(primaryKey: true)",
      fixIts: fixIts, context)
  }

  // MARK: - Helpers

  static func isOptionalType(_ type: TypeSyntax) -> Bool {
    type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
      || type.as(IdentifierTypeSyntax.self)?.name.text == "Optional"
  }

  /// Arrays (other than bytes), dictionaries and sets.
  static func isCollection(_ type: TypeSyntax) -> Bool {
    if let array = type.as(ArrayTypeSyntax.self) { return array.element.trimmedDescription != "UInt8" }
    if type.is(DictionaryTypeSyntax.self) { return true }
    if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause != nil {
      switch identifier.name.text {
      case "Array":
        return identifier.genericArgumentClause?.arguments.first?.argument.trimmedDescription != "UInt8"
      case "Dictionary", "Set": return true
      default: return false
      }
    }
    return false
  }

  static func variable(named property: String, in declaration: StructDeclSyntax) -> VariableDeclSyntax? {
    declaration.memberBlock.members.lazy.compactMap { $0.decl.as(VariableDeclSyntax.self) }.first {
      variable in
      variable.bindings.contains { $0.pattern.trimmedDescription.trimmingBackticks == property }
    }
  }

  /// The declaration with an attribute in front, on its line.
  static func adding(_ attribute: String, to variable: VariableDeclSyntax) -> VariableDeclSyntax {
    var fixed = variable
    let trivia = fixed.leadingTrivia
    fixed.leadingTrivia = []
    let parsed = DeclSyntax("\(raw: attribute) var x: Int").as(VariableDeclSyntax.self)?.attributes.first
    guard let node = parsed?.as(AttributeSyntax.self)?.with(\.trailingTrivia, .space) else { return variable }
    fixed.attributes.insert(.attribute(node), at: fixed.attributes.startIndex)
    fixed.leadingTrivia = trivia
    return fixed
  }

  /// The declaration with `as: representation.self` in its `@Column`, or a new `@Column(as:)`.
  static func addingRepresentation(_ representation: String, to variable: VariableDeclSyntax)
    -> VariableDeclSyntax
  {
    guard
      let index = variable.attributes.firstIndex(where: {
        $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Column"
      }),
      let attribute = variable.attributes[index].as(AttributeSyntax.self)
    else {
      return adding("@Column(as: \(representation).self)", to: variable)
    }
    var arguments = attribute.arguments?.as(LabeledExprListSyntax.self).map(Array.init) ?? []
    if !arguments.isEmpty {
      arguments[arguments.count - 1].trailingComma = .commaToken(trailingTrivia: .space)
    }
    arguments.append(
      LabeledExprSyntax(
        label: .identifier("as"), colon: .colonToken(trailingTrivia: .space),
        expression: ExprSyntax("\(raw: representation).self")))
    var fixedAttribute = attribute
    fixedAttribute.leftParen = .leftParenToken()
    fixedAttribute.rightParen = .rightParenToken(trailingTrivia: attribute.trailingTrivia)
    fixedAttribute.arguments = .argumentList(LabeledExprListSyntax(arguments))
    if attribute.arguments == nil { fixedAttribute.attributeName.trailingTrivia = [] }
    var fixed = variable
    fixed.attributes[index] = .attribute(fixedAttribute)
    return fixed
  }
}

extension String {
  var trimmingBackticks: String { filter { $0 != "`" } }
}
