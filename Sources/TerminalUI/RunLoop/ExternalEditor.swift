import CNCursesW

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why text could not be edited in an external editor.
public enum ExternalEditorError: Error, Equatable, CustomStringConvertible {
  case cannotCreateFile(path: String)
  case cannotStart(command: String)
  case failed(command: String, status: Int32)

  public var description: String {
    switch self {
    case .cannotCreateFile(let path): "Cannot create the temporary file \(path)."
    case .cannotStart(let command): "Cannot start the editor \"\(command)\"."
    case .failed(let command, let status): "The editor \"\(command)\" exited with status \(status)."
    }
  }
}

/// Edits text in the user's editor (`$VISUAL`, then `$EDITOR`, then `vi`) through a temporary
/// file.
public enum ExternalEditor {
  /// The editor command line, which may include arguments (`code --wait`).
  public static var command: String {
    for name in ["VISUAL", "EDITOR"] {
      if let value = Environment.value(name), !value.allSatisfy(\.isWhitespace) { return value }
    }
    return "vi"
  }

  /// Writes `text` to a temporary file, runs the editor on it and waits, and returns the file's
  /// contents afterwards. The caller hands the terminal over first (`MainLoop.withTerminalSuspended`,
  /// or `MainLoop.edit`).
  public static func edit(_ text: String, fileExtension: String = "txt", command: String = command)
    throws(ExternalEditorError) -> String
  {
    let directory = Environment.value("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    let suffix = "." + fileExtension.filter { $0.isLetter || $0.isNumber }
    var template = Array("\(directory)/edit-XXXXXX\(suffix)".utf8CString)
    let fd = mkstemps(&template, Int32(suffix.utf8.count))
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard fd >= 0 else { throw .cannotCreateFile(path: path) }
    defer { unlink(path) }
    let written = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    guard written == text.utf8.count else { throw .cannotCreateFile(path: path) }

    // The shell splits the command into words, so editors with arguments work; the file name
    // is passed as a separate argument and never parsed.
    let status = try run(["/bin/sh", "-c", "\(command) \"$1\"", "sh", path], command: command)
    guard status == 0 else { throw .failed(command: command, status: status) }
    return try contents(ofFile: path)
  }

  private static func run(_ arguments: [String], command: String) throws(ExternalEditorError) -> Int32 {
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    defer { for argument in argv { free(argument) } }
    // The editor gets the terminal and nothing else of this program's: not its database files,
    // nor a socket by which another child's end is noticed.
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1)
    var pid = pid_t()
    guard posix_spawn(&pid, "/bin/sh", &actions, nil, &argv, environ) == 0 else {
      throw .cannotStart(command: command)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw .cannotStart(command: command) }
    }
    // WIFEXITED and WEXITSTATUS, which Swift cannot import as macros.
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  private static func contents(ofFile path: String) throws(ExternalEditorError) -> String {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw .cannotCreateFile(path: path) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(fd, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension MainLoop {
  /// Suspends the interface, edits `text` in the user's editor, and redraws.
  public func edit(_ text: String, fileExtension: String = "txt") throws(ExternalEditorError) -> String {
    try withTerminalSuspended { () throws(ExternalEditorError) in
      try ExternalEditor.edit(text, fileExtension: fileExtension)
    }
  }
}
