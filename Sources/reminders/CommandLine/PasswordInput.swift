import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Passwords for the sync server: from a file's first line, or typed at a terminal without echo.
/// Never from the command line, where `ps` would show them.
enum PasswordInput {
  /// `-` reads the standard input, as many tools do.
  static func read(file path: String) throws -> String {
    let path = path == "-" ? "/dev/stdin" : path
    // Read as a stream: /dev/stdin and a shell's <(…) are pipes, with no size to read up to.
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw CommandError.failure(
        "could not open the password file \(path) (\(String(cString: strerror(errno)))): check the path, and "
          + "that you may read the file")
    }
    defer { try? handle.close() }
    let data: Data
    do {
      data = try handle.readToEnd() ?? Data()
    } catch {
      throw CommandError.failure(
        "could not read the password file \(path) (\(error.localizedDescription)): give a file with the password on its first line"
      )
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw CommandError.failure(
        "the password file \(path) is not UTF-8 text: save it as UTF-8, the password on its first line")
    }
    let password =
      text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
    guard !password.isEmpty else { throw CommandError.failure("the password file \(path) is empty") }
    return password
  }

  /// Asks without echo (twice when `confirming` a new password). Only on a terminal: a script
  /// passes --password-file.
  static func prompt(for name: String, confirming: Bool, help: String) throws -> String {
    guard isatty(STDIN_FILENO) == 1 else {
      throw CommandError.usage(
        "give the password with --password-file FILE (the input is not a terminal)", help: help)
    }
    func ask(_ prompt: String) -> String {
      Console.prompt(prompt)
      var settings = termios()
      tcgetattr(STDIN_FILENO, &settings)
      var quiet = settings
      quiet.c_lflag &= ~tcflag_t(ECHO)
      tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
      defer {
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        Console.prompt("\n")
      }
      return readLine() ?? ""
    }
    let first = ask("Password for \(name): ")
    guard !first.isEmpty else { throw CommandError.failure("the password is empty") }
    if confirming {
      guard ask("Again: ") == first else { throw CommandError.failure("the passwords differ") }
    }
    return first
  }
}
