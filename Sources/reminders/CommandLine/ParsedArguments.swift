/// A command's arguments split into options and positional values, checked against the options
/// the command declares: `--name value`, `--name=value`, `-n value`, flags, and `--` to end options.
struct ParsedArguments {
  /// An option a command accepts.
  struct Option {
    let names: [String]
    let takesValue: Bool
    /// May be given more than once (`--tag a --tag b`).
    var repeats = false

    static func flag(_ names: String...) -> Self { Option(names: names, takesValue: false) }
    static func value(_ names: String...) -> Self { Option(names: names, takesValue: true) }
    static func values(_ names: String...) -> Self { Option(names: names, takesValue: true, repeats: true) }
  }

  private(set) var positional: [String] = []
  private var values: [String: [String]] = [:]
  private var flags: Set<String> = []

  /// Parses `arguments`; `help` is shown with any usage error.
  init(_ arguments: some Sequence<String>, options: [Option], help: String) throws {
    var byName: [String: Option] = [:]
    for option in options { for name in option.names { byName[name] = option } }
    var remaining = Array(arguments)[...]
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" || Self.isNumber(argument) {
        positional.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = byName[name] else {
        throw CommandError.usage("unknown option '\(name)'", help: help)
      }
      let key = option.names[0]
      if option.takesValue {
        guard let value = inlineValue ?? remaining.popFirst() else {
          throw CommandError.usage("\(name) needs a value", help: help)
        }
        if !option.repeats, values[key] != nil {
          throw CommandError.usage("\(name) is given more than once", help: help)
        }
        values[key, default: []].append(value)
      } else {
        if inlineValue != nil { throw CommandError.usage("\(name) takes no value", help: help) }
        flags.insert(key)
      }
    }
  }

  /// Whether a flag was given (by any of its names; pass the first).
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// Whether an option was given, flag or value.
  func gave(_ option: Option) -> Bool { flags.contains(option.names[0]) || values[option.names[0]] != nil }

  /// The value of an option given once, if given.
  func value(_ option: String) -> String? { values[option]?.last }

  /// Every value of a repeatable option, in order.
  func all(_ option: String) -> [String] { values[option] ?? [] }

  /// `-3` is a value, not an option.
  private static func isNumber(_ text: String) -> Bool { Double(text) != nil }
}
