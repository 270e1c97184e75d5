import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@CasePathable` on an enum: a property per case with one associated value, giving that value
/// when the enum is that case and nil otherwise (`attachment.kind.note`). `@Selection` enums name
/// their columns' key paths after these properties.
public struct CasePathableMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      context.diagnose(
        Diagnostic(node: node, message: MacroMessage("@CasePathable applies to an enum")))
      return []
    }
    let modifiers = enumDecl.modifiers.map(\.name.text)
    let access =
      modifiers.contains("public")
      ? "public " : (modifiers.contains("private") || modifiers.contains("fileprivate") ? "fileprivate " : "")
    var members: [DeclSyntax] = []
    for member in enumDecl.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      for element in caseDecl.elements {
        guard let parameters = element.parameterClause?.parameters, parameters.count == 1,
          let parameter = parameters.first
        else { continue }
        members.append(
          DeclSyntax(
            stringLiteral: EnumSelection.caseProperty(
              name: element.name.text, payload: parameter.type.trimmedDescription, access: access)))
      }
    }
    return members
  }
}
