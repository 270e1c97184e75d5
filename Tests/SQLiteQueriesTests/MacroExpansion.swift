import Foundation
import SQLiteQueriesMacros
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros

/// A source string with the table and function macros expanded by the macro types themselves,
/// as the compiler would expand them, with the diagnostics they report.
struct MacroExpansion {
  let source: String
  let code: String
  let diagnostics: [Diagnostic]

  init(_ source: String) {
    self.source = source
    let file = Parser.parse(source: source)
    final class Contexts { var all: [BasicMacroExpansionContext] = [] }
    let contexts = Contexts()
    let specs: [String: MacroSpec] = [
      "Table": MacroSpec(type: TableMacro.self),
      "Selection": MacroSpec(type: TableMacro.self),
      "Column": MacroSpec(type: MarkerMacro.self),
      "Ephemeral": MacroSpec(type: MarkerMacro.self),
      "DatabaseFunction": MacroSpec(type: DatabaseFunctionMacro.self),
      "DatabaseCollation": MacroSpec(type: DatabaseCollationMacro.self),
    ]
    let expanded = file.expand(
      macroSpecs: specs,
      contextGenerator: { node in
        let context = BasicMacroExpansionContext(
          lexicalContext: node.allMacroLexicalContexts(),
          sourceFiles: [file: .init(moduleName: "Tests", fullFilePath: "Test.swift")])
        contexts.all.append(context)
        return context
      })
    code = expanded.description.trimmingCharacters(in: .whitespacesAndNewlines)
    // Both roles of a macro report a problem; each is listed once.
    var seen: Set<String> = []
    diagnostics = contexts.all.flatMap(\.diagnostics).filter {
      seen.insert("\($0.position):\($0.message)").inserted
    }
  }

  var messages: [String] { diagnostics.map(\.message) }

  /// The labels of the fix-its offered.
  var fixIts: [String] { diagnostics.flatMap { $0.fixIts.map(\.message.message) } }

  /// The source with the fix-it labelled `label` applied. Macros see their declaration detached
  /// from the file, so the nodes a fix-it replaces are found by their text.
  func applying(_ label: String) -> String? {
    guard let fixIt = diagnostics.lazy.flatMap(\.fixIts).first(where: { $0.message.message == label }) else {
      return nil
    }
    var result = source
    for change in fixIt.changes {
      guard case .replace(let old, let new) = change,
        let range = result.range(of: old.trimmedDescription)
      else { return nil }
      result.replaceSubrange(range, with: new.trimmedDescription)
    }
    return result
  }
}
