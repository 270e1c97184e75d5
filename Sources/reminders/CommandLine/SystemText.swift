#if canImport(Glibc)
  import Glibc
#endif

/// The command line and the environment as the kernel hands them over: bytes, which are text only
/// when they are UTF-8. Swift's own views repair bad bytes into U+FFFD, which would make
/// `--db $'caf\xe9.sqlite'` open (and create) a file with another name; here such a value is
/// refused instead, with its bytes shown.
enum SystemText {
  /// The arguments after the program's name.
  static func arguments() throws -> [String] {
    try (1..<Int(CommandLine.argc)).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return "" }
      return try text(argument) {
        "argument \(index) ('\($0)') is not UTF-8 text, and reminders reads paths and text as UTF-8: "
          + "for a file, rename it or link it under a UTF-8 name (ln -s)"
      }
    }
  }

  /// An environment variable's value, if set.
  static func environment(_ name: String) throws -> String? {
    guard let value = getenv(name) else { return nil }
    return try text(value) {
      "the environment variable \(name) ('\($0)') is not UTF-8 text: set it to a UTF-8 path"
    }
  }

  private static func text(_ bytes: UnsafePointer<CChar>, _ problem: (String) -> String) throws -> String {
    if let text = String(validatingCString: bytes) { return text }
    let raw = UnsafeBufferPointer(start: bytes, count: strlen(bytes)).map { UInt8(bitPattern: $0) }
    throw CommandError.failure(problem(escaped(raw)))
  }

  /// The bytes as text, each byte that is not part of valid UTF-8 written `\xNN`.
  static func escaped(_ bytes: [UInt8]) -> String {
    var result = ""
    var index = 0
    while index < bytes.count {
      var iterator = bytes[index...].makeIterator()
      var parser = Unicode.UTF8.ForwardParser()
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        result.unicodeScalars.append(Unicode.UTF8.decode(encoded))
        index += encoded.count
      case .error(let length):
        for byte in bytes[index..<index + length] {
          result += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        index += length
      case .emptyInput:
        index = bytes.count
      }
    }
    return result
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
