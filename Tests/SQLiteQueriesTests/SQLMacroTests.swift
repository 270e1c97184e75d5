import SQLiteQueriesMacros
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// Expands `#sql` in a source string with the macro type itself, as the compiler would.
func expand(_ source: String) -> (code: String, diagnostics: [String]) {
  let file = Parser.parse(source: source)
  let context = BasicMacroExpansionContext()
  let expanded = file.expand(macros: ["sql": SQLMacro.self], contextGenerator: { _ in context })
  return (
    expanded.description.trimmingCharacters(in: .whitespacesAndNewlines),
    context.diagnostics.map(\.message)
  )
}

@Suite("The #sql macro")
struct SQLMacroTests {
  @Test func expandsToAnExpression() {
    let result = expand(#"let q = #sql("SELECT * FROM \(Item.self) WHERE id = \(bind: id)", as: Item.self)"#)
    #expect(
      result.code
        == #"let q = SQLiteQueries.SQLQueryExpression("SELECT * FROM \(Item.self) WHERE id = \(bind: id)", as: Item.self)"#
    )
    #expect(result.diagnostics.isEmpty)
  }

  @Test func acceptsBalancedSQL() {
    let sources = [
      #"#sql("SELECT 'it''s (not) a paren', \"we\"\"ird\" FROM t WHERE (a = (1))")"#,
      #"#sql("SELECT [odd name], `other` FROM t -- a comment with ( and '\n WHERE x")"#,
      #"#sql("SELECT /* ( ' */ 1")"#,
      #"#sql("SELECT time('12:30:00'), json_extract(x, '$.a') FROM t")"#,
    ]
    for source in sources {
      #expect(expand(source).diagnostics == [], "\(source)")
    }
  }

  @Test func reportsUnbalancedDelimiters() {
    #expect(expand(#"#sql("SELECT 'oops")"#).diagnostics == ["Unterminated ' in #sql: add the closing '"])
    #expect(expand(#"#sql("SELECT (1")"#).diagnostics == ["Unbalanced '(' in #sql: add the closing ')'"])
    #expect(expand(#"#sql("SELECT 1)")"#).diagnostics == ["Unexpected ')' in #sql: no '(' opens it"])
    #expect(expand(#"#sql("SELECT \"col")"#).diagnostics == [#"Unterminated " in #sql: add the closing ""#])
    #expect(expand(#"#sql("SELECT /* 1")"#).diagnostics == ["Unterminated /* comment in #sql: add */"])
  }

  @Test func reportsBindParameters() {
    let message = #"Invalid bind parameter '?' in #sql: interpolate the value instead, as \(bind: value)"#
    #expect(expand(#"#sql("SELECT * FROM t WHERE id = ?")"#).diagnostics == [message])
    #expect(expand(#"#sql("SELECT * FROM t WHERE id = :id")"#).diagnostics.count == 1)
    #expect(expand(#"#sql("SELECT * FROM t WHERE id = \(bind: id)")"#).diagnostics == [])
  }
}
