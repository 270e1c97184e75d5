import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@DatabaseCollation` on a global or static function of two texts to a `CollationOrder`: a peer
/// `$name` that a connection adds with `db.add(collation: $name)` and queries name with
/// `collate($name)`. The texts come as `String`, `UnsafeRawBufferPointer`, `Span<UInt8>` or
/// `UTF8Span`.
public struct DatabaseCollationMacro: PeerMacro {
  /// The parameter types a collation's texts can be read as.
  static let textTypes: Set<String> = [
    "String", "Swift.String", "UnsafeRawBufferPointer", "Swift.UnsafeRawBufferPointer", "Span<UInt8>",
    "UTF8Span",
  ]

  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    func diagnose(_ node: some SyntaxProtocol, _ message: String) {
      context.diagnose(Diagnostic(node: node, message: MacroMessage(message, id: "collation")))
    }
    guard let function = declaration.as(FunctionDeclSyntax.self), let identifier = function.name.identifier
    else {
      diagnose(node, "@DatabaseCollation applies to a function of two texts that returns a CollationOrder")
      return []
    }
    let parameters = Array(function.signature.parameterClause.parameters)
    let types = parameters.map(\.type.trimmedDescription)
    guard parameters.count == 2, types[0] == types[1], textTypes.contains(types[0]) else {
      diagnose(
        function.signature,
        "A @DatabaseCollation function takes two texts of one type: String, UnsafeRawBufferPointer, "
          + "Span<UInt8> or UTF8Span")
      return []
    }
    let swiftName = identifier.name
    var sqlName = swiftName
    if let argument = node.arguments?.as(LabeledExprListSyntax.self)?.first(where: { $0.label == nil }),
      let text = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue, !text.isEmpty
    {
      sqlName = text
    }
    let owner = DatabaseFunctionModel.owner(of: context.lexicalContext)
    let modifiers = function.modifiers.map(\.name.text)
    let isStatic = modifiers.contains("static") || modifiers.contains("class")
    if owner != nil, !isStatic {
      diagnose(
        function.name,
        "@DatabaseCollation needs a global or static function: SQLite calls it without an instance")
      return []
    }
    let access =
      modifiers.contains("public")
      ? "public " : (modifiers.contains("private") || modifiers.contains("fileprivate") ? "fileprivate " : "")
    // A name that is a keyword (`default`) is called in backticks, as functions' are.
    let escapedName = DatabaseFunctionModel.keywords.contains(swiftName) ? "`\(swiftName)`" : swiftName
    let callee = owner.map { "\($0).\(escapedName)" } ?? escapedName
    let labels = parameters.map { $0.firstName.text == "_" ? "" : "\($0.firstName.text): " }
    let body: String
    switch types[0] {
    case "Span<UInt8>":
      body = """
        lhs.withMemoryRebound(to: Swift.UInt8.self) { lhs in
          rhs.withMemoryRebound(to: Swift.UInt8.self) { rhs in
            \(callee)(\(labels[0])lhs.span, \(labels[1])rhs.span)
          }
        }
        """
    case "UTF8Span":
      // Text that is not valid UTF-8 sorts by its bytes.
      body = """
        lhs.withMemoryRebound(to: Swift.UInt8.self) { lhs in
          rhs.withMemoryRebound(to: Swift.UInt8.self) { rhs in
            guard let left = try? Swift.UTF8Span(validating: lhs.span),
              let right = try? Swift.UTF8Span(validating: rhs.span)
            else { return SQLiteQueries._collationByteOrder(Swift.UnsafeRawBufferPointer(lhs), Swift.UnsafeRawBufferPointer(rhs)) }
            return \(callee)(\(labels[0])left, \(labels[1])right)
          }
        }
        """
    case "String", "Swift.String":
      body =
        "\(callee)(\(labels[0])SQLiteQueries._collationText(lhs), \(labels[1])SQLiteQueries._collationText(rhs))"
    default:
      body = "\(callee)(\(labels[0])lhs, \(labels[1])rhs)"
    }
    let structName = context.makeUniqueName(swiftName).text
    // The comparison lives beside the function rather than in the struct, where a member of
    // `Collation` of the same name (`.nocase`, or one a user declares) would shadow the function.
    let comparisonName = context.makeUniqueName(swiftName + "Comparison").text
    let staticKeyword = owner == nil ? "" : "static "
    let comparison = owner.map { "\($0).\(comparisonName)" } ?? comparisonName
    return [
      """
      \(raw: access)\(raw: staticKeyword)nonisolated func \(raw: comparisonName)(_ lhs: Swift.UnsafeRawBufferPointer, _ rhs: Swift.UnsafeRawBufferPointer) -> SQLiteQueries.CollationOrder {
        \(raw: body)
      }
      """,
      """
      \(raw: access)nonisolated struct \(raw: structName): SQLiteQueries.DatabaseCollationFunction {
        \(raw: access)init() {}
        \(raw: access)var name: Swift.String { \(literal: sqlName) }
        \(raw: access)func compare(_ lhs: Swift.UnsafeRawBufferPointer, _ rhs: Swift.UnsafeRawBufferPointer) -> SQLiteQueries.CollationOrder {
          \(raw: comparison)(lhs, rhs)
        }
      }
      """,
      """
      /// `\(raw: swiftName)`, nameable in SQL: add it with `db.add(collation:)`.
      \(raw: access)\(raw: staticKeyword)var $\(raw: swiftName): \(raw: structName) { \(raw: structName)() }
      """,
    ]
  }
}
