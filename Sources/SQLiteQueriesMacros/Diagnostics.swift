import SwiftDiagnostics
import SwiftSyntax

/// A diagnostic of the table and function macros: what is wrong, and what to do.
struct MacroMessage: DiagnosticMessage {
  let message: String
  let diagnosticID: MessageID
  let severity: DiagnosticSeverity

  init(_ message: String, id: String = "table", severity: DiagnosticSeverity = .error) {
    self.message = message
    self.diagnosticID = MessageID(domain: "SQLiteQueriesMacros", id: id)
    self.severity = severity
  }
}

/// The label of a fix-it: the change it makes.
struct FixMessage: FixItMessage {
  let message: String
  var fixItID: MessageID { MessageID(domain: "SQLiteQueriesMacros", id: message) }

  init(_ message: String) { self.message = message }
}

extension FixIt {
  /// Replaces one node with another.
  static func replacing(_ old: some SyntaxProtocol, with new: some SyntaxProtocol, _ message: String) -> FixIt
  {
    .replace(message: FixMessage(message), oldNode: old, newNode: new)
  }
}
