import SwiftSyntax
import SwiftSyntaxMacros

/// `#bind(value)` becomes `BindQueryExpression(value)`: a Swift value bound as a parameter, typed
/// by the column it is compared with or assigned to.
public struct BindMacro: ExpressionMacro {
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
  ) -> ExprSyntax {
    "SQLiteQueries.BindQueryExpression(\(node.arguments))"
  }
}
