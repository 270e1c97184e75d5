@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftSyntaxMacros

/// The compiler plugin's entry point. The toolchain ships swift-syntax but not its thin
/// `SwiftCompilerPlugin` wrapper, so the message loop is started here by hand.
@main
struct SQLiteQueriesMacrosPlugin {
  static func macro(named name: String) -> (any Macro.Type)? {
    switch name {
    case "SQLMacro": SQLMacro.self
    case "TableMacro": TableMacro.self
    case "MarkerMacro": MarkerMacro.self
    case "BindMacro": BindMacro.self
    case "DatabaseFunctionMacro": DatabaseFunctionMacro.self
    case "DatabaseCollationMacro": DatabaseCollationMacro.self
    case "CasePathableMacro": CasePathableMacro.self
    default: nil
    }
  }

  static func main() throws {
    let connection = try StandardIOMessageConnection()
    let listener = CompilerPluginMessageListener(connection: connection, provider: Provider())
    try listener.main()
  }

  struct Provider: PluginProvider {
    func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
      guard let macro = SQLiteQueriesMacrosPlugin.macro(named: typeName) else {
        throw UnknownMacro(name: "\(moduleName).\(typeName)")
      }
      return macro
    }

    var features: [PluginFeature] { [] }
  }

  struct UnknownMacro: Error, CustomStringConvertible {
    let name: String
    var description: String { "SQLiteQueriesMacros has no macro named \(name)" }
  }
}
