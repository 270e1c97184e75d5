/// The exit statuses scripts can rely on.
enum ExitCode: Int32, Sendable {
  /// Done.
  case success = 0
  /// The command could not do its work: the database could not be opened or written, a file
  /// could not be read, the data was invalid.
  case failure = 1
  /// The command line was wrong: an unknown command or option, a missing or malformed value.
  case usage = 2
  /// What the command names does not exist or matches more than one thing.
  case notFound = 3
}
