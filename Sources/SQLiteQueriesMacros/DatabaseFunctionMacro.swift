import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@DatabaseFunction` on a global or static function: a peer `$name` that SQL can call once it
/// is added to a connection (`db.add(function: $name)`), and that queries call as
/// `$name(arguments)`, rendering `"name"(…)`.
///
/// A function whose one parameter is `some Sequence<T>` is an aggregate: SQLite hands it the
/// values of a group of rows. Arguments and results go through `QueryBindable` and
/// `QueryDecodable`, or through the representations of `as: ((Repr, …) -> Repr).self`.
public struct DatabaseFunctionMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let model = DatabaseFunctionModel(node: node, declaration: declaration, context: context) else {
      return []
    }
    return model.declarations(structName: context.makeUniqueName(model.swiftName).text)
  }
}

/// One parameter of the function.
struct FunctionParameter {
  /// The argument label, or nil for `_`.
  let label: String?
  /// The name inside the function, and of the generated call's parameter.
  let name: String
  /// The Swift type.
  let type: String
  /// The type the argument is read as: its representation, or the Swift type.
  let storedType: String
  let defaultValue: String?
}

/// What `@DatabaseFunction` reads from the function.
struct DatabaseFunctionModel {
  /// The function's name, without backticks.
  let swiftName: String
  /// The name SQL calls it by.
  let sqlName: String
  let parameters: [FunctionParameter]
  /// The result's Swift type and its stored type, nil for none.
  let result: (type: String, storedType: String)?
  /// The element type of an aggregate's sequence.
  let isAggregate: Bool
  let isThrowing: Bool
  let isDeterministic: Bool
  let access: String
  /// The type a static function is declared in.
  let owner: String?

  init?(node: AttributeSyntax, declaration: some DeclSyntaxProtocol, context: some MacroExpansionContext) {
    func diagnose(
      _ node: some SyntaxProtocol, _ message: String, fixIts: [FixIt] = []
    ) {
      context.diagnose(
        Diagnostic(node: node, message: MacroMessage(message, id: "function"), fixIts: fixIts))
    }

    guard let function = declaration.as(FunctionDeclSyntax.self) else {
      diagnose(
        node,
        "@DatabaseFunction applies to a function: declare a 'func' whose arguments and result SQL passes")
      return nil
    }
    var problems = false
    guard let identifier = function.name.identifier else {
      diagnose(
        function.name, "@DatabaseFunction cannot make an operator callable from SQL: name the function")
      return nil
    }
    swiftName = identifier.name
    owner = Self.owner(of: context.lexicalContext)

    // Where the function lives: SQL calls it without an instance, from any thread.
    let modifiers = function.modifiers.map(\.name.text)
    let isStatic = modifiers.contains("static") || modifiers.contains("class")
    if let first = context.lexicalContext.first, owner == nil,
      first.is(FunctionDeclSyntax.self) || first.is(ClosureExprSyntax.self)
        || first.is(AccessorDeclSyntax.self)
    {
      diagnose(
        function.name,
        "@DatabaseFunction needs a function at file scope or a static one: move '\(swiftName)' out of its enclosing function"
      )
      problems = true
    } else if owner != nil, !isStatic {
      var fixed = function
      fixed.modifiers.append(DeclModifierSyntax(name: .keyword(.static), trailingTrivia: .space))
      diagnose(
        function.name,
        "@DatabaseFunction needs a static function inside a type: SQL calls it without an instance",
        fixIts: [.replacing(function, with: fixed, "Make '\(swiftName)' static")])
      problems = true
    }
    for attribute in function.attributes.compactMap({ $0.as(AttributeSyntax.self) })
    where attribute.attributeName.trimmedDescription.hasSuffix("MainActor") {
      var fixed = function
      fixed.attributes = function.attributes.filter { $0.as(AttributeSyntax.self) != attribute }
      diagnose(
        attribute,
        "A database function runs on the connection's thread, so it cannot be isolated to the main actor",
        fixIts: [.replacing(function, with: fixed, "Remove '\(attribute.trimmedDescription)'")])
      problems = true
    }

    let effects = function.signature.effectSpecifiers
    if let async = effects?.asyncSpecifier {
      var fixed = function
      fixed.signature.effectSpecifiers?.asyncSpecifier = nil
      diagnose(
        async, "A database function runs inside a SQLite statement, so it cannot be async",
        fixIts: [.replacing(function, with: fixed, "Remove 'async'")])
      problems = true
    }
    let throwsSpecifier = effects?.throwsClause?.throwsSpecifier
    if throwsSpecifier?.tokenKind == .keyword(.rethrows) {
      diagnose(
        throwsSpecifier!,
        "A database function takes no closures to rethrow from: declare it 'throws', or neither")
      problems = true
    }
    isThrowing = throwsSpecifier != nil
    if let generics = function.genericParameterClause {
      diagnose(
        generics,
        "A database function cannot be generic: SQL needs the argument types (a sequence of values is "
          + "declared 'some Sequence<T>')")
      problems = true
    }

    // The attribute: the SQL name, determinism and representations.
    var sqlName = swiftName
    var isDeterministic = false
    var representation: FunctionTypeSyntax?
    for argument in node.arguments?.as(LabeledExprListSyntax.self) ?? [] {
      switch argument.label?.text {
      case nil:
        if let literal = argument.expression.as(StringLiteralExprSyntax.self),
          let text = literal.representedLiteralValue, !text.isEmpty
        {
          sqlName = text
        }
      case "isDeterministic":
        isDeterministic = argument.expression.trimmedDescription == "true"
      case "as":
        representation = Self.functionType(argument.expression)
        if representation == nil {
          diagnose(
            argument.expression,
            "'as:' takes the function's type with representations, as in 'as: ((Date.UnixTimeRepresentation) -> Int).self'"
          )
          problems = true
        }
      default:
        break
      }
    }
    self.sqlName = sqlName
    self.isDeterministic = isDeterministic

    // The parameters.
    let declared = Array(function.signature.parameterClause.parameters)
    let represented = representation.map { Array($0.parameters) }
    if let represented, represented.count != declared.count {
      diagnose(
        representation!,
        "'as:' names \(represented.count) parameter type(s) for a function of \(declared.count): give one per parameter"
      )
      problems = true
    }
    var parameters: [FunctionParameter] = []
    var aggregateCount = 0
    for (index, parameter) in declared.enumerated() {
      let name = (parameter.secondName ?? parameter.firstName).identifier?.name ?? "argument\(index)"
      let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.identifier?.name
      if parameter.ellipsis != nil {
        diagnose(
          parameter,
          "A database function takes a fixed number of arguments: make '\(name)' an array, or declare it 'some Sequence<…>' for an aggregate"
        )
        problems = true
        continue
      }
      var type = parameter.type
      if let attributed = type.as(AttributedTypeSyntax.self) {
        if attributed.specifiers.contains(where: { $0.trimmedDescription == "inout" }) {
          diagnose(parameter, "A database function cannot change its arguments: '\(name)' cannot be inout")
          problems = true
          continue
        }
        type = attributed.baseType
      }
      if type.is(FunctionTypeSyntax.self) {
        diagnose(
          parameter, "SQL cannot pass a closure: '\(name)' needs a type SQL stores, such as Int or String")
        problems = true
        continue
      }
      var swiftType = type.trimmedDescription
      if let element = Self.sequenceElement(type) {
        aggregateCount += 1
        swiftType = element
      } else if type.is(SomeOrAnyTypeSyntax.self) {
        diagnose(
          parameter,
          "'\(name)' needs a concrete type SQL stores, such as Int or String (an aggregate takes 'some Sequence<T>')"
        )
        problems = true
        continue
      }
      var storedType = swiftType
      if let represented, index < represented.count {
        storedType = represented[index].type.trimmedDescription
        if let element = Self.sequenceElement(represented[index].type) { storedType = element }
      }
      parameters.append(
        FunctionParameter(
          label: label, name: name, type: swiftType, storedType: storedType,
          defaultValue: parameter.defaultValue?.value.trimmedDescription))
    }
    if aggregateCount > 0, declared.count != 1 {
      diagnose(
        function.signature.parameterClause,
        "An aggregate database function takes one parameter, the values of the group: 'some Sequence<T>'")
      problems = true
    }
    isAggregate = aggregateCount > 0
    self.parameters = parameters

    // The result.
    if let returnType = function.signature.returnClause?.type,
      !["Void", "()", "Swift.Void"].contains(returnType.trimmedDescription)
    {
      if returnType.is(SomeOrAnyTypeSyntax.self) || returnType.is(FunctionTypeSyntax.self) {
        diagnose(
          returnType,
          "A database function returns a type SQL stores, such as Int or String, not '\(returnType.trimmedDescription)'"
        )
        problems = true
      }
      let stored =
        representation?.returnClause.type.trimmedDescription ?? returnType.trimmedDescription
      result = (returnType.trimmedDescription, stored)
    } else {
      result = nil
    }

    let accessModifiers = ["public", "package", "internal", "fileprivate", "private"]
    // A private function's peers are fileprivate: members of a private struct must be visible to
    // the protocol they satisfy, and `private` at file scope means `fileprivate` anyway.
    access =
      modifiers.first(where: accessModifiers.contains).map { $0 == "private" ? "fileprivate " : "\($0) " }
      ?? ""
    if problems { return nil }
  }

  /// The type a declaration in `lexicalContext` belongs to, if it is inside one.
  static func owner(of lexicalContext: [Syntax]) -> String? {
    guard let first = lexicalContext.first else { return nil }
    if let type = first.as(StructDeclSyntax.self) { return type.name.trimmedDescription }
    if let type = first.as(EnumDeclSyntax.self) { return type.name.trimmedDescription }
    if let type = first.as(ClassDeclSyntax.self) { return type.name.trimmedDescription }
    if let type = first.as(ActorDeclSyntax.self) { return type.name.trimmedDescription }
    if let type = first.as(ExtensionDeclSyntax.self) { return type.extendedType.trimmedDescription }
    return nil
  }

  /// `T` of `some Sequence<T>`.
  static func sequenceElement(_ type: TypeSyntax) -> String? {
    guard let opaque = type.as(SomeOrAnyTypeSyntax.self),
      let constraint = opaque.constraint.as(IdentifierTypeSyntax.self),
      ["Sequence", "Swift.Sequence"].contains(constraint.name.text),
      let arguments = constraint.genericArgumentClause?.arguments, arguments.count == 1
    else { return nil }
    return arguments.first!.argument.trimmedDescription
  }

  /// The function type of `as: ((A, B) -> R).self`.
  static func functionType(_ expression: ExprSyntax) -> FunctionTypeSyntax? {
    var text = expression.trimmedDescription
    guard text.hasSuffix(".self") else { return nil }
    text.removeLast(5)
    while text.hasPrefix("("), text.hasSuffix(")"), TypeSyntax("\(raw: text)").is(TupleTypeSyntax.self) {
      text = String(text.dropFirst().dropLast())
    }
    return TypeSyntax("\(raw: text)").as(FunctionTypeSyntax.self)
  }

  /// Swift keywords a function may be named with in backticks.
  static let keywords: Set<String> = [
    "default", "func", "let", "var", "if", "else", "for", "while", "return", "switch", "case", "in",
    "repeat", "guard", "do", "catch", "throw", "import", "class", "struct", "enum", "protocol",
    "extension", "static", "public", "private", "internal", "fileprivate", "operator", "where", "is", "as",
    "self", "Self", "super", "init", "deinit", "subscript", "typealias", "associatedtype", "true", "false",
    "nil", "break", "continue", "fallthrough", "defer", "inout", "try", "throws", "rethrows",
  ]

  // MARK: - Generated code

  func declarations(structName: String) -> [DeclSyntax] {
    // A name that is a keyword (`default`) is called in backticks.
    let escapedName = Self.keywords.contains(swiftName) ? "`\(swiftName)`" : swiftName
    let callee = owner.map { "\($0).\(escapedName)" } ?? escapedName
    let callArguments = parameters.map { ($0.label.map { "\($0): " } ?? "") + $0.name }.joined(
      separator: ", ")
    let tryKeyword = isThrowing ? "try " : ""
    let call = "\(tryKeyword)\(callee)(\(callArguments))"
    let width =
      parameters.isEmpty ? "0" : parameters.map { "(\($0.storedType)).columnWidth" }.joined(separator: " + ")
    let resultType = result.map { $0.storedType } ?? "Swift.Void"

    let callParameters = parameters.map { parameter in
      var text =
        (parameter.label == parameter.name ? parameter.name : "\(parameter.label ?? "_") \(parameter.name)")
        + ": some SQLiteQueries.QueryExpression<\(parameter.storedType)>"
      if let defaultValue = parameter.defaultValue {
        text += " = (\(parameter.storedType))(queryOutput: \(defaultValue))"
      }
      return text
    }
    var callFunction = """
      \(access)func callAsFunction(\(callParameters.joined(separator: ", "))) -> SQLiteQueries.SQLQueryExpression<\(resultType)> {
        SQLiteQueries._databaseFunctionCall(name, [\(parameters.map(\.name).joined(separator: ", "))])
      }
      """
    // Also callable without the labels, as SQL calls it (`$concat("foo", "bar")`); without the
    // defaults, so that a call with none of the arguments is not ambiguous.
    if parameters.contains(where: { $0.label != nil }) {
      let unlabeled = parameters.map { "_ \($0.name): some SQLiteQueries.QueryExpression<\($0.storedType)>" }
      callFunction += """

        \(access)func callAsFunction(\(unlabeled.joined(separator: ", "))) -> SQLiteQueries.SQLQueryExpression<\(resultType)> {
          SQLiteQueries._databaseFunctionCall(name, [\(parameters.map(\.name).joined(separator: ", "))])
        }
        """
    }

    let returning: String
    if let result {
      returning = "return SQLiteQueries._databaseFunctionResult((\(result.storedType)).self, \(call))"
    } else {
      returning = "\(call)\nreturn .null"
    }
    let invoke: String
    let conformance: String
    if isAggregate, let values = parameters.first {
      conformance = "SQLiteQueries.AggregateDatabaseFunction"
      invoke = """
        \(access)func invoke(_ rows: [SQLiteQueries.QueryDecoder]) throws -> SQLiteQueries.QueryBinding {
          let \(values.name) = try rows.map { row in
            var decoder = row
            return try SQLiteQueries._databaseFunctionArgument((\(values.storedType)).self, &decoder)
          }
          \(returning)
        }
        """
    } else {
      conformance = "SQLiteQueries.ScalarDatabaseFunction"
      let reads = parameters.map {
        "let \($0.name) = try SQLiteQueries._databaseFunctionArgument((\($0.storedType)).self, &decoder)"
      }
      invoke = """
        \(access)func invoke(_ decoder: inout SQLiteQueries.QueryDecoder) throws -> SQLiteQueries.QueryBinding {
          \((reads + [returning]).joined(separator: "\n"))
        }
        """
    }
    let staticKeyword = owner == nil ? "" : "static "
    let structure: DeclSyntax = """
      \(raw: access)nonisolated struct \(raw: structName): \(raw: conformance) {
        \(raw: access)init() {}
        \(raw: access)var name: Swift.String { \(literal: sqlName) }
        \(raw: access)var argumentCount: Swift.Int { \(raw: width) }
        \(raw: access)var isDeterministic: Swift.Bool { \(raw: isDeterministic) }
        \(raw: callFunction)
        \(raw: invoke)
      }
      """
    let property: DeclSyntax = """
      /// `\(raw: swiftName)`, callable from SQL: add it with `db.add(function:)`.
      \(raw: access)\(raw: staticKeyword)var $\(raw: swiftName): \(raw: structName) { \(raw: structName)() }
      """
    return [structure, property]
  }
}
