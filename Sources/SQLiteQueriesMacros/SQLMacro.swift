import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `#sql("…")` becomes `SQLQueryExpression("…")` after the literal is checked: quotes, brackets,
/// parentheses and block comments must balance, and values must be interpolated rather than
/// written as `?`/`:name` parameters (which would bind nothing).
public struct SQLMacro: ExpressionMacro {
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
  ) -> ExprSyntax {
    let arguments = node.arguments
    if let literal = arguments.first?.expression.as(StringLiteralExprSyntax.self) {
      for problem in SQLLiteralChecker.problems(in: literal) {
        context.diagnose(Diagnostic(node: problem.node, message: problem.message))
      }
    }
    return "SQLiteQueries.SQLQueryExpression(\(arguments))"
  }
}

struct SQLDiagnostic: DiagnosticMessage {
  let message: String
  let diagnosticID: MessageID
  let severity: DiagnosticSeverity

  init(_ message: String, id: String, severity: DiagnosticSeverity = .error) {
    self.message = message
    self.diagnosticID = MessageID(domain: "SQLiteQueriesMacros", id: id)
    self.severity = severity
  }
}

/// Scans the literal text of a `#sql` string (interpolations count as opaque values).
enum SQLLiteralChecker {
  struct Problem {
    let node: Syntax
    let message: SQLDiagnostic
  }

  static func problems(in literal: StringLiteralExprSyntax) -> [Problem] {
    var problems: [Problem] = []
    var quote: (opening: Character, closing: Character, node: Syntax)?
    var parentheses: [Syntax] = []
    var inLineComment = false
    var blockComment: Syntax?

    func problem(_ node: Syntax, _ message: String) {
      problems.append(Problem(node: node, message: SQLDiagnostic(message, id: "sql")))
    }

    for segment in literal.segments {
      guard let text = segment.as(StringSegmentSyntax.self) else { continue }
      let node = Syntax(text)
      let characters = Array(text.content.text)
      var index = 0
      while index < characters.count {
        let character = characters[index]
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        let previous = index > 0 ? characters[index - 1] : " "
        index += 1
        if inLineComment {
          if character == "\n" { inLineComment = false }
        } else if blockComment != nil {
          if character == "*", next == "/" {
            blockComment = nil
            index += 1
          }
        } else if let open = quote {
          guard character == open.closing else { continue }
          if next == open.closing, open.opening != "[" {
            index += 1  // a doubled quote stands for the quote itself
          } else {
            quote = nil
          }
        } else {
          switch character {
          case "'", "\"", "`": quote = (character, character, node)
          case "[": quote = ("[", "]", node)
          case "(": parentheses.append(node)
          case ")":
            if parentheses.popLast() == nil { problem(node, "Unexpected ')' in #sql: no '(' opens it") }
          case "-" where next == "-": inLineComment = true
          case "/" where next == "*":
            blockComment = node
            index += 1
          case "?":
            problem(node, bindParameterMessage("?"))
          case ":", "@", "$":
            // `:name`, `@name` and `$name` are parameters; a colon glued to a word is not.
            let startsName = next.map { $0.isLetter || $0 == "_" } ?? false
            let gluedToWord = previous.isLetter || previous.isNumber || previous == "_"
            if startsName, !gluedToWord { problem(node, bindParameterMessage(String(character))) }
          default:
            break
          }
        }
      }
    }
    if let open = quote {
      problem(open.node, "Unterminated \(open.opening) in #sql: add the closing \(open.closing)")
    }
    for opening in parentheses { problem(opening, "Unbalanced '(' in #sql: add the closing ')'") }
    if let comment = blockComment { problem(comment, "Unterminated /* comment in #sql: add */") }
    return problems
  }

  static func bindParameterMessage(_ parameter: String) -> String {
    "Invalid bind parameter '\(parameter)' in #sql: interpolate the value instead, as \\(bind: value)"
  }
}
