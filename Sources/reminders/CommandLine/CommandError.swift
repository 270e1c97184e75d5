import RemindersKit

/// An error a command reports on standard error, with the exit status it ends with.
struct CommandError: Error, CustomStringConvertible {
  let code: ExitCode
  let message: String
  /// The help of the command that was misused, printed after a usage error.
  var usage: String?

  static func usage(_ message: String, help: String) -> Self {
    CommandError(code: .usage, message: message, usage: help)
  }

  static func notFound(_ message: String) -> Self { CommandError(code: .notFound, message: message) }

  static func failure(_ message: String) -> Self { CommandError(code: .failure, message: message) }

  /// The database could not be opened.
  static func cannotOpen(_ path: String, _ error: any Error) -> Self {
    .failure(ProblemMessage.describe(error, databasePath: path))
  }

  var description: String { message }
}
