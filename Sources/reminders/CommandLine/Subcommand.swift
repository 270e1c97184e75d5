/// One of the commands scripts run: `reminders add …`, `reminders ls`, and so on.
protocol Subcommand {
  /// The name typed after `reminders`, then any other names it answers to.
  static var names: [String] { get }
  /// One line for the list of commands.
  static var summary: String { get }
  /// The whole `--help` text.
  static var help: String { get }
  /// Runs the command with the arguments that follow its name.
  static func run(_ arguments: [String], context: CommandContext) throws
}

extension Subcommand {
  static var name: String { names[0] }

  /// Parses the arguments, answering `-h`/`--help` by printing the help.
  static func parse(_ arguments: [String], options: [ParsedArguments.Option]) throws -> ParsedArguments? {
    if arguments.contains("-h") || arguments.contains("--help") {
      Console.printHelp(help)
      return nil
    }
    return try ParsedArguments(arguments, options: options, help: help)
  }
}
