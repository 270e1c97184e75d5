/// What the command line asks for.
enum Command {
  case help
  case run(Options)

  static let usage = """
    usage: sqlitedata-bench [--filter NAME] [--json PATH] [--iterations N]

      --filter NAME     run only the workloads whose name contains NAME (case-insensitive)
      --json PATH       also write the results to PATH as a JSON array
      --iterations N    timed iterations per workload, after 2 warm-up ones (default 15)
      --help            show this help
    """

  /// Parses the arguments after the program name. `--flag value` and `--flag=value` both work.
  init(arguments: [String]) throws(UsageError) {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      var flag = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        flag = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else { throw UsageError("\(flag) needs a value") }
        return next
      }
      switch flag {
      case "--help", "-h":
        self = .help
        return
      case "--filter":
        options.filter = try value()
      case "--json":
        options.jsonPath = try value()
      case "--iterations":
        let text = try value()
        guard let count = Int(text), count > 0 else {
          throw UsageError("--iterations needs a positive whole number, not '\(text)'")
        }
        options.iterations = count
      default:
        throw UsageError("unknown argument '\(argument)'")
      }
    }
    self = .run(options)
  }
}

struct Options {
  var filter: String?
  var jsonPath: String?
  var iterations = 15

  func includes(_ workload: Workload) -> Bool {
    guard let filter else { return true }
    return workload.name.lowercased().contains(filter.lowercased())
  }
}

/// A command line that cannot be run; the message is shown above the usage.
struct UsageError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
