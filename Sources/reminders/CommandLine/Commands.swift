import Foundation
import TerminalUI

/// Every subcommand, in the order the help lists them.
var subcommands: [any Subcommand.Type] {
  [
    AddCommand.self, ListCommand.self, DoneCommand.self, EditCommand.self, RemoveCommand.self,
    ListsCommand.self, SearchCommand.self, SeedCommand.self, ExportCommand.self, ImportCommand.self,
    SyncCommand.self, AccountCommand.self, ShareCommand.self, UnshareCommand.self, AcceptCommand.self,
    SharesCommand.self, ServerCommand.self,
  ]
}

/// `reminders --help`.
var topLevelHelp: String {
  let width = subcommands.map { $0.names.joined(separator: ", ").count }.max() ?? 0
  let commandLines = subcommands.map { command in
    "  " + command.names.joined(separator: ", ").padding(toLength: width, withPad: " ", startingAt: 0) + "  "
      + command.summary
  }
  return """
    Usage: reminders [--db PATH]                   open the full-screen app
           reminders [--db PATH] COMMAND [ARGS]    run one command and exit

    A keyboard-driven Reminders app. Commands share the database with a running app,
    which shows their changes at once.

    Commands:
    \(commandLines.joined(separator: "\n"))

    Options:
      --db PATH    The database (default: \(DatabaseLocation.description.sanitizedForTerminal))
      -h, --help   Show this help; `reminders COMMAND --help` shows a command's

    Exit status: 0 done, 1 failed, 2 wrong usage, 3 not found or ambiguous.
    """
}

/// The command line split into the global options and the subcommand with its arguments.
struct Invocation {
  /// The database `--db` names; the default when nil.
  var databasePathOption: String?
  var command: (any Subcommand.Type)?
  var arguments: [String] = []

  /// The database to open.
  func databasePath() throws -> String { try databasePathOption ?? DatabaseLocation.defaultPath() }
  var wantsHelp = false

  init(_ arguments: some Sequence<String>) throws {
    var remaining = Array(arguments)[...]
    var rest: [String] = []
    // --db may come before or after the command; everything after `--` is left alone.
    while let argument = remaining.popFirst() {
      if argument == "--" {
        rest.append(argument)
        rest.append(contentsOf: remaining)
        break
      } else if argument == "--db" {
        guard let path = remaining.popFirst(), !path.isEmpty else {
          throw CommandError.usage("--db needs a path", help: topLevelHelp)
        }
        databasePathOption = path
      } else if argument.hasPrefix("--db=") {
        let path = String(argument.dropFirst("--db=".count))
        guard !path.isEmpty else { throw CommandError.usage("--db needs a path", help: topLevelHelp) }
        databasePathOption = path
      } else {
        rest.append(argument)
      }
    }
    guard let first = rest.first else { return }
    if first == "-h" || first == "--help" || first == "help" {
      // `reminders help ls` is `reminders ls --help`.
      if rest.count > 1, let command = subcommands.first(where: { $0.names.contains(rest[1]) }) {
        self.command = command
        self.arguments = ["--help"]
      } else {
        wantsHelp = true
      }
      return
    }
    guard let command = subcommands.first(where: { $0.names.contains(first) }) else {
      if first.hasPrefix("-") {
        throw CommandError.usage("unknown option '\(first)'", help: topLevelHelp)
      }
      throw CommandError.usage("unknown command '\(first)'", help: topLevelHelp)
    }
    self.command = command
    self.arguments = Array(rest.dropFirst())
  }
}
